import { describe, expect, it } from "vitest";
import { findInFeed, findInSite, newChallengeCode, placementsOf } from "./challenge-code.ts";

const want = { feedId: "1234567890123", userId: "user-a", code: newChallengeCode() };
const placed = placementsOf(want.feedId, want.userId, want.code);

describe("finding a claim code", () => {
  it("tells the form it was shown in", () => {
    expect(findInFeed(`<rss><channel><description>Hi ${want.code}</description>`, want)).toBe(
      "description",
    );
    expect(findInFeed(`<rss><channel>${placed.element}</channel></rss>`, want)).toBe("element");
    const json = JSON.stringify({ version: "x", [placed.jsonFeedField]: placed.jsonFeedValue });
    expect(findInFeed(json, want)).toBe("json");
    expect(findInSite(`<head>${placed.metaTag}</head>`, want.code)).toBe(true);
    expect(findInSite(`<meta content='${want.code}' name=follow-challenge>`, want.code)).toBe(true);
  });

  it("finds nothing without the person's own code", () => {
    const other = newChallengeCode();
    expect(other).not.toBe(want.code);
    expect(findInFeed(placementsOf(want.feedId, want.userId, other).element, want)).toBeNull();
    expect(findInSite(`<meta name="follow-challenge" content="${other}">`, want.code)).toBe(false);
    expect(findInSite(`<meta name="description" content="${want.code}">`, want.code)).toBe(false);
  });

  it("takes an element naming another feed or person as a plain mention, not the element", () => {
    const elsewhere = placementsOf("9999999999999", want.userId, want.code).element;
    expect(findInFeed(elsewhere, want)).toBe("description");
  });
});
