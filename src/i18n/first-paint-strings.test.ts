import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { runtimeImports } from "../../tests/support/runtime-imports.ts";
import { LATER_NAMESPACES } from "./options.ts";

const ROOT = join(import.meta.dirname, "../..");

/**
 * Files of the page's first chunk that may name a namespace loaded after the start, and why
 * that cannot hold up the first paint.
 */
const WAITING_APART: Record<string, string> = {
  // Rendered under AppControls' own Suspense.
  "src/palette/command-palette.tsx": "AppControls",
  "src/shortcuts/shortcuts-dialog.tsx": "AppControls",
  // Each under a Suspense of its own in the timeline header (after a server read, too).
  "src/views/claims/feed-claim-actions.tsx": "timeline header",
  "src/views/claims/owner-badge.tsx": "timeline header",
  // PowerMenuItems, under a Suspense inside the feed row's menu.
  "src/views/power/feed-power-menu.tsx": "menu items",
  // Label keys only, translated by the palette and the shortcut list (loaded later).
  "src/shortcuts/registry.ts": "keys",
  "contract/shortcuts.ts": "keys",
  // The list itself.
  "src/i18n/options.ts": "list",
};

function namesLaterNamespace(text: string): string[] {
  return LATER_NAMESPACES.filter((namespace) =>
    new RegExp(`useTranslation\\(\\s*\\[?[^)]*"${namespace}"|["\`]${namespace}:`).test(text),
  );
}

describe("strings the timeline's first paint needs", () => {
  it("no module the entry loads statically waits for a namespace loaded after the start", () => {
    const { modules } = runtimeImports([join(ROOT, "src/main.tsx")]);
    const offenders: string[] = [];
    for (const module of modules) {
      if (!module.startsWith(ROOT) || !/\.[jt]sx?$/.test(module)) continue;
      const file = relative(ROOT, module);
      const named = namesLaterNamespace(readFileSync(module, "utf8"));
      if (named.length > 0 && !WAITING_APART[file]) offenders.push(`${file}: ${named.join(", ")}`);
    }
    expect(offenders).toEqual([]);
    // The walk reached the shell and the timeline.
    expect(modules.has(join(ROOT, "src/views/timeline/timeline-page.tsx"))).toBe(true);
  });
});
