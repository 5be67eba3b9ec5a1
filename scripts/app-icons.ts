/**
 * Draws the app icons in public/ from the Follow mark (src/ui/logo.tsx: three feed lines on the
 * accent colour), with no dependency and no network: `node scripts/app-icons.ts`. The PNGs are
 * committed; rerun this after changing the mark or the accent colour.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";

const ACCENT = [0xff, 0x5c, 0x00] as const;
/** The mark's lines in its 32×32 box: from x0 to x1 at height y, 3 wide with round caps. */
const LINES = [
  { x0: 9, x1: 23, y: 10.5 },
  { x0: 9, x1: 19, y: 16 },
  { x0: 9, x1: 15, y: 21.5 },
];
const HALF_STROKE = 1.5;
const CORNER = 8;
const SAMPLES = 4;

function insideRoundedSquare(x: number, y: number): boolean {
  const cx = Math.min(Math.max(x, CORNER), 32 - CORNER);
  const cy = Math.min(Math.max(y, CORNER), 32 - CORNER);
  return (x - cx) ** 2 + (y - cy) ** 2 <= CORNER ** 2;
}

function onLine(x: number, y: number): boolean {
  return LINES.some(({ x0, x1, y: ly }) => {
    const px = Math.min(Math.max(x, x0), x1);
    return (x - px) ** 2 + (y - ly) ** 2 <= HALF_STROKE ** 2;
  });
}

/**
 * RGBA pixels of the mark at `size`. A maskable icon fills the whole square (the platform cuts
 * its own shape; the lines stay inside the central safe circle of radius 40%).
 */
function draw(size: number, maskable: boolean): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const scale = 32 / size;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let cover = 0;
      let white = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) * scale;
          const y = (py + (sy + 0.5) / SAMPLES) * scale;
          if (!maskable && !insideRoundedSquare(x, y)) continue;
          cover += 1;
          if (onLine(x, y)) white += 1;
        }
      }
      const n = SAMPLES * SAMPLES;
      const i = (py * size + px) * 4;
      if (cover === 0) continue;
      // Colour is the mix within the covered part; alpha is the covered part.
      const w = white / cover;
      pixels[i] = Math.round(ACCENT[0] * (1 - w) + 255 * w);
      pixels[i + 1] = Math.round(ACCENT[1] * (1 - w) + 255 * w);
      pixels[i + 2] = Math.round(ACCENT[2] * (1 - w) + 255 * w);
      pixels[i + 3] = Math.round((255 * cover) / n);
    }
  }
  return pixels;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function png(size: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // no filter
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Follow</title><rect width="32" height="32" rx="8" fill="#ff5c00"/><path d="M9 10.5h14M9 16h10M9 21.5h6" stroke="#fff" stroke-width="3" stroke-linecap="round" fill="none"/></svg>\n`;

const out = join(import.meta.dirname, "..", "public");
writeFileSync(join(out, "favicon.svg"), FAVICON);
for (const [name, size, maskable] of [
  ["icon-192.png", 192, false],
  ["icon-512.png", 512, false],
  ["icon-maskable-512.png", 512, true],
  ["apple-touch-icon.png", 180, true],
] as const) {
  writeFileSync(join(out, "icons", name), png(size, draw(size, maskable)));
}
