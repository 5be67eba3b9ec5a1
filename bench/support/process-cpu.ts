import { readFileSync } from "node:fs";

/** CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat (Linux). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command (which may hold spaces) start past its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14, 15)
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** USER_HZ: 100 on every Linux architecture Node supports. */
const CLOCK_TICKS_PER_SECOND = 100;

/** Runs `work` and returns its result with the CPU ms the process `pid` spent meanwhile. */
export async function withProcessCpu<T>(pid: number, work: () => Promise<T>) {
  const before = processCpuMs(pid);
  const result = await work();
  return { result, cpuMs: processCpuMs(pid) - before };
}
