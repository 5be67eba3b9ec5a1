import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../settings/storage.ts";
import { GUIDE_STEPS, stepAt } from "./guide-steps.ts";
import {
  GUIDE_PENDING_KEY,
  markGuidePending,
  newUserCallbackUrl,
  recordGuideShown,
  shouldShowGuide,
  takeNewUserFragment,
} from "./guide-store.ts";

describe("new-user guide memory", () => {
  it("shows only after an account was made here, once per user", () => {
    const storage = memoryStorage();
    expect(shouldShowGuide(storage, "u1")).toBe(false);
    markGuidePending(storage);
    expect(shouldShowGuide(storage, "u1")).toBe(true);
    recordGuideShown(storage, "u1");
    expect(shouldShowGuide(storage, "u1")).toBe(false);
    expect(storage.getItem(GUIDE_PENDING_KEY)).toBeNull();
    // Another account made later in the same browser gets its own guide; the first never again.
    markGuidePending(storage);
    expect(shouldShowGuide(storage, "u1")).toBe(false);
    expect(shouldShowGuide(storage, "u2")).toBe(true);
  });

  it("survives a damaged record and a storage that throws", () => {
    const damaged = memoryStorage({
      [GUIDE_PENDING_KEY]: "1",
      "follow:onboarding:guide-shown": "{",
    });
    expect(shouldShowGuide(damaged, "u1")).toBe(true);
    const throwing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => undefined,
    };
    expect(shouldShowGuide(throwing, "u1")).toBe(false);
    expect(() => markGuidePending(throwing)).not.toThrow();
    expect(() => recordGuideShown(throwing, "u1")).not.toThrow();
  });

  it("takes the new-account mark a provider sign-in comes back with, and clears it", () => {
    const storage = memoryStorage();
    const url = newUserCallbackUrl("/discover?x=1#old");
    expect(url).toBe("/discover?x=1#welcome");
    const replaced: string[] = [];
    const history = {
      state: { key: "k" },
      replaceState: (_: unknown, __: string, to?: string | URL | null) =>
        void replaced.push(String(to)),
    };
    takeNewUserFragment(
      storage,
      { hash: "#other", pathname: "/discover", search: "?x=1" },
      history,
    );
    expect(shouldShowGuide(storage, "u1")).toBe(false);
    takeNewUserFragment(
      storage,
      { hash: "#welcome", pathname: "/discover", search: "?x=1" },
      history,
    );
    expect(shouldShowGuide(storage, "u1")).toBe(true);
    expect(replaced).toEqual(["/discover?x=1"]);
  });

  it("walks the steps within bounds", () => {
    expect(stepAt(0)).toEqual({ step: "welcome", index: 0, last: false });
    expect(stepAt(-1).index).toBe(0);
    expect(stepAt(99)).toEqual({ step: "shortcuts", index: GUIDE_STEPS.length - 1, last: true });
  });
});
