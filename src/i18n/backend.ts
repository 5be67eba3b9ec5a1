import type { BackendModule, ReadCallback } from "i18next";

type Bundle = Record<string, unknown>;

// English is bundled so the fallback language is always there, except the namespaces the first
// paint does not show (LATER_NAMESPACES in ./options.ts; a test keeps the lists equal), which
// come in one chunk of their own (./english-later.ts).
const bundled = import.meta.glob<Bundle>(
  [
    "../../locales/en/*.json",
    "!../../locales/en/accounts.json",
    "!../../locales/en/discover.json",
    "!../../locales/en/power.json",
    "!../../locales/en/integrations.json",
    "!../../locales/en/controls.json",
    "!../../locales/en/claims.json",
  ],
  { eager: true, import: "default" },
);
const loadEnglishLater = () => import("./english-later.ts").then((m) => m.default);
// Every other language is one chunk with all its namespaces (./packs/<language>.ts), loaded once
// when i18next first asks for one of them: one request instead of one per namespace, and the
// page carries three loaders instead of some fifty.
const packs = import.meta.glob<Record<string, Bundle>>("./packs/*.ts", { import: "default" });
const loadedPacks = new Map<string, Promise<Record<string, Bundle>>>();

function fileKey(language: string, namespace: string): string {
  return `../../locales/${language}/${namespace}.json`;
}

/** A namespace's strings when they are not bundled; undefined when the language lacks it. */
function loadLater(language: string, namespace: string): Promise<Bundle> | undefined {
  const load = language === "en" ? loadEnglishLater : packs[`./packs/${language}.ts`];
  if (!load) return undefined;
  let pack = loadedPacks.get(language);
  if (!pack) {
    pack = load();
    loadedPacks.set(language, pack);
    // A failed pack may be asked for again (the next language switch), not kept failed.
    pack.catch(() => loadedPacks.delete(language));
  }
  // A namespace a language does not have yet is simply empty: fallbacks fill it in.
  const key =
    language === "en" ? fileKey(language, namespace) : `../${fileKey(language, namespace)}`;
  return pack.then((files) => files[key] ?? {});
}

/** An i18next backend reading `locales/<language>/<namespace>.json` through Vite's glob import. */
export const localeBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const key = fileKey(language, namespace);
    const eager = bundled[key];
    if (eager) return callback(null, eager);
    const load = loadLater(language, namespace);
    // A language without a pack is simply empty: fallbacks fill it in.
    if (!load) return callback(null, {});
    load.then(
      (bundle) => callback(null, bundle),
      // `false` tells i18next not to retry; it then emits "failedLoading".
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};
