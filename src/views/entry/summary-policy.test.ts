import { describe, expect, it } from "vitest";
import { repeatsOpening, SUMMARY_AUTO_CHARS, summaryMode, textLength } from "./summary-policy.ts";

const OPENING =
  "The harbour authority opened a new ferry terminal on Friday morning. The terminal serves six routes.";
const LATER = "Local shops expect more visitors now that the ferry terminal is open.";
const HTML = `<p>${OPENING}</p><p>Tickets can be bought on phones from next month.</p><p>${LATER}</p>`;

describe("when the summary box shows", () => {
  it("offers a summary for short entries and shows it on its own only for long ones", () => {
    expect(summaryMode({ enabled: true, asked: false, textLength: 600 })).toBe("offer");
    expect(summaryMode({ enabled: true, asked: false, textLength: SUMMARY_AUTO_CHARS })).toBe(
      "offer",
    );
    expect(summaryMode({ enabled: true, asked: false, textLength: SUMMARY_AUTO_CHARS + 1 })).toBe(
      "auto",
    );
  });

  it("shows what an action rule asks for, setting on or off", () => {
    expect(summaryMode({ enabled: false, asked: true, textLength: 300 })).toBe("auto");
    expect(summaryMode({ enabled: true, asked: true, textLength: 300 })).toBe("auto");
  });

  it("shows nothing with the setting off, or for text too short to summarize", () => {
    expect(summaryMode({ enabled: false, asked: false, textLength: 5000 })).toBe("none");
    expect(summaryMode({ enabled: true, asked: false, textLength: 99 })).toBe("none");
    expect(summaryMode({ enabled: true, asked: true, textLength: 99 })).toBe("none");
  });

  it("measures text without markup or entities", () => {
    expect(textLength("<p>a&amp;b</p><script>var x = 1;</script><p>c</p>")).toBe(5);
  });
});

describe("a summary that repeats the opening", () => {
  it("is the body's start, or the first paragraph give or take punctuation and case", () => {
    expect(repeatsOpening(OPENING, HTML)).toBe(true);
    expect(
      repeatsOpening("The harbour authority opened a new ferry terminal on Friday morning.", HTML),
    ).toBe(true);
    expect(repeatsOpening(OPENING.toUpperCase().replace(/\./g, "!"), HTML)).toBe(true);
    // A nearly identical rewording of the opening.
    expect(
      repeatsOpening(
        "The harbour authority opened a new ferry terminal Friday morning; the terminal serves six routes.",
        HTML,
      ),
    ).toBe(true);
    // The start of a plain-text body that runs across paragraphs.
    expect(repeatsOpening(`${OPENING} Tickets can be bought`, HTML)).toBe(true);
  });

  it("is not a summary that says something else, or more than the opening", () => {
    expect(repeatsOpening(`Ferry terminal opens. ${LATER}`, HTML)).toBe(false);
    expect(
      repeatsOpening("A new terminal, six routes and busier shops by the harbour.", HTML),
    ).toBe(false);
    expect(repeatsOpening(`${OPENING} ${LATER}`, HTML)).toBe(false);
  });

  it("works for text without spaces and with entities", () => {
    const zh = "<p>港务局周五上午启用了新的渡轮码头。</p><p>商店预计游客会增加。</p>";
    expect(repeatsOpening("港务局周五上午启用了新的渡轮码头", zh)).toBe(true);
    expect(repeatsOpening("商店预计游客会增加，渡轮码头启用。", zh)).toBe(false);
    expect(repeatsOpening("Tom & Jerry meet", "<p>Tom &amp; Jerry meet again.</p>")).toBe(true);
  });
});
