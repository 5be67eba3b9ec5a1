/**
 * The entry toolbar's actions and where each sits (the toolbarOrder setting): on the toolbar
 * ("main", in this order) or in its "more" menu. Stored as the UI setting `toolbarOrder`.
 */
export const TOOLBAR_ACTIONS = [
  "read",
  "star",
  "readability",
  "copyLink",
  "share",
  "openOriginal",
] as const;
export type ToolbarAction = (typeof TOOLBAR_ACTIONS)[number];

export interface ToolbarOrder {
  main: ToolbarAction[];
  more: ToolbarAction[];
}

export const DEFAULT_TOOLBAR_ORDER: ToolbarOrder = { main: [...TOOLBAR_ACTIONS], more: [] };

const isAction = (value: unknown): value is ToolbarAction =>
  typeof value === "string" && (TOOLBAR_ACTIONS as readonly string[]).includes(value);

/**
 * A stored order made whole: unknown names and repeats dropped, every action placed once
 * (one the stored value lacks, say from a newer build, goes at the end of the toolbar).
 */
export function normalizeToolbarOrder(value: unknown): ToolbarOrder {
  const stored = (typeof value === "object" && value !== null ? value : {}) as Partial<
    Record<keyof ToolbarOrder, unknown>
  >;
  const seen = new Set<ToolbarAction>();
  const take = (list: unknown) =>
    (Array.isArray(list) ? list : []).filter((name): name is ToolbarAction => {
      if (!isAction(name) || seen.has(name)) return false;
      seen.add(name);
      return true;
    });
  const main = take(stored.main);
  const more = take(stored.more);
  for (const action of TOOLBAR_ACTIONS) if (!seen.has(action)) main.push(action);
  return { main, more };
}

/** Moves an action one place up (-1) or down (+1) within its group. */
export function moveToolbarAction(
  order: ToolbarOrder,
  action: ToolbarAction,
  delta: -1 | 1,
): ToolbarOrder {
  const group: keyof ToolbarOrder = order.main.includes(action) ? "main" : "more";
  const list = [...order[group]];
  const from = list.indexOf(action);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= list.length) return order;
  [list[from], list[to]] = [list[to]!, list[from]!];
  return { ...order, [group]: list };
}

/** Puts an action on the toolbar or in the "more" menu (at the end of either). */
export function placeToolbarAction(
  order: ToolbarOrder,
  action: ToolbarAction,
  place: keyof ToolbarOrder,
): ToolbarOrder {
  if (order[place].includes(action)) return order;
  const main = order.main.filter((name) => name !== action);
  const more = order.more.filter((name) => name !== action);
  return place === "main" ? { main: [...main, action], more } : { main, more: [...more, action] };
}
