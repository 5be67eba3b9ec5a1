/**
 * How often a feed updates, for the quick add preview: "about 3 entries a week", and for a
 * feed posting less than once a week the monthly figure ("about 2 entries a month") or, below
 * one a month, "rarely updated", never "about 0 entries a week".
 */
export type UpdateCadence =
  | { key: "quickAdd.perWeek" | "quickAdd.perMonth"; count: number }
  | { key: "quickAdd.rarely" };

const WEEKS_PER_MONTH = 52 / 12;

export function updateCadence(updatesPerWeek: number): UpdateCadence {
  const perWeek = Number.isFinite(updatesPerWeek) ? updatesPerWeek : 0;
  if (Math.round(perWeek) >= 1) return { key: "quickAdd.perWeek", count: Math.round(perWeek) };
  const perMonth = Math.round(perWeek * WEEKS_PER_MONTH);
  if (perMonth >= 1) return { key: "quickAdd.perMonth", count: perMonth };
  return { key: "quickAdd.rarely" };
}
