import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FetchError, isFetchError, parseServerError } from "./fetch-error.ts";

describe("parseServerError", () => {
  it("reads {code, message, reason}", () => {
    expect(parseServerError({ code: 2001, message: "Feed not found", reason: "id 1" })).toEqual({
      code: 2001,
      serverMessage: "Feed not found",
      reason: "id 1",
    });
  });

  it("accepts a numeric string code and skips empty or foreign fields", () => {
    expect(parseServerError({ code: "1003", message: "", reason: null })).toEqual({ code: 1003 });
    expect(parseServerError({ code: "INVALID_PASSWORD", message: "Invalid password" })).toEqual({
      serverMessage: "Invalid password",
    });
  });

  it("never throws, whatever the body", () => {
    fc.assert(
      fc.property(fc.anything(), (body) => {
        const fields = parseServerError(body);
        if (fields.code !== undefined) expect(Number.isSafeInteger(fields.code)).toBe(true);
      }),
    );
  });
});

describe("FetchError", () => {
  it("is recognised by isFetchError and by nothing else", () => {
    const error = new FetchError({ method: "GET", url: "u", status: 500 });
    expect(isFetchError(error)).toBe(true);
    expect(isFetchError(new Error("x"))).toBe(false);
    expect(isFetchError({ status: 500 })).toBe(false);
  });

  it("keeps the cause of a network failure in its message", () => {
    const cause = new TypeError("fetch failed");
    const error = new FetchError({ method: "POST", url: "http://h/api/x", status: null, cause });
    expect(error.message).toBe("POST http://h/api/x failed: fetch failed");
    expect(error.cause).toBe(cause);
    expect(error.isNetworkError).toBe(true);
  });
});
