/**
 * One running generation that several requests can follow: each follower gets the text written
 * so far, then every later piece, then the end (a repeat asked while it runs joins it).
 */
export type GenerationEvent<R> =
  | { type: "delta"; text: string }
  | { type: "done"; result: R }
  | { type: "error"; error: unknown };

export class Generation<R> {
  private text = "";
  private end: GenerationEvent<R> | null = null;
  private readonly listeners = new Set<(event: GenerationEvent<R>) => void>();
  readonly result: Promise<R>;

  constructor(run: (onDelta: (delta: string) => void) => Promise<R>) {
    this.result = run((delta) => {
      this.text += delta;
      this.emit({ type: "delta", text: delta });
    }).then(
      (result) => {
        this.finish({ type: "done", result });
        return result;
      },
      (error: unknown) => {
        this.finish({ type: "error", error });
        throw error;
      },
    );
    this.result.catch(() => {});
  }

  /** Events from the start: the text so far as one piece, then each new one, then the end. */
  async *follow(): AsyncGenerator<GenerationEvent<R>> {
    const queue: GenerationEvent<R>[] = [];
    let wake: (() => void) | null = null;
    const listener = (event: GenerationEvent<R>) => {
      queue.push(event);
      wake?.();
    };
    if (this.text) queue.push({ type: "delta", text: this.text });
    if (this.end) queue.push(this.end);
    else this.listeners.add(listener);
    try {
      for (;;) {
        const event = queue.shift();
        if (!event) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = null;
          continue;
        }
        yield event;
        if (event.type !== "delta") return;
      }
    } finally {
      this.listeners.delete(listener);
    }
  }

  private emit(event: GenerationEvent<R>) {
    for (const listener of this.listeners) listener(event);
  }

  private finish(event: GenerationEvent<R>) {
    this.end = event;
    this.emit(event);
    this.listeners.clear();
  }
}
