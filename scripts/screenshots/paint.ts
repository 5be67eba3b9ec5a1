/** The screenshots' pictures: flat illustrations painted on a canvas in Chromium, served as PNG. */

export type Scene =
  | "landscape"
  | "lake"
  | "city"
  | "coast"
  | "desert"
  | "abstract"
  | "avatar"
  | "cover";
export type Palette = "dawn" | "day" | "dusk" | "night" | "mist" | "autumn";

export interface PictureSpec {
  path: string;
  scene: Scene;
  palette: Palette;
  seed: number;
  width: number;
  height: number;
  /** Big caption on video posters and podcast covers. */
  text?: string;
  /** A second, smaller line under `text`. */
  subtext?: string;
}

/** Runs in the page: paints every spec and returns the PNGs as base64. */
export function paintAll(specs: PictureSpec[]): Promise<string[]> {
  const PALETTES: Record<
    string,
    { sky: [string, string]; sun: string; far: string; near: string; extra: string }
  > = {
    dawn: {
      sky: ["#fbc2a4", "#f6e3c5"],
      sun: "#fff4d6",
      far: "#c79bb4",
      near: "#3f2d4f",
      extra: "#f08a6c",
    },
    day: {
      sky: ["#8ec9ef", "#dff1fb"],
      sun: "#fffbe6",
      far: "#9cc3c9",
      near: "#1f4a4f",
      extra: "#f3c969",
    },
    dusk: {
      sky: ["#ff9a5a", "#5b3a7a"],
      sun: "#ffe3a3",
      far: "#a4567a",
      near: "#2a1733",
      extra: "#ffcc70",
    },
    night: {
      sky: ["#0f1b3d", "#2b3f74"],
      sun: "#f4f1dc",
      far: "#33477a",
      near: "#0a1026",
      extra: "#ffd36b",
    },
    mist: {
      sky: ["#d5dde3", "#f2f4f3"],
      sun: "#ffffff",
      far: "#aebdc4",
      near: "#3d5560",
      extra: "#e07a5f",
    },
    autumn: {
      sky: ["#f7d9a8", "#fdf1dc"],
      sun: "#fff7e3",
      far: "#d49a6a",
      near: "#5a2e1e",
      extra: "#c8553d",
    },
  };

  function rng(seed: number) {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  function mix(a: string, b: string, t: number): string {
    const pa = [1, 3, 5].map((i) => Number.parseInt(a.slice(i, i + 2), 16));
    const pb = [1, 3, 5].map((i) => Number.parseInt(b.slice(i, i + 2), 16));
    const c = pa.map((v, i) => Math.round(v + (pb[i]! - v) * t));
    return `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
  }

  /** A sky in flat bands, the way flat illustrations draw gradients. */
  function bandedSky(
    g: OffscreenCanvasRenderingContext2D,
    w: number,
    h: number,
    top: string,
    bottom: string,
    bands = 7,
  ) {
    for (let i = 0; i < bands; i++) {
      g.fillStyle = mix(top, bottom, i / (bands - 1));
      g.fillRect(0, Math.floor((h * i) / bands), w, Math.ceil(h / bands) + 1);
    }
  }

  /** A mountain ridge by midpoint displacement, filled down to the bottom. */
  function ridge(
    g: OffscreenCanvasRenderingContext2D,
    random: () => number,
    w: number,
    h: number,
    base: number,
    rough: number,
    color: string,
  ) {
    let points = [base + (random() - 0.5) * rough, base + (random() - 0.5) * rough];
    let spread = rough;
    while (points.length < 65) {
      const next: number[] = [];
      for (let i = 0; i < points.length - 1; i++) {
        next.push(points[i]!, (points[i]! + points[i + 1]!) / 2 + (random() - 0.5) * spread);
      }
      next.push(points[points.length - 1]!);
      points = next;
      spread *= 0.55;
    }
    g.fillStyle = color;
    g.beginPath();
    g.moveTo(0, h);
    for (const [i, y] of points.entries()) g.lineTo((i / (points.length - 1)) * w, y);
    g.lineTo(w, h);
    g.closePath();
    g.fill();
  }

  function trees(
    g: OffscreenCanvasRenderingContext2D,
    random: () => number,
    w: number,
    h: number,
    color: string,
  ) {
    g.fillStyle = color;
    const count = 6 + Math.floor(random() * 8);
    for (let i = 0; i < count; i++) {
      const x = random() * w;
      const size = h * (0.08 + random() * 0.1);
      const y = h - random() * h * 0.05;
      g.beginPath();
      g.moveTo(x, y - size * 2.2);
      g.lineTo(x - size * 0.55, y);
      g.lineTo(x + size * 0.55, y);
      g.closePath();
      g.fill();
    }
  }

  function stars(g: OffscreenCanvasRenderingContext2D, random: () => number, w: number, h: number) {
    g.fillStyle = "rgba(255,255,255,0.8)";
    for (let i = 0; i < 70; i++) {
      const r = random() < 0.85 ? 1 : 1.8;
      g.fillRect(random() * w, random() * h * 0.55, r, r);
    }
  }

  function caption(g: OffscreenCanvasRenderingContext2D, w: number, h: number, spec: PictureSpec) {
    if (!spec.text) return;
    const size = Math.round(h * 0.15);
    g.font = `bold ${size}px "DejaVu Sans", "Liberation Sans", sans-serif`;
    g.textBaseline = "alphabetic";
    const lines = spec.text.split("\n");
    const x = Math.round(w * 0.06);
    let y = Math.round(h - h * 0.1 - (lines.length - 1) * size * 1.05);
    if (spec.subtext) y -= size * 0.6;
    for (const line of lines) {
      g.fillStyle = "rgba(0,0,0,0.45)";
      g.fillText(line, x + 3, y + 3);
      g.fillStyle = "#ffffff";
      g.fillText(line, x, y);
      y += size * 1.05;
    }
    if (spec.subtext) {
      g.font = `${Math.round(size * 0.42)}px "DejaVu Sans", sans-serif`;
      g.fillStyle = "rgba(255,255,255,0.9)";
      g.fillText(spec.subtext, x, y - size * 0.3);
    }
  }

  function paint(spec: PictureSpec): Promise<string> {
    const { width: w, height: h } = spec;
    const canvas = new OffscreenCanvas(w, h);
    const g = canvas.getContext("2d")!;
    const random = rng(spec.seed);
    const p = PALETTES[spec.palette]!;

    switch (spec.scene) {
      case "landscape":
      case "lake": {
        bandedSky(g, w, h, p.sky[0], p.sky[1]);
        if (spec.palette === "night") stars(g, random, w, h);
        const sunX = w * (0.2 + random() * 0.6);
        const sunY = h * (0.22 + random() * 0.18);
        const sunR = Math.min(w, h) * (0.07 + random() * 0.05);
        g.fillStyle = mix(p.sun, p.sky[1], 0.6);
        g.beginPath();
        g.arc(sunX, sunY, sunR * 1.6, 0, Math.PI * 2);
        g.fill();
        g.fillStyle = p.sun;
        g.beginPath();
        g.arc(sunX, sunY, sunR, 0, Math.PI * 2);
        g.fill();
        const layers = 4;
        const horizon = spec.scene === "lake" ? 0.68 : 0.95;
        for (let i = 0; i < layers; i++) {
          const t = i / (layers - 1);
          ridge(
            g,
            random,
            w,
            h,
            h * (0.42 + t * (horizon - 0.5)),
            h * (0.32 - t * 0.14),
            mix(p.far, p.near, t),
          );
        }
        if (spec.scene === "lake") {
          const top = h * 0.74;
          g.save();
          g.fillStyle = mix(p.sky[1], p.far, 0.35);
          g.fillRect(0, top, w, h - top);
          g.fillStyle = mix(p.sun, p.sky[1], 0.3);
          for (let i = 0; i < 9; i++) {
            const y = top + (h - top) * (0.1 + i * 0.1);
            const len = sunR * (2.2 - i * 0.18) * (0.6 + random() * 0.6);
            g.fillRect(sunX - len / 2, y, len, Math.max(2, h * 0.006));
          }
          g.restore();
          trees(g, random, w, top + h * 0.02, p.near);
        } else if (random() < 0.6) {
          trees(g, random, w, h, mix(p.near, "#000000", 0.25));
        }
        break;
      }
      case "city": {
        bandedSky(g, w, h, p.sky[0], p.sky[1]);
        if (spec.palette === "night") stars(g, random, w, h);
        g.fillStyle = p.sun;
        g.beginPath();
        g.arc(w * (0.15 + random() * 0.7), h * 0.2, Math.min(w, h) * 0.06, 0, Math.PI * 2);
        g.fill();
        for (let layer = 0; layer < 3; layer++) {
          const color = mix(p.far, p.near, layer / 2);
          let x = -random() * 30;
          while (x < w) {
            const bw = w * (0.05 + random() * 0.08);
            const bh = h * (0.25 + random() * 0.35 + layer * 0.05);
            g.fillStyle = color;
            g.fillRect(x, h - bh, bw, bh);
            if (layer === 2 || (layer === 1 && random() < 0.5)) {
              g.fillStyle = p.extra;
              for (let wy = h - bh + 8; wy < h - 8; wy += 12) {
                for (let wx = x + 5; wx < x + bw - 8; wx += 10) {
                  if (random() < 0.28) g.fillRect(wx, wy, 4, 5);
                }
              }
            }
            x += bw + random() * 6;
          }
        }
        break;
      }
      case "coast": {
        bandedSky(g, w, h, p.sky[0], p.sky[1]);
        const horizon = h * (0.55 + random() * 0.1);
        g.fillStyle = p.sun;
        g.beginPath();
        g.arc(
          w * (0.45 + random() * 0.3),
          horizon - h * 0.1,
          Math.min(w, h) * 0.09,
          0,
          Math.PI * 2,
        );
        g.fill();
        ridge(g, random, w * 0.5, horizon + 2, horizon - h * 0.1, h * 0.18, p.far);
        g.fillStyle = mix(p.far, p.near, 0.55);
        g.fillRect(0, horizon, w, h - horizon);
        g.fillStyle = mix(p.sky[1], p.far, 0.3);
        for (let i = 0; i < 24; i++) {
          const y = horizon + random() * (h - horizon);
          g.fillRect(random() * w, y, w * (0.04 + random() * 0.1), Math.max(2, h * 0.005));
        }
        // A sailboat.
        const bx = w * (0.55 + random() * 0.3);
        const by = horizon + (h - horizon) * 0.35;
        const s = h * 0.12;
        g.fillStyle = "#fdfcf7";
        g.beginPath();
        g.moveTo(bx, by - s * 1.6);
        g.lineTo(bx, by - s * 0.15);
        g.lineTo(bx + s * 0.8, by - s * 0.15);
        g.closePath();
        g.fill();
        g.fillStyle = p.near;
        g.fillRect(bx - s * 0.35, by - s * 0.12, s * 1.3, s * 0.2);
        break;
      }
      case "desert": {
        bandedSky(g, w, h, p.sky[0], p.sky[1]);
        g.fillStyle = p.sun;
        g.beginPath();
        g.arc(w * (0.2 + random() * 0.6), h * 0.3, Math.min(w, h) * 0.1, 0, Math.PI * 2);
        g.fill();
        for (let i = 0; i < 4; i++) {
          const t = i / 3;
          const base = h * (0.55 + t * 0.3);
          const amp = h * (0.04 + random() * 0.05);
          const freq = 1 + random() * 2;
          const phase = random() * Math.PI * 2;
          g.fillStyle = mix(p.extra, p.near, t * 0.8);
          g.beginPath();
          g.moveTo(0, h);
          for (let x = 0; x <= w; x += 4) {
            g.lineTo(x, base + Math.sin((x / w) * Math.PI * freq + phase) * amp);
          }
          g.lineTo(w, h);
          g.closePath();
          g.fill();
        }
        break;
      }
      case "abstract": {
        g.fillStyle = p.sky[1];
        g.fillRect(0, 0, w, h);
        const colors = [p.extra, p.far, p.near, p.sky[0]];
        for (let i = 0; i < 5; i++) {
          g.fillStyle = colors[i % colors.length]!;
          g.beginPath();
          g.arc(
            random() * w,
            random() * h,
            Math.min(w, h) * (0.15 + random() * 0.35),
            0,
            Math.PI * 2,
          );
          g.fill();
        }
        g.fillStyle = p.near;
        const step = Math.min(w, h) / 8;
        for (let y = step / 2; y < h; y += step) {
          for (let x = step / 2; x < w; x += step) {
            if (random() < 0.18) g.fillRect(x - 2, y - 2, 4, 4);
          }
        }
        g.strokeStyle = p.near;
        g.lineWidth = Math.max(2, w / 120);
        g.beginPath();
        g.moveTo(0, h * random());
        for (let x = 0; x <= w; x += w / 6) g.lineTo(x, h * (0.2 + random() * 0.6));
        g.stroke();
        break;
      }
      case "avatar": {
        g.fillStyle = p.far;
        g.fillRect(0, 0, w, h);
        g.fillStyle = mix(p.far, "#ffffff", 0.55);
        g.beginPath();
        g.arc(w / 2, h * 0.4, w * 0.2, 0, Math.PI * 2);
        g.fill();
        g.beginPath();
        g.ellipse(w / 2, h * 1.02, w * 0.38, h * 0.36, 0, 0, Math.PI * 2);
        g.fill();
        break;
      }
      case "cover": {
        g.fillStyle = p.near;
        g.fillRect(0, 0, w, h);
        g.strokeStyle = p.extra;
        g.lineWidth = w / 40;
        for (let i = 1; i <= 5; i++) {
          g.globalAlpha = 1 - i * 0.16;
          g.beginPath();
          g.arc(w * 0.78, h * 0.3, i * w * 0.09, 0, Math.PI * 2);
          g.stroke();
        }
        g.globalAlpha = 1;
        g.fillStyle = p.extra;
        g.beginPath();
        g.arc(w * 0.78, h * 0.3, w * 0.05, 0, Math.PI * 2);
        g.fill();
        break;
      }
    }
    if (spec.scene === "cover" && spec.text) {
      g.fillStyle = "#ffffff";
      const size = Math.round(h * 0.13);
      g.font = `bold ${size}px "DejaVu Sans", sans-serif`;
      const lines = spec.text.split("\n");
      lines.forEach((line, i) => {
        g.fillText(line, w * 0.08, h * 0.62 + i * size * 1.1);
      });
      if (spec.subtext) {
        g.font = `${Math.round(size * 0.4)}px "DejaVu Sans", sans-serif`;
        g.fillStyle = PALETTES[spec.palette]!.extra;
        g.fillText(spec.subtext, w * 0.08, h * 0.62 + lines.length * size * 1.1);
      }
    } else {
      caption(g, w, h, spec);
    }
    return canvas
      .convertToBlob({ type: "image/png" })
      .then((blob) => blob.arrayBuffer())
      .then((buffer) => {
        let binary = "";
        const bytes = new Uint8Array(buffer);
        for (let i = 0; i < bytes.length; i += 0x8000) {
          binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        }
        return btoa(binary);
      });
  }

  return Promise.all(specs.map(paint));
}
