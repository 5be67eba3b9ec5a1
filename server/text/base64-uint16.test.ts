import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { decodeBase64 } from "./base64-uint16.ts";

// The package's own helper and tables, by file: its exports map does not list them.
const generated = join(
  dirname(createRequire(import.meta.url).resolve("entities")),
  "..",
  "esm",
  "generated",
);
const theirs = (await import(
  pathToFileURL(join(generated, "..", "internal", "decode-shared.js")).href
)) as { decodeBase64(input: string): Uint16Array };

function tableText(name: string): string {
  const source = readFileSync(join(generated, `decode-data-${name}.js`), "utf8");
  const literal = /decodeBase64\("([A-Za-z0-9+/=]+)"\)/.exec(source)?.[1];
  if (!literal) throw new Error(`no table in decode-data-${name}.js`);
  return literal;
}

describe("base64 to 16-bit words (the server bundle's entities tables)", () => {
  it.each(["html", "xml"])("decodes entities' %s table exactly as the package does", (name) => {
    const text = tableText(name);
    const ours = decodeBase64(text);
    expect(ours.length).toBeGreaterThan(name === "html" ? 10_000 : 10);
    expect(ours).toEqual(theirs.decodeBase64(text));
  });

  it("drops an odd last byte, as the package does", () => {
    const text = Buffer.from([1, 2, 3, 4, 5]).toString("base64");
    expect([...decodeBase64(text)]).toEqual([0x0201, 0x0403]);
    expect(decodeBase64(text)).toEqual(theirs.decodeBase64(text));
  });
});
