import { createRequire } from "node:module";

type Trim = (pad: number) => number;

let trim: Trim | null | undefined;

/**
 * Hands the C allocator's free pages back to the system (glibc's `malloc_trim`). Freed memory
 * between live allocations stays in glibc's arenas otherwise, resident for as long as the
 * process lives: feed bodies, SQLite's pages and answers leave 10-20 MB of it after a refresh.
 * Node does not expose the call; koffi (an FFI whose prebuilt addon comes with the package)
 * does, loaded on first use so a fresh server does not pay for it. Answers false where there
 * is no glibc (musl, macOS, Windows) or the addon will not load: nothing to do then.
 */
export function trimMalloc(): boolean {
  if (trim === undefined) trim = bindTrim();
  if (!trim) return false;
  trim(0);
  return true;
}

function bindTrim(): Trim | null {
  if (process.platform !== "linux" || process.env.MALLOC_TRIM === "off") return null;
  try {
    // musl has no libc.so.6 (nor malloc_trim): the load throws there.
    const koffi = createRequire(import.meta.url)("koffi") as typeof import("koffi");
    return koffi.load("libc.so.6").func("int malloc_trim(size_t pad)") as Trim;
  } catch {
    return null;
  }
}
