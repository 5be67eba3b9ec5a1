/** How long one test file took, from the runner's first word about it to its last. */
export interface FileTiming {
  project: string;
  file: string;
  seconds: number;
  /** When it started and ended, in ms on one clock: shows how projects overlapped. */
  startedAt: number;
  endedAt: number;
}

const SLOWEST = 10;

const seconds = (value: number) => value.toFixed(1);

/**
 * The timing block printed at the end of a run: the wall time, each project's files, the sum
 * of their times and the span from its first file's start to its last one's end (a span shorter
 * than the sum means files ran side by side), then the slowest files.
 */
export function formatRunTiming(wallSeconds: number, files: readonly FileTiming[]): string {
  const projects = new Map<string, FileTiming[]>();
  for (const file of files)
    projects.set(file.project, [...(projects.get(file.project) ?? []), file]);
  const width = Math.max(7, ...[...projects.keys()].map((name) => name.length));
  const lines = [`Time: ${seconds(wallSeconds)} s for the whole run, ${files.length} files`];
  lines.push(`  ${"project".padEnd(width)}  files   summed s     span s`);
  const byName = [...projects.entries()].sort(([a], [b]) => a.localeCompare(b));
  for (const [name, own] of byName) {
    const summed = own.reduce((total, file) => total + file.seconds, 0);
    const span =
      (Math.max(...own.map((file) => file.endedAt)) -
        Math.min(...own.map((file) => file.startedAt))) /
      1000;
    lines.push(
      `  ${name.padEnd(width)}  ${String(own.length).padStart(5)}  ${seconds(summed).padStart(9)}  ${seconds(span).padStart(9)}`,
    );
  }
  const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST);
  lines.push(`Slowest ${slowest.length} files:`);
  for (const file of slowest) {
    lines.push(
      `  ${seconds(file.seconds).padStart(7)} s  ${file.project.padEnd(width)}  ${file.file}`,
    );
  }
  return lines.join("\n");
}
