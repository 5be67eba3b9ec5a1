/**
 * The first content painted (the first timeline rows with their entries, or the empty
 * timeline). What the first paint does not need but the app soon will (the sync engine and
 * the command definitions, which bring Effect; the palette's body) loads after it, so it
 * neither delays nor adds to the first paint (issue #5).
 */
let resolvePainted: () => void = () => undefined;
const painted = new Promise<void>((resolve) => {
  resolvePainted = resolve;
});
let marked = false;

/** Called by the view that paints the first content; later calls do nothing. */
export function markContentPainted(): void {
  if (marked) return;
  marked = true;
  // A frame after the one that shows it (animation frame callbacks run before their frame's
  // paint, a task queued from one runs after it), so what waits for it never competes with
  // that paint. Hidden tabs run no frames: callers give a longest wait.
  if (typeof window.requestAnimationFrame !== "function") return void resolvePainted();
  const frame = (then: () => void) => window.requestAnimationFrame(() => window.setTimeout(then));
  frame(() => frame(resolvePainted));
}

/** Resolves once the first content was painted, or after `maxWaitMs` whatever happened. */
export function afterContentPainted(maxWaitMs: number): Promise<void> {
  if (maxWaitMs <= 0) return Promise.resolve();
  return Promise.race([
    painted,
    new Promise<void>((resolve) => window.setTimeout(resolve, maxWaitMs)),
  ]);
}
