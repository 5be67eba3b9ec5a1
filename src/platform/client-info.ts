/** What a bug report says about the machine, read from the user agent (pure, testable). */

export function detectOs(userAgent: string): string {
  if (/Windows NT/i.test(userAgent)) return "Windows";
  if (/Android/i.test(userAgent)) return "Android";
  if (/iPhone|iPad|iPod/i.test(userAgent)) return "iOS";
  if (/Mac OS X|Macintosh/i.test(userAgent)) return "macOS";
  if (/CrOS/i.test(userAgent)) return "ChromeOS";
  if (/Linux/i.test(userAgent)) return "Linux";
  return "Unknown";
}

const BROWSERS: [name: string, pattern: RegExp][] = [
  // Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
  ["Electron", /Electron\/([\d.]+)/],
  ["Edge", /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ["Opera", /OPR\/([\d.]+)/],
  ["Firefox", /(?:Firefox|FxiOS)\/([\d.]+)/],
  ["Chrome", /(?:Chrome|CriOS)\/([\d.]+)/],
  ["Safari", /Version\/([\d.]+).*Safari/],
];

export function detectBrowser(userAgent: string): string {
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${match[1]}`;
  }
  return "Unknown";
}

/** The desktop variant's preload script exposes `window.electron`. */
export function detectEnvironment(target: object | undefined): "electron" | "web" {
  return target !== undefined && "electron" in target && target.electron ? "electron" : "web";
}
