/** The new-user guide's steps, in order: what a newcomer needs first. */
export const GUIDE_STEPS = ["welcome", "views", "add", "discover", "shortcuts"] as const;
export type GuideStep = (typeof GUIDE_STEPS)[number];

/** The step after (or before) `index`, kept within the guide. */
export function stepAt(index: number): { step: GuideStep; index: number; last: boolean } {
  const bounded = Math.min(Math.max(0, index), GUIDE_STEPS.length - 1);
  return {
    step: GUIDE_STEPS[bounded]!,
    index: bounded,
    last: bounded === GUIDE_STEPS.length - 1,
  };
}
