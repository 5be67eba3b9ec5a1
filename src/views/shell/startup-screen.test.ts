import { describe, expect, it } from "vitest";
import { startsOnSubscriptions } from "./startup-screen.ts";

describe("start-up screen", () => {
  it("opens on the subscriptions only when chosen and the app lands on a timeline", () => {
    expect(startsOnSubscriptions("subscription", "/timeline/view-0/all/pending")).toBe(true);
    expect(startsOnSubscriptions("timeline", "/timeline/view-0/all/pending")).toBe(false);
    // A deep link to an entry or a page is where the user meant to go.
    expect(startsOnSubscriptions("subscription", "/timeline/view-0/all/12345")).toBe(false);
    expect(startsOnSubscriptions("subscription", "/settings/general")).toBe(false);
  });
});
