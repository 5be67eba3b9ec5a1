import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { afterContentPainted } from "../platform/first-paint.ts";
import { onControlEvent } from "../shortcuts/bus.ts";
import { Modal } from "../ui/modal.tsx";
import { Spinner } from "../ui/spinner.tsx";

// cmdk and the palette's items load with the first Ctrl/Cmd+K (or, once the first content is
// painted, when the browser is idle), keeping them out of the timeline's initial JavaScript.
const loadContent = () => import("./palette-content.tsx");
const PaletteContent = lazy(() => loadContent().then((m) => ({ default: m.PaletteContent })));

/** The palette's search field while its chunk loads: focused at once, so no keystroke is lost. */
function PaletteStandIn(props: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation("controls", { useSuspense: false });
  return (
    <div>
      <div className="flex items-center gap-2 border-b border-zinc-200 px-4 dark:border-zinc-800">
        <Spinner size={16} />
        <input
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          data-autofocus
          aria-label={t("palette.title")}
          placeholder={t("palette.placeholder")}
          data-testid="palette-input-loading"
          className="h-12 w-full bg-transparent text-[15px] outline-none placeholder:text-zinc-400"
        />
      </div>
      <div className="h-24" />
    </div>
  );
}

/** The command palette (Ctrl/Cmd+K), a modal over whatever route is shown. */
export function CommandPalette({ web }: { web: boolean }) {
  const { t } = useTranslation("controls", { useSuspense: false });
  const [open, setOpen] = useState(false);
  // A new key per opening starts every search empty.
  const [session, setSession] = useState(0);
  // What was typed before the palette's chunk arrived (the first opening of a page load): the
  // stand-in field takes the keystrokes and the real one starts from them.
  const [draft, setDraft] = useState("");

  useEffect(
    () =>
      onControlEvent("command-palette", () => {
        setSession((n) => n + 1);
        setDraft("");
        setOpen(true);
      }),
    [],
  );

  // Prefetch once the first content is painted (or 3 s passed) and the browser is idle: the
  // main thread idles while the database worker boots, which is before the first rows.
  useEffect(() => {
    let cancelled = false;
    void afterContentPainted(3000).then(() => {
      if (cancelled) return;
      const idle =
        window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
      idle(() => void loadContent().catch(() => undefined));
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <Modal
      open={open}
      onClose={() => setOpen(false)}
      label={t("palette.title")}
      testId="command-palette"
      className="mx-auto mt-[12vh] mb-auto w-[min(40rem,calc(100vw-2rem))]"
    >
      <Suspense fallback={<PaletteStandIn value={draft} onChange={setDraft} />}>
        <PaletteContent
          key={session}
          web={web}
          initialQuery={draft}
          onDone={() => setOpen(false)}
        />
      </Suspense>
    </Modal>
  );
}
