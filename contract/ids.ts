/**
 * Entity ids: decimal strings of 13-19 digits holding a snowflake whose upper bits are
 * milliseconds since ID_EPOCH. The low 22 bits are a 10-bit worker id and a 12-bit sequence, so
 * the time part is 41 bits and the whole value fits a signed 64-bit integer.
 */
export const ID_EPOCH = 1712546615000;
export const ID_TIME_BITS = 41n;
export const ID_WORKER_BITS = 10n;
export const ID_SEQUENCE_BITS = 12n;
export const ID_MIN_YEAR = 2024;
export const ID_MAX_YEAR = 2050;
export const INT64_MAX = 9223372036854775807n;

const SHIFT = ID_WORKER_BITS + ID_SEQUENCE_BITS;
const MAX_SEQUENCE = (1n << ID_SEQUENCE_BITS) - 1n;
const MAX_WORKER = (1n << ID_WORKER_BITS) - 1n;
const ID_PATTERN = /^\d{13,19}$/;

/** The creation time (ms since the Unix epoch) encoded in an id. */
export function idTimestamp(id: string): number {
  return Number(BigInt(id) >> SHIFT) + ID_EPOCH;
}

export function isEntityId(value: unknown): value is string {
  if (typeof value !== "string" || !ID_PATTERN.test(value)) return false;
  const n = BigInt(value);
  if (n > INT64_MAX) return false;
  const year = new Date(idTimestamp(value)).getUTCFullYear();
  return year >= ID_MIN_YEAR && year <= ID_MAX_YEAR;
}

/** Builds the id for a given time, worker and sequence; throws outside the valid ranges. */
export function composeId(timestampMs: number, worker = 0, sequence = 0): string {
  const time = BigInt(Math.floor(timestampMs - ID_EPOCH));
  if (time < 0n || time >= 1n << ID_TIME_BITS) throw new RangeError("id time out of range");
  if (worker < 0 || BigInt(worker) > MAX_WORKER) throw new RangeError("id worker out of range");
  if (sequence < 0 || BigInt(sequence) > MAX_SEQUENCE)
    throw new RangeError("id sequence out of range");
  return ((time << SHIFT) | (BigInt(worker) << ID_SEQUENCE_BITS) | BigInt(sequence)).toString();
}

/**
 * A monotonic id generator for one process. Ids from one generator strictly increase, even when
 * the clock stands still or steps back (the last time is reused and the sequence advances).
 */
export function createIdGenerator(options: { worker?: number; now?: () => number } = {}) {
  const worker = options.worker ?? 0;
  const now = options.now ?? Date.now;
  let lastTime = 0;
  let sequence = 0;
  return function nextId(): string {
    // Whole milliseconds: a fractional clock would reset the sequence within one id time.
    let time = Math.max(Math.floor(now()), lastTime, ID_EPOCH);
    if (time === lastTime) {
      sequence += 1;
      if (BigInt(sequence) > MAX_SEQUENCE) {
        // Sequence exhausted within one millisecond: borrow the next one.
        time += 1;
        sequence = 0;
      }
    } else {
      sequence = 0;
    }
    lastTime = time;
    return composeId(time, worker, sequence);
  };
}
