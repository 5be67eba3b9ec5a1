import { describe, expect, it } from "vitest";
import { totpAt, totpStepOf } from "./totp.ts";

describe("totpStepOf", () => {
  const key = Buffer.from("12345678901234567890");
  const now = 59_000_000_000;
  const step = Math.floor(now / 30_000);

  it("names the step a code belongs to, within one step of now", () => {
    expect(totpStepOf(key, totpAt(key, now), now)).toBe(step);
    expect(totpStepOf(key, totpAt(key, now - 30_000), now)).toBe(step - 1);
    expect(totpStepOf(key, totpAt(key, now + 30_000), now)).toBe(step + 1);
  });

  it("knows no step for an old, malformed or wrong code", () => {
    expect(totpStepOf(key, totpAt(key, now - 90_000), now)).toBeUndefined();
    expect(totpStepOf(key, "12345", now)).toBeUndefined();
    expect(totpStepOf(key, "abcdef", now)).toBeUndefined();
  });
});
