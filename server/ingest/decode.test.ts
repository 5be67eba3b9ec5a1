import fs from "node:fs";
import path from "node:path";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { corpusRelative, listFixtures } from "../../tests/ingest/fixtures.ts";
import { Tally } from "../../tests/ingest/scoring/score.ts";
import { charsetFromContentType, decodeBytes } from "./decode.ts";
import { ingestBody } from "./pipeline.ts";

const bytes = (text: string, encoding = "utf-8") => iconv.encode(text, encoding);

describe("decodeBytes precedence", () => {
  it("a BOM beats the HTTP charset and the declaration", () => {
    const body = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      bytes('<?xml version="1.0" encoding="koi8-r"?><a>é</a>'),
    ]);
    const decoded = decodeBytes(body, "text/xml; charset=windows-1251");
    expect(decoded).toMatchObject({ encoding: "utf-8", source: "bom" });
    expect(decoded.text.startsWith("<?xml")).toBe(true);
    expect(decoded.text).toContain("é");
  });

  it("reads UTF-16 LE/BE and UTF-32 with a BOM", () => {
    for (const encoding of ["utf-16le", "utf-16be", "utf-32le", "utf-32be"]) {
      const body = iconv.encode("<rss>Ω</rss>", encoding, { addBOM: true });
      expect(decodeBytes(body)).toMatchObject({ text: "<rss>Ω</rss>", encoding, source: "bom" });
    }
  });

  it("sniffs UTF-16 without a BOM from the '<?' byte pattern", () => {
    const body = iconv.encode('<?xml version="1.0" encoding="utf-16"?><rss>ж</rss>', "utf-16be");
    expect(decodeBytes(body)).toMatchObject({ encoding: "utf-16be", source: "sniffed" });
    expect(decodeBytes(body).text).toContain("ж");
  });

  it("the HTTP charset beats the XML declaration", () => {
    const body = bytes('<?xml version="1.0" encoding="utf-8"?><t>Привет</t>', "windows-1251");
    expect(decodeBytes(body, "application/rss+xml; charset=windows-1251")).toMatchObject({
      encoding: "windows-1251",
      source: "http",
    });
  });

  it("uses the XML declaration, then an HTML meta charset", () => {
    const xml = bytes('<?xml version="1.0" encoding="KOI8-R"?><t>Ёжик</t>', "koi8-r");
    expect(decodeBytes(xml).text).toContain("Ёжик");
    const html = bytes(
      '<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"></head>日本</html>',
      "shift_jis",
    );
    expect(decodeBytes(html, "text/html")).toMatchObject({
      encoding: "shift_jis",
      source: "declaration",
    });
    expect(decodeBytes(html).text).toContain("日本");
  });

  it("decodes windows-1252 smart quotes and the euro sign (TextDecoder-safe)", () => {
    const body = Buffer.from([0x3c, 0x74, 0x3e, 0x93, 0x80, 0x94, 0x3c, 0x2f, 0x74, 0x3e]);
    expect(decodeBytes(body, "text/xml; charset=iso-8859-1").text).toBe("<t>\u201c€\u201d</t>");
  });

  it("falls back to UTF-8, or windows-1252 when the bytes are not UTF-8", () => {
    expect(decodeBytes(bytes("<t>ü</t>"))).toMatchObject({
      text: "<t>ü</t>",
      encoding: "utf-8",
      source: "default",
    });
    expect(decodeBytes(bytes("<t>ü</t>", "latin1"))).toMatchObject({
      text: "<t>ü</t>",
      encoding: "windows-1252",
    });
  });

  it("ignores unknown and misleading labels", () => {
    expect(decodeBytes(bytes("<t>é</t>"), "text/xml; charset=bogus-charset")).toMatchObject({
      encoding: "utf-8",
    });
    // A UTF-16 label on 8-bit bytes cannot be right: we read the label itself as ASCII.
    const mislabeled = bytes('<?xml version="1.0" encoding="utf-16"?><t>é</t>');
    expect(decodeBytes(mislabeled).text).toContain("<t>é</t>");
  });

  it("parses charset parameters with quotes and spaces", () => {
    expect(charsetFromContentType("text/xml; charset= 'us-ascii'")).toBe("us-ascii");
    expect(charsetFromContentType('application/rss+xml;charset="UTF-8"')).toBe("UTF-8");
    expect(charsetFromContentType("text/xml; qs=0.9")).toBeNull();
  });
});

