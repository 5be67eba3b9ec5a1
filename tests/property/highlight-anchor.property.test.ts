import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anchorRange, CONTEXT_LENGTH, describeRange } from "../../contract/highlights/anchor.ts";

/**
 * A highlight made on an entry's text, then the text edited: words inserted and deleted away
 * from the passage, whitespace changed anywhere (inside the passage too). Wherever the passage
 * ends up, re-anchoring finds exactly it, or reports the highlight orphaned, never other text.
 */

const WORDS = ["the", "fox", "dog", "runs", "and", "a", "red", "blue", "cat", "sees", "over"];
const SPACES = [" ", "  ", "\n", "\t ", " \n\n "];

type Token = { text: string; space: boolean };

const word = fc.constantFrom(...WORDS);
const space = fc.constantFrom(...SPACES);
const tokensOf = (words: string[], spaces: string[]): Token[] =>
  words.flatMap((w, i) => [
    { text: w, space: false },
    ...(i < words.length - 1 ? [{ text: spaces[i % spaces.length]!, space: true }] : []),
  ]);

const edit = fc.oneof(
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    words: fc.array(word, { minLength: 1, maxLength: 6 }),
  }),
  fc.record({
    kind: fc.constant("delete" as const),
    at: fc.nat(),
    count: fc.integer({ min: 1, max: 6 }),
  }),
  fc.record({ kind: fc.constant("whitespace" as const), at: fc.nat(), to: space }),
);

const scenario = fc.record({
  words: fc.array(word, { minLength: 8, maxLength: 120 }),
  spaces: fc.array(space, { minLength: 1, maxLength: 5 }),
  from: fc.nat(),
  length: fc.integer({ min: 1, max: 5 }),
  edits: fc.array(edit, { maxLength: 12 }),
});

const join = (tokens: Token[]) => tokens.map((t) => t.text).join("");
const offsetOf = (tokens: Token[], index: number) => join(tokens.slice(0, index)).length;

/** Plays the edits, keeping [first, last) on the passage's tokens; edits near it are skipped. */
function play(input: typeof scenario extends fc.Arbitrary<infer T> ? T : never) {
  let tokens = tokensOf(input.words, input.spaces);
  const wordIndexes = tokens.flatMap((t, i) => (t.space ? [] : [i]));
  const firstWord = input.from % wordIndexes.length;
  const lastWord = Math.min(wordIndexes.length - 1, firstWord + input.length - 1);
  let first = wordIndexes[firstWord]!;
  let last = wordIndexes[lastWord]! + 1;
  const original = join(tokens);
  const anchor = describeRange(original, offsetOf(tokens, first), offsetOf(tokens, last));
  // Away from the passage: its recorded context stays as it was, up to whitespace.
  const far = (index: number) =>
    offsetOf(tokens, index) + CONTEXT_LENGTH + 8 < offsetOf(tokens, first) ||
    offsetOf(tokens, index) > offsetOf(tokens, last) + CONTEXT_LENGTH + 8;
  for (const step of input.edits) {
    const at = step.at % (tokens.length + 1);
    if (step.kind === "whitespace") {
      const target = tokens[at % tokens.length]!;
      if (target.space) target.text = step.to;
    } else if (step.kind === "insert") {
      // Inserted between tokens as whole words, with a space either side.
      if (!far(at) || (at > 0 && !far(at - 1))) continue;
      const added = step.words.flatMap((w) => [
        { text: " ", space: true },
        { text: w, space: false },
      ]);
      added.push({ text: " ", space: true });
      tokens = [...tokens.slice(0, at), ...added, ...tokens.slice(at)];
      if (at <= first) {
        first += added.length;
        last += added.length;
      }
    } else {
      const end = Math.min(tokens.length, at + step.count);
      if (end <= at || !far(at) || !far(end)) continue;
      if (at < first && end > first) continue;
      tokens = [...tokens.slice(0, at), ...tokens.slice(end)];
      if (end <= first) {
        first -= end - at;
        last -= end - at;
      }
    }
  }
  return {
    anchor,
    text: join(tokens),
    expected: { start: offsetOf(tokens, first), end: offsetOf(tokens, last) },
    edited: input.edits.length > 0,
  };
}

const collapse = (text: string) => text.replace(/\s+/g, " ");

describe("highlight anchoring", () => {
  it("keeps each highlight on its passage after edits, or orphans it, never on other text", () => {
    let found = 0;
    let orphaned = 0;
    fc.assert(
      fc.property(scenario, (input) => {
        const { anchor, text, expected, edited } = play(input);
        const range = anchorRange(text, anchor);
        if (!range) {
          orphaned++;
          // Unedited text always anchors: the position still matches.
          expect(edited).toBe(true);
          // A quote found once in the text is the passage itself and is never orphaned.
          const occurrences = collapse(text).split(collapse(anchor.exact)).length - 1;
          expect(occurrences).not.toBe(1);
          return;
        }
        found++;
        expect(range).toEqual(expected);
        expect(collapse(text.slice(range.start, range.end))).toBe(collapse(anchor.exact));
      }),
      { numRuns: 2000 },
    );
    expect(found).toBeGreaterThan(orphaned);
  });

  it("finds a passage of the feed's content in the full text, which has more around it", () => {
    const feed = "A fox ran. The quick brown fox jumps over the lazy dog. It slept.";
    const anchor = describeRange(feed, feed.indexOf("quick"), feed.indexOf(" jumps"));
    const full = `Foxes weekly\n\nBy Ann\n\nA fox ran.\n  The quick brown\nfox jumps over the lazy dog.   It slept. Share this.`;
    const range = anchorRange(full, anchor)!;
    expect(collapse(full.slice(range.start, range.end))).toBe("quick brown fox");
  });

  it("orphans a passage that is gone, and one that repeats with the same context", () => {
    const text = "one two three one two three";
    const anchor = describeRange(text, 4, 7);
    expect(anchorRange("one four three", anchor)).toBeUndefined();
    const twice = "x two y x two y";
    expect(
      anchorRange(twice, { exact: "two", prefix: "x ", suffix: " y", start: 99, end: 102 }),
    ).toBeUndefined();
  });
});
