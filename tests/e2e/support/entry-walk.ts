import type { Page } from "playwright-core";

export interface EntryWalk {
  /** Entries to open: the first entry of the open timeline by a click, then J for each next. */
  steps: number;
  /** Wait for each entry's content to render and return its text (else only open each). */
  read: boolean;
  /** How long one step may take before the walk fails, in ms. */
  stepTimeout: number;
}

/**
 * Opens entry after entry in the entry pane from inside the page, as a reader pressing J does,
 * waiting for the app's own signals (the pane's entry id, then its content state). Driving the
 * walk from the page spares a round trip to the test process for every wait and poll, which
 * made walking hundreds of entries take minutes. Resolves with each step's content text ("" when
 * not read); rejects with the step that stalled.
 *
 * Everything the walk uses is taken before the first entry opens, so content that got into the
 * page and replaced a global could stop the walk (failing it) but not fool it.
 */
export function walkEntries(page: Page, walk: EntryWalk): Promise<string[]> {
  return page.evaluate(async ({ steps, read, stepTimeout }) => {
    const doc = document;
    const query = Document.prototype.querySelector;
    const getAttribute = Element.prototype.getAttribute;
    const dispatch = EventTarget.prototype.dispatchEvent;
    const click = HTMLElement.prototype.click;
    const focus = HTMLElement.prototype.focus;
    const textOf = Object.getOwnPropertyDescriptor(Node.prototype, "textContent")!.get!;
    const activeOf = Object.getOwnPropertyDescriptor(Document.prototype, "activeElement")!.get!;
    const wait = setTimeout;
    const now = performance.now.bind(performance);
    const KeyboardEventType = KeyboardEvent;
    const PointerEventType = PointerEvent;
    const $ = (selector: string) => query.call(doc, selector) as HTMLElement | null;
    const attribute = (element: Element | null, name: string) =>
      element ? getAttribute.call(element, name) : null;

    const until = <T>(check: () => T | undefined, what: string) =>
      new Promise<T>((resolve, reject) => {
        const started = now();
        const tick = () => {
          const value = check();
          if (value !== undefined) resolve(value);
          else if (now() - started > stepTimeout) reject(new Error(what));
          else wait(tick, 10);
        };
        tick();
      });

    const texts: string[] = [];
    for (let step = 0; step < steps; step += 1) {
      const before = attribute($('[data-testid="entry-view"]'), "data-entry-id");
      if (step === 0) {
        const link = await until(
          () => $('[data-testid="entry-link"]') ?? undefined,
          "an entry link in the timeline",
        );
        // As a pointer would: the timeline becomes the area the keys act in, then the click.
        dispatch.call(link, new PointerEventType("pointerdown", { bubbles: true }));
        focus.call(link);
        click.call(link);
      } else {
        // Where a key press lands: the focused element, or the body.
        const target = (activeOf.call(doc) as Element | null) ?? doc.body;
        const init = { key: "j", code: "KeyJ", bubbles: true, cancelable: true };
        dispatch.call(target, new KeyboardEventType("keydown", init));
      }
      const opened = await until(() => {
        const id = attribute($('[data-testid="entry-view"]'), "data-entry-id");
        return id !== null && id !== before ? id : undefined;
      }, `the pane left ${before} at step ${step}`);
      if (!read) {
        texts.push("");
        continue;
      }
      await until(() => {
        const view = $('[data-testid="entry-view"]');
        const ready =
          attribute(view, "data-entry-id") === opened &&
          attribute(view, "data-content") !== "loading";
        return ready ? true : undefined;
      }, `content of step ${step}`);
      texts.push(String(textOf.call($('[data-testid="entry-content"]') ?? doc.createTextNode(""))));
    }
    return texts;
  }, walk);
}
