import v8 from "node:v8";

/** How far V8's old generation may grow past what the last full collection kept, in percent. */
const BURST_GROWTH_PERCENT = 20;
const FLAG = "--heap-growing-percent";

let holders = 0;
let operatorChoice: boolean | undefined;

/**
 * Full collections sooner while a burst of work runs (a refresh round), V8's own pace the rest
 * of the time. A round promotes the garbage of storing entries: with V8's dynamic factor (about
 * 2 on a small heap) the old generation commits ~62 MB before it collects, ~42 MB when it may
 * only grow by a fifth (PostgreSQL, 1,000 feeds: peak 170-185 -> 150-155 MB). Serving requests
 * is the opposite case: at 100 connections every request's objects outlive a few scavenges and
 * are promoted, and a fifth's growth then means a full collection every few hundred requests
 * (a PostgreSQL timeline request cost 1.22-1.48 ms of CPU with the flag for the whole process,
 * 0.78-0.95 without). V8 reads the flag at each collection, so it can be set and cleared here.
 * Returns the release; the policy ends when the last holder releases (V8 sets its next limit
 * by it at the next full collection). Leaves the flag alone when the operator gave it to node.
 */
export function holdTightHeapGrowth(): () => void {
  if (operatorSetsGrowth()) return () => {};
  if (holders++ === 0) v8.setFlagsFromString(`${FLAG}=${BURST_GROWTH_PERCENT}`);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // 0 is V8's "not set": its dynamic factor again.
    if (--holders === 0) v8.setFlagsFromString(`${FLAG}=0`);
  };
}

/** V8 takes `--heap-growing-percent` and `--heap_growing_percent` alike (NODE_OPTIONS refuses it). */
function operatorSetsGrowth(): boolean {
  operatorChoice ??= process.execArgv.some((argument) =>
    argument.replace(/^--/, "").replaceAll("_", "-").startsWith(FLAG.slice(2)),
  );
  return operatorChoice;
}
