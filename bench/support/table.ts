/** A titled table of figures, printed with aligned columns (first column left, others right). */
export interface Table {
  title: string;
  headers: string[];
  rows: Array<Array<string | number>>;
  notes?: string[];
  /** Columns printed left-aligned (text); the first always is, the others default to right. */
  leftAligned?: number[];
}

export function printTable(table: Table): void {
  const cells = [table.headers, ...table.rows.map((row) => row.map(String))];
  const widths = table.headers.map((_, column) =>
    Math.max(...cells.map((row) => (row[column] ?? "").length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 || table.leftAligned?.includes(column)
          ? cell.padEnd(widths[column]!)
          : cell.padStart(widths[column]!),
      )
      .join("  ");
  console.log(`\n${table.title}`);
  console.log(line(table.headers).trimEnd());
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of cells.slice(1)) console.log(line(row).trimEnd());
  for (const note of table.notes ?? []) console.log(`  ${note}`);
}

/** "0.62×" */
export function ratio(value: number, baseline: number): string {
  return baseline > 0 ? `${(value / baseline).toFixed(2)}×` : "n/a";
}

/** Rounds to a few significant digits for display. */
export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}
