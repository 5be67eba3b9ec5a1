import { describe, expect, it } from "vitest";
import { SETTINGS_PAGES, settingsPageFromPath } from "./panels.ts";

describe("settings pages", () => {
  it("has every sub-page of the route table and every panel label, and the account page", () => {
    expect([...SETTINGS_PAGES].sort()).toEqual(
      [
        "about",
        "account",
        "actions",
        "appearance",
        "data-control",
        "feeds",
        "general",
        "integration",
        "invitations",
        "list",
        "notifications",
        "power",
        "privacy",
        "profile",
        "shortcuts",
        "tokens",
      ].sort(),
    );
  });

  it("reads the page from a path", () => {
    expect(settingsPageFromPath("/settings/data-control")).toBe("data-control");
    expect(settingsPageFromPath("/settings/about/")).toBe("about");
    expect(settingsPageFromPath("/settings")).toBeUndefined();
    expect(settingsPageFromPath("/settings/nope")).toBeUndefined();
  });
});
