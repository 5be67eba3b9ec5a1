/**
 * Rows that arrived above what the person is reading (new entries pulled live) are held back
 * rather than pushed in over the page, which would move the text under their eyes; the
 * timeline offers them instead ("N new entries"). At the top of the list, or on first show,
 * nothing is held. `known` (the ids shown so far) grows with every row that is let through.
 */
export function holdNewRows(
  rows: readonly { id: string }[],
  known: Set<string>,
  atTop: boolean,
): Set<string> {
  const held = new Set<string>();
  const firstKnown = rows.findIndex((row) => known.has(row.id));
  if (known.size > 0 && !atTop && firstKnown > 0) {
    for (const row of rows.slice(0, firstKnown)) held.add(row.id);
  }
  for (const row of rows) if (!held.has(row.id)) known.add(row.id);
  // Only the rows at hand are compared: ids long gone (a window moved on) are let go.
  if (known.size > 2 * rows.length + 1000) {
    known.clear();
    for (const row of rows) if (!held.has(row.id)) known.add(row.id);
  }
  return held;
}
