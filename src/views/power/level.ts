/** The reward multiplier's bounds: activity raises it from 1x to 5x. */
export const MIN_MULTIPLIER = 1;
export const MAX_MULTIPLIER = 5;

/** The multiplier of a level, kept inside 1x to 5x (a wallet without a level earns 1x). */
export function multiplierOf(level: number | null | undefined): number {
  if (level === null || level === undefined || !Number.isFinite(level)) return MIN_MULTIPLIER;
  return Math.min(MAX_MULTIPLIER, Math.max(MIN_MULTIPLIER, Math.floor(level)));
}

/**
 * How far the activity points are from the previous level's threshold to the next, 0..1, for a
 * progress bar; 1 at the top level.
 */
export function levelProgress(level: {
  prevActivityPoints: number;
  activityPoints: number;
  nextActivityPoints?: number | null;
}): number {
  const next = level.nextActivityPoints;
  if (next === null || next === undefined) return 1;
  const span = next - level.prevActivityPoints;
  if (span <= 0) return 1;
  return Math.min(1, Math.max(0, (level.activityPoints - level.prevActivityPoints) / span));
}
