import { execFileSync } from "node:child_process";

/**
 * The screenshots show Japanese and Chinese text (the language switcher names each language in
 * its own script): without a CJK font, Chromium draws boxes. Checks fontconfig for each, and
 * installs Noto CJK when it can (root with apt-get, as in CI containers); otherwise stops and
 * says what to install.
 */
const LANGUAGES = ["ja", "zh-cn", "zh-tw"] as const;
const PACKAGE = "fonts-noto-cjk";

function run(command: string, args: string[]): string | null {
  try {
    return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch {
    return null;
  }
}

/** The languages fontconfig has no font for (all of them when fc-list itself is missing). */
export function missingCjkLanguages(): string[] {
  return LANGUAGES.filter((language) => !run("fc-list", [`:lang=${language}`, "family"])?.trim());
}

export function ensureCjkFonts(log: (message: string) => void = console.log): void {
  if (process.platform !== "linux") return; // macOS and Windows ship CJK fonts.
  let missing = missingCjkLanguages();
  if (missing.length === 0) return;
  const root = process.getuid?.() === 0;
  if (root && run("apt-get", ["--version"]) !== null) {
    log(`No font for ${missing.join(", ")}: installing ${PACKAGE}…`);
    run("apt-get", ["update"]);
    run("apt-get", ["install", "-y", "--no-install-recommends", PACKAGE]);
    run("fc-cache", ["-f"]);
    missing = missingCjkLanguages();
  }
  if (missing.length > 0) {
    throw new Error(
      `No font for ${missing.join(", ")}: the screenshots would show boxes for Japanese and ` +
        `Chinese text. Install one first (Debian/Ubuntu: sudo apt-get install ${PACKAGE}; ` +
        `elsewhere any Noto Sans CJK or Source Han Sans package), then run the script again.`,
    );
  }
}
