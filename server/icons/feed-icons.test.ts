import { describe, expect, it } from "vitest";
import { iconLinks, sniffIcon } from "./feed-icons.ts";

describe("sniffIcon", () => {
  it("tells icon types by their bytes, never SVG or markup", () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect(sniffIcon(png)).toBe("image/png");
    const ico = new Uint8Array(22);
    ico.set([0, 0, 1, 0, 1, 0]);
    expect(sniffIcon(ico)).toBe("image/x-icon");
    // A cursor file (type 2) and an ICO that holds no image are not icons.
    const cursor = ico.slice();
    cursor[2] = 2;
    expect(sniffIcon(cursor)).toBeUndefined();
    expect(sniffIcon(new Uint8Array(22).fill(0))).toBeUndefined();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>');
    expect(sniffIcon(svg)).toBeUndefined();
    expect(
      sniffIcon(new TextEncoder().encode("<html><body>not found</body></html>")),
    ).toBeUndefined();
  });
});

describe("iconLinks", () => {
  it("finds declared icons, touch icons first, resolved against the page, without SVG", () => {
    const html = `<head>
      <link rel="stylesheet" href="/a.css">
      <link rel="shortcut icon" href="favicon.png">
      <link href='/touch.png' rel='apple-touch-icon' sizes='180x180'>
      <link rel="icon" type="image/svg+xml" href="/mark.svg">
      <link rel="icon" href="/vector.svg?v=2">
      <link rel=icon href=javascript:alert(1)>
      <link rel="icon" href="data:image/png;base64,AAAA">
      <link rel="icon" href="https://cdn.example.net/i.ico">
    </head>`;
    expect(iconLinks(html, "https://example.com/blog/")).toEqual([
      "https://example.com/touch.png",
      "https://example.com/blog/favicon.png",
      "https://cdn.example.net/i.ico",
    ]);
    expect(iconLinks("<p>no links</p>", "https://example.com/")).toEqual([]);
  });
});
