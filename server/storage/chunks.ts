/** `items` in consecutive chunks, each as long as the largest of `sizes` that still fits. */
export function shapedChunks<T>(items: readonly T[], sizes: readonly number[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; ) {
    const size = sizes.find((s) => s <= items.length - i) ?? 1;
    out.push(items.slice(i, i + size));
    i += size;
  }
  return out;
}
