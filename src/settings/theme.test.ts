import { describe, expect, it } from "vitest";
import { nextColorMode, resolveColorMode, themeVariables, userStyleSheet } from "./theme.ts";
import { LINE_HEIGHTS, lineHeightName, UI_DEFAULTS } from "./ui.ts";

describe("theme", () => {
  it("resolves system to the system's preference", () => {
    expect(resolveColorMode("system", true)).toBe("dark");
    expect(resolveColorMode("system", false)).toBe("light");
    expect(resolveColorMode("light", true)).toBe("light");
    expect(resolveColorMode("dark", false)).toBe("dark");
  });

  it("toggles between light and dark from what is shown", () => {
    expect(nextColorMode("dark")).toBe("light");
    expect(nextColorMode("light")).toBe("dark");
  });

  it("sets the accent and the content variables", () => {
    const vars = themeVariables(UI_DEFAULTS, "light");
    expect(vars["--color-accent"]).toBe("#ff5c00");
    expect(vars["--content-font-size"]).toBe("16px");
    expect(vars["--content-line-height"]).toBe("1.75");
    expect(themeVariables(UI_DEFAULTS, "dark")["--color-accent-soft"]).toContain("#09090b");
  });

  it("appends custom CSS after the reduce-motion rule", () => {
    expect(userStyleSheet({ customCSS: "" })).toContain("data-reduce-motion");
    expect(userStyleSheet({ customCSS: "p{color:red}" }).endsWith("p{color:red}")).toBe(true);
  });

  it("names the five line heights with 1.75 as normal", () => {
    expect(Object.keys(LINE_HEIGHTS)).toEqual(["tight", "snug", "normal", "relaxed", "loose"]);
    expect(lineHeightName(1.75)).toBe("normal");
    expect(lineHeightName(2.3)).toBe("loose");
  });
});
