/**
 * The one byte range of a `Range: bytes=…` header over `size` bytes, as [start, end]
 * inclusive; undefined when there is none or it cannot be served (the whole body is sent).
 */
export function byteRange(header: string | undefined, size: number): [number, number] | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!match || size === 0 || (match[1] === "" && match[2] === "")) return undefined;
  let start: number;
  let end: number;
  if (match[1] === "") {
    // A suffix: the last N bytes.
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? [start, end] : undefined;
}
