import { describe, expect, it } from "vitest";
import { createSecretBox } from "./secret-box.ts";

describe("integration secret box", () => {
  const box = createSecretBox("test-secret-test-secret-test-secret-1234");

  it("opens what it sealed, only with the same context and key", () => {
    const sealed = box.seal("readwise-token", "user-a\u0000readwiseToken");
    expect(sealed).not.toContain("readwise-token");
    expect(box.open(sealed, "user-a\u0000readwiseToken")).toBe("readwise-token");
    // Copied to another user's row, or another setting: refused.
    expect(box.open(sealed, "user-b\u0000readwiseToken")).toBeNull();
    expect(box.open(sealed, "user-a\u0000zoteroToken")).toBeNull();
    expect(
      createSecretBox("another-secret-another-secret-12345").open(
        sealed,
        "user-a\u0000readwiseToken",
      ),
    ).toBeNull();
    // Each seal has its own nonce; a flipped byte fails the tag.
    expect(box.seal("readwise-token", "c")).not.toBe(box.seal("readwise-token", "c"));
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString("base64url");
    expect(box.open(parts.join("."), "user-a\u0000readwiseToken")).toBeNull();
    expect(box.open("garbage", "c")).toBeNull();
  });
});
