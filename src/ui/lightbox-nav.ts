/** Where a key moves the lightbox: ← and → step (no wrap), Home and End jump to the ends. */
export function lightboxStep(index: number, count: number, key: string): number | undefined {
  if (count <= 0) return undefined;
  const last = count - 1;
  const clamp = (next: number) => Math.min(last, Math.max(0, next));
  switch (key) {
    case "ArrowLeft":
    case "ArrowUp":
      return clamp(index - 1);
    case "ArrowRight":
    case "ArrowDown":
      return clamp(index + 1);
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return undefined;
  }
}