/**
 * Miniflux's charset test data, whatever files its folders hold (miniflux/SOURCE.md): every
 * document must decode cleanly with no HTTP charset (no replacement characters, no C1
 * controls, no UTF-8 read as Latin-1); a file named for its charset (Miniflux names them so:
 * koi8r.xml, encoding_WINDOWS-1251.xml) must read the same when a server announces that
 * charset; a feed among them must parse with clean titles and one entry per item tag. Each
 * check that throws counts as failed. Gated on a floor the current files meet.
 */
describe("Miniflux charset corpus", () => {
  const FLOOR = 0.95;
  const CHARSET_FOLDERS =
    /internal[\\/]reader[\\/](?:encoding|xml|parser)[\\/]testdata[\\/][^\\/]+\.(?:xml|html?)$/i;
  const UNCLEAN = /\uFFFD|[\u0080-\u009F]|[ÃÂ][\u0080-\u00BF]/;
  const clean = (text: string) => !UNCLEAN.test(text);

  it("every document decodes cleanly, as sniffed and as its name's charset", () => {
    const files = listFixtures("miniflux", CHARSET_FOLDERS);
    const tally = new Tally();
    tally.files = files.length;
    const check = (label: string, test: () => boolean) => {
      let ok = false;
      try {
        ok = test();
      } catch (error) {
        tally.add(label, { outcome: "failed", detail: `threw ${String(error)}` });
        return;
      }
      tally.check({ label, ok });
    };
    for (const file of files) {
      const name = corpusRelative(file);
      const body = fs.readFileSync(file);
      const sniffed = () => decodeBytes(body).text;
      check(`${name}: decodes cleanly with no HTTP charset`, () => clean(sniffed()));
      const named = charsetInName(file);
      if (named) {
        check(`${name}: reads the same announced as ${named}`, () => {
          const announced = decodeBytes(body, `text/xml; charset=${named}`).text;
          return clean(announced) && announced === sniffed();
        });
      }
      if (!/\.xml$/i.test(file)) continue;
      const text = sniffed();
      if (!/<(?:rss|feed|rdf:RDF)[\s>]/.test(text)) continue;
      check(`${name}: parses as a feed with clean titles, one entry per item`, () => {
        const result = ingestBody(body, { url: "https://miniflux.example/feed" });
        const items = text.match(/<(?:[\w.-]+:)?(?:item|entry)[\s>]/g)?.length ?? 0;
        const titles = [result.feed.title, ...result.entries.map((e) => e.title)];
        return result.entries.length === items && titles.every((t) => t === null || clean(t));
      });
    }
    console.log(`${tally.line("miniflux charset")}`);
    if (tally.failed.length > 0) console.log(`  failed:\n    ${tally.failed.join("\n    ")}`);
    expect(tally.mappable).toBeGreaterThan(0);
    expect(tally.rate).toBeGreaterThanOrEqual(FLOOR);
  });

  it("a UTF-8 prolog over latin-1 bytes reads as windows-1252 (Miniflux drops the bytes instead)", () => {
    // Deliberate deviation: "Anaïs" is more useful than Miniflux's "Anas".
    const text = decodeBytes(
      Buffer.from('<?xml version="1.0" encoding="UTF-8"?><to>Ana\xefs</to>', "latin1"),
    ).text;
    expect(text).toContain("Anaïs");
  });
});

/** The charset a Miniflux test file is named for (koi8r.xml, encoding_WINDOWS-1251.xml). */
function charsetInName(file: string): string | null {
  const base = path.basename(file).toLowerCase();
  const match = /koi8-?r|windows-?125\d|iso-?8859-?\d{1,2}|utf-?8/.exec(base)?.[0];
  if (!match) return null;
  if (match.startsWith("koi8")) return "koi8-r";
  if (match.startsWith("windows")) return `windows-${match.slice(-4)}`;
  if (match.startsWith("iso")) return `iso-8859-${match.replace(/^iso-?8859-?/, "")}`;
  return "utf-8";
}
