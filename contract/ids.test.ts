import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  composeId,
  createIdGenerator,
  ID_EPOCH,
  INT64_MAX,
  idTimestamp,
  isEntityId,
} from "./ids.ts";

const START_2051 = Date.UTC(2051, 0, 1);
const MAX_TIME = ID_EPOCH + 2 ** 41 - 1;
// Ids minted in the first ~4 minutes after the epoch have under 13 digits; none exist in practice.
const FIRST_13_DIGIT_TIME = ID_EPOCH + Math.ceil(10 ** 12 / 2 ** 22);

const worker = fc.integer({ min: 0, max: 1023 });
const sequence = fc.integer({ min: 0, max: 4095 });
const validTime = fc.integer({ min: FIRST_13_DIGIT_TIME, max: START_2051 - 1 });

describe("composeId / idTimestamp", () => {
  it("round-trip over the whole 2024-2050 range", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: ID_EPOCH, max: START_2051 - 1 }),
        worker,
        sequence,
        (t, w, s) => {
          const id = composeId(t, w, s);
          expect(idTimestamp(id)).toBe(t);
          expect(isEntityId(id)).toBe(id.length >= 13);
        },
      ),
    );
  });

  it("ids of 2024-2050 after the first minutes are valid entity ids", () => {
    fc.assert(
      fc.property(validTime, worker, sequence, (t, w, s) => {
        expect(isEntityId(composeId(t, w, s))).toBe(true);
      }),
    );
    expect(isEntityId(composeId(START_2051 - 1, 1023, 4095))).toBe(true);
  });

  it("orders ids by time, then worker, then sequence", () => {
    fc.assert(
      fc.property(validTime, validTime, worker, sequence, (a, b, w, s) => {
        fc.pre(a < b);
        expect(BigInt(composeId(a, 1023, 4095)) < BigInt(composeId(b, w, s))).toBe(true);
      }),
    );
  });

  it("refuses times, workers and sequences out of range", () => {
    expect(() => composeId(ID_EPOCH - 1)).toThrow(RangeError);
    expect(() => composeId(MAX_TIME + 1)).toThrow(RangeError);
    expect(() => composeId(Date.UTC(2030, 0, 1), 1024)).toThrow(RangeError);
    expect(() => composeId(Date.UTC(2030, 0, 1), 0, 4096)).toThrow(RangeError);
    expect(() => composeId(Date.UTC(2030, 0, 1), -1)).toThrow(RangeError);
    expect(BigInt(composeId(MAX_TIME, 1023, 4095))).toBe(INT64_MAX);
  });
});

describe("isEntityId rejects", () => {
  it("strings of 1 to 12 digits", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,12}$/), (s) => {
        expect(isEntityId(s)).toBe(false);
      }),
    );
  });

  it("strings of 20 digits or more", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{20,40}$/), (s) => {
        expect(isEntityId(s)).toBe(false);
      }),
    );
  });

  it("anything holding a non-digit, even around a valid id", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => /\D/.test(s)),
        (s) => {
          expect(isEntityId(s)).toBe(false);
        },
      ),
    );
    const id = composeId(Date.UTC(2030, 5, 1), 3, 7);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: id.length - 1 }),
        fc.string({ minLength: 1, maxLength: 1 }).filter((c) => /\D/.test(c)),
        (at, c) => {
          expect(isEntityId(id.slice(0, at) + c + id.slice(at + 1))).toBe(false);
        },
      ),
    );
    for (const bad of [` ${id}`, `${id}\n`, `-${id}`, `+${id}`, `${id}.0`, "1e15", ""]) {
      expect(isEntityId(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("values above the signed 64-bit maximum", () => {
    expect(isEntityId(INT64_MAX.toString())).toBe(false); // decodes to 2093
    fc.assert(
      fc.property(fc.bigInt({ min: INT64_MAX + 1n, max: 10n ** 19n - 1n }), (n) => {
        expect(isEntityId(n.toString())).toBe(false);
      }),
    );
  });

  it("19-digit ids whose time decodes after 2050", () => {
    fc.assert(
      fc.property(fc.integer({ min: START_2051, max: MAX_TIME }), worker, sequence, (t, w, s) => {
        const id = composeId(t, w, s);
        expect(id).toHaveLength(19);
        expect(new Date(idTimestamp(id)).getUTCFullYear()).toBeGreaterThan(2050);
        expect(isEntityId(id)).toBe(false);
      }),
    );
  });

  it("values that are not strings", () => {
    for (const bad of [1_234_567_890_123_456, 10n ** 15n, null, undefined, {}, ["1234567890123"]]) {
      expect(isEntityId(bad)).toBe(false);
    }
  });
});

describe("createIdGenerator", () => {
  /** Clock readings from a start time and arbitrary steps, including standing still and going back. */
  const clock = fc.record({
    start: fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2049, 0, 1) }),
    steps: fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 300 }),
  });

  function run(start: number, steps: number[], worker = 0) {
    let time = start;
    const readings: number[] = [];
    const next = createIdGenerator({ worker, now: () => time });
    const ids = steps.map((step) => {
      time += step;
      readings.push(time);
      return next();
    });
    return { ids, readings };
  }

  it("makes valid, strictly increasing ids whatever the clock does", () => {
    fc.assert(
      fc.property(clock, worker, ({ start, steps }, w) => {
        const { ids } = run(start, steps, w);
        for (const id of ids) expect(isEntityId(id)).toBe(true);
        for (let i = 1; i < ids.length; i++)
          expect(BigInt(ids[i]!) > BigInt(ids[i - 1]!)).toBe(true);
      }),
    );
  });

  it("encodes the latest clock reading seen, so a forward-moving clock decodes back exactly", () => {
    fc.assert(
      fc.property(clock, ({ start, steps }) => {
        const { ids, readings } = run(start, steps);
        let latest = Number.NEGATIVE_INFINITY;
        ids.forEach((id, i) => {
          latest = Math.max(latest, readings[i]!);
          expect(idTimestamp(id)).toBe(latest);
        });
      }),
    );
  });

  it("keeps ids unique on a fractional clock", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2049, 0, 1) }),
        fc.array(fc.double({ min: 0, max: 0.9, noNaN: true }), { minLength: 2, maxLength: 50 }),
        (start, offsets) => {
          let time = start;
          const next = createIdGenerator({ now: () => time });
          const ids = offsets.map((offset) => {
            time = start + offset;
            return next();
          });
          expect(new Set(ids).size).toBe(ids.length);
        },
      ),
    );
  });

  it("borrows the next millisecond when 4096 ids are asked within one", () => {
    const at = Date.UTC(2030, 0, 1);
    const next = createIdGenerator({ now: () => at });
    const ids = Array.from({ length: 5000 }, next);
    expect(new Set(ids).size).toBe(5000);
    expect(idTimestamp(ids[4095]!)).toBe(at);
    expect(idTimestamp(ids[4096]!)).toBe(at + 1);
    for (let i = 1; i < ids.length; i++) expect(BigInt(ids[i]!) > BigInt(ids[i - 1]!)).toBe(true);
  });

  it("puts the worker in the id so two processes never collide", () => {
    const at = Date.UTC(2030, 0, 1);
    const a = createIdGenerator({ worker: 1, now: () => at });
    const b = createIdGenerator({ worker: 2, now: () => at });
    const ids = new Set([...Array.from({ length: 100 }, a), ...Array.from({ length: 100 }, b)]);
    expect(ids.size).toBe(200);
  });
});
