/**
 * The CSS aspect ratio of a Pictures tile (the thumbnailRatio setting): `square` crops every tile
 * square; `original` keeps the picture's ratio, from the feed's width and height when it gave
 * them (so the masonry lays the tile out right the first time) or else from the picture itself
 * once loaded (square until then).
 */
export function tileRatio(
  setting: "original" | "square",
  known: { width?: number | undefined; height?: number | undefined } | undefined,
  natural?: { width: number; height: number } | undefined,
): string {
  if (setting === "square") return "1 / 1";
  const size = usable(known) ?? usable(natural);
  return size ? `${size.width} / ${size.height}` : "1 / 1";
}

function usable(
  size: { width?: number | undefined; height?: number | undefined } | undefined,
): { width: number; height: number } | undefined {
  const width = size?.width;
  const height = size?.height;
  if (!width || !height || !(width > 0) || !(height > 0)) return undefined;
  if (!Number.isFinite(width) || !Number.isFinite(height)) return undefined;
  // A 1x10000 banner would make a tile taller than any screen: keep it within 1:4 and 4:1.
  const ratio = Math.min(4, Math.max(0.25, width / height));
  return ratio === width / height ? { width, height } : { width: ratio * 1000, height: 1000 };
}
