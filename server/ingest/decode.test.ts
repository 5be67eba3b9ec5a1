import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { readFixture } from "../../tests/ingest/fixtures.ts";
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

describe("Miniflux charset fixtures", () => {
  const dir = ["miniflux", "internal", "reader"];
  it.each([
    ["encoding/testdata/iso-8859-1.xml", "text/xml; charset=ISO-8859-1", "Café"],
    ["encoding/testdata/iso-8859-1.xml", "text/html; charset=ISO-8859-1", "Café"],
    ["encoding/testdata/iso-8859-1.xml", "", "Café"],
    ["encoding/testdata/windows-1252.xml", "text/xml; charset=windows-1252", "Euro €"],
    ["encoding/testdata/utf8-incorrect-prolog.xml", "text/xml; charset=ISO-8859-1", "Café"],
    ["encoding/testdata/utf8.html", "text/html; charset=UTF-8", "Café"],
    ["encoding/testdata/utf8.html", "text/html", "Café"],
    [
      "encoding/testdata/koi8r.xml",
      "text/xml; charset=KOI8-R",
      "Привет мир! Ёжик, чай, Москва, Санкт-Петербург.",
    ],
    [
      "encoding/testdata/koi8r.xml",
      "application/rss+xml; charset=KOI8-R",
      "Проверка специальных символов",
    ],
    ["xml/testdata/iso88591.xml", "", "Jürgen"],
  ])("%s with %j contains %j", (file, contentType, expected) => {
    expect(decodeBytes(readFixture(...dir, ...file.split("/")), contentType).text).toContain(
      expected,
    );
  });

  it("a UTF-8 prolog over latin-1 bytes reads as windows-1252 (Miniflux drops the bytes instead)", () => {
    // Deliberate deviation: "Anaïs" is more useful than Miniflux's "Anas".
    const text = decodeBytes(
      readFixture(...dir, "xml", "testdata", "iso88591_utf8_mismatch.xml"),
    ).text;
    expect(text).toContain("Anaïs");
    expect(text).toContain("Jürgen");
  });

  it("koi8r.xml parses to the expected channel and items", () => {
    const result = ingestBody(readFixture(...dir, "xml", "testdata", "koi8r.xml"), {
      contentType: "application/rss+xml",
    });
    expect(result.feed.title).toBe("Пример RSS ленты");
    expect(result.feed.description).toBe("Тестовая лента в кодировке KOI8-R");
    expect(result.entries).toHaveLength(2);
    expect(result.entries[0]?.title).toBe("Первая новость");
    expect(result.entries[0]?.description).toContain(
      "Привет мир! Ёжик, чай, Москва, Санкт-Петербург.",
    );
    expect(result.entries[1]?.description).toContain("Проверка специальных символов");
  });

  it.each([
    [
      "urdu_UTF8.xml",
      "text/xml; charset=utf-8",
      0,
      "امریکی عسکری امداد کی بندش کی وجوہات: انڈیا سے جنگ، جوہری پروگرام اور اب دہشت گردوں کی پشت پناہی",
    ],
    ["encoding_WINDOWS-1251.xml", "text/xml", 0, "Цитата #17703"],
    [
      "no_encoding_ISO-8859-1.xml",
      "application/xml; charset=ISO-8859-1",
      2,
      "La criminalité liée surtout à... l'ennui ?",
    ],
    [
      "encoding_ISO-8859-1.xml",
      "application/rss+xml; charset=ISO-8859-1",
      5,
      "Projekt Jedi: Microsoft will weiter mit US-Militär zusammenarbeiten",
    ],
  ])("%s: entry %i has the expected title", (file, contentType, index, title) => {
    const result = ingestBody(readFixture(...dir, "parser", "testdata", file), { contentType });
    expect(result.entries[index]?.title).toBe(title);
  });
});
