import { Schema } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ErrorBodySchema } from "./error-body.ts";
import {
  ERROR_CODES,
  ERROR_MESSAGES,
  errorBody,
  httpStatusFor,
  INVITATION_REQUIRED_CODE,
  isActivationCode,
  isErrorCode,
  SILENT_ERROR_CODES,
} from "./errors.ts";

/** The catalogue as documented, verbatim. `null`: the documentation abbreviates the wording, so only presence is checked. */
const SPEC_CATALOGUE: Record<number, string | null> = {
  1: "Previous operation is not completed",
  3: "Unprocessable content",
  1000: "Unauthorized",
  1001: "create session failed",
  1002: "Invalid parameter",
  1003: "Invalid invitation",
  1004: "No permission",
  1005: "Internal error",
  1006: "Email not verified",
  1007: "Captcha verification failed",
  1100: "Trial user max feed subscription exceeded",
  1101: null,
  1102: null,
  1103: "Trial user no permission",
  2000: "Only admins can refresh feeds",
  2001: "Feed not found",
  2002: "feedId or url required",
  2003: "Feed fetch error",
  2004: "Feed failed to parse",
  2010: "Ownership challenge failed",
  2011: "Subscription limit exceeded",
  3000: "Entry not found",
  4000: "Already claimed",
  4001: "User wallet error",
  4002: "Insufficient balance",
  4003: "Feed insufficient withdrawable balance",
  4004: "Target user wallet error",
  4005: "Daily power calculation in progress",
  4006: "Invalid boost amount",
  4007: "Invalid two factor code",
  4008: "Two factor code required",
  4010: "Airdrop not eligible",
  4011: "Airdrop is sending",
  4012: "Airdrop already sent",
  4013: "Airdrop not verified",
  5000: "Invitation limit exceeded, try again in a few days",
  5001: "Invitation already exists",
  5002: "Invitation code already used",
  5003: "Invitation code does not exist",
  6000: "User not found",
  7000: "Setting not found",
  7001: "Invalid setting tab",
  7002: "Invalid setting payload",
  7003: "Setting payload too large",
  8000: "List not found",
  8001: "List permission denied",
  8002: "List limit exceeded",
  8003: "Feed already added to list",
  8004: "Cannot delete a list with subscriptions",
  9000: "Achievement not completed",
  9001: null,
  9002: null,
  9003: null,
  10000: "Inbox not found",
  10001: "Inbox already exists",
  10002: "Inbox limit exceeded",
  10003: "Inbox permission denied",
  12000: "Action limit exceeded",
  13000: null,
  13001: null,
  13002: null,
  13003: null,
  13004: null,
  13005: null,
  13006: null,
  13007: null,
  14000: "Invalid file",
  14001: "File too large",
  14002: "Upload failed",
};

describe("error catalogue", () => {
  it("holds exactly the codes of the spec", () => {
    expect([...ERROR_CODES].sort((a, b) => a - b)).toEqual(Object.keys(SPEC_CATALOGUE).map(Number));
  });

  it.each(Object.entries(SPEC_CATALOGUE))("code %s has its message", (code, message) => {
    const actual = (ERROR_MESSAGES as Record<string, string>)[code];
    if (message === null) expect(actual).toMatch(/\S/);
    else expect(actual).toBe(message);
  });

  it("answers every code with a 4xx or 5xx status", () => {
    for (const code of ERROR_CODES) {
      const status = httpStatusFor(code);
      expect(status, String(code)).toBeGreaterThanOrEqual(400);
      expect(status, String(code)).toBeLessThan(600);
    }
  });

  it("uses the statuses the client reactions depend on", () => {
    expect(httpStatusFor(1000)).toBe(401);
    expect(httpStatusFor(INVITATION_REQUIRED_CODE)).toBe(400);
    expect(httpStatusFor(1002)).toBe(400);
    expect(httpStatusFor(1005)).toBe(500);
  });

  it("recognises catalogue codes and nothing else", () => {
    for (const code of ERROR_CODES) expect(isErrorCode(code)).toBe(true);
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)), (value) => {
        expect(isErrorCode(value)).toBe((ERROR_CODES as unknown[]).includes(value));
      }),
    );
    expect(isErrorCode("1000")).toBe(false);
  });

  it("builds error bodies that match the shared schema", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ERROR_CODES),
        fc.option(fc.string(), { nil: undefined }),
        (code, reason) => {
          const body = errorBody(code, reason);
          expect(Schema.decodeUnknownSync(ErrorBodySchema)(body)).toEqual(body);
          expect(body).toEqual({ code, message: ERROR_MESSAGES[code], reason: reason ?? null });
        },
      ),
    );
  });

  it("marks 4007 and 4008 silent and exactly the 11xx codes as activation codes", () => {
    expect([...SILENT_ERROR_CODES]).toEqual([4007, 4008]);
    const activation = ERROR_CODES.filter(isActivationCode);
    expect(activation).toEqual([1100, 1101, 1102, 1103]);
  });
});
