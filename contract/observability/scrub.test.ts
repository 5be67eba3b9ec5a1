import { describe, expect, it } from "vitest";
import { isDroppedError, scrubEvent, scrubString } from "./scrub.ts";

describe("error report scrubbing", () => {
  it("removes e-mail addresses, bearer tokens, secret parameters and long opaque runs", () => {
    const text = scrubString(
      "ada@example.org failed: Bearer abc.def-ghi /reset?token=s3cr3t&x=1 session 9fJq2LmZx0aB7cD8eF9gH1iJ2kL3mN4oP5",
    );
    expect(text).not.toContain("ada@example.org");
    expect(text).not.toContain("abc.def-ghi");
    expect(text).not.toContain("s3cr3t");
    expect(text).not.toContain("9fJq2LmZx0aB7cD8eF9gH1iJ2kL3mN4oP5");
    expect(text).toContain("x=1");
  });

  it("keeps trace ids and drops request bodies, headers, cookies and user details", () => {
    const traceId = "0f0e0d0c-0b0a-0908-0706-050403020100";
    const event = scrubEvent({
      message: `failed under ${traceId}`,
      request: {
        url: "https://app.test/api/entries?id=1&token=abc",
        headers: { cookie: "session=xyz" },
        data: "<p>entry content</p>",
      },
      user: { id: "u1", email: "ada@example.org", ip_address: "10.0.0.1" },
      extra: { content: "<p>entry content</p>", title: "An entry's title" },
    });
    expect(event.message).toContain(traceId);
    expect(event.request).toEqual({ url: "https://app.test/api/entries" });
    expect(event.user).toEqual({ id: "u1" });
    expect(JSON.stringify(event)).not.toContain("entry content");
    expect(JSON.stringify(event)).not.toContain("An entry's title");
  });

  it("drops the errors of SPEC §8's list and aborts, and keeps the rest", () => {
    expect(isDroppedError(new TypeError("Failed to fetch"))).toBe(true);
    expect(isDroppedError(new Error("request to x failed: fetch failed"))).toBe(true);
    expect(isDroppedError(Object.assign(new Error("nope"), { name: "NotSupportedError" }))).toBe(
      true,
    );
    expect(isDroppedError(Object.assign(new Error("stop"), { name: "AbortError" }))).toBe(true);
    expect(isDroppedError("Document is not focused.")).toBe(true);
    expect(isDroppedError(new Error("network error while syncing"))).toBe(true);
    expect(isDroppedError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isDroppedError(undefined)).toBe(false);
  });
});
