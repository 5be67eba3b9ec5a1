import type { BackendModule, ReadCallback } from "i18next";

type Bundle = Record<string, unknown>;

// English is bundled so the fallback language is always there; the others load on demand.
const bundled = import.meta.glob<Bundle>("../../locales/en/*.json", {
  eager: true,
  import: "default",
});
const lazy = import.meta.glob<Bundle>(["../../locales/*/*.json", "!../../locales/en/*.json"], {
  import: "default",
});

function fileKey(language: string, namespace: string): string {
  return `../../locales/${language}/${namespace}.json`;
}

/** An i18next backend reading `locales/<language>/<namespace>.json` through Vite's glob import. */
export const localeBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const key = fileKey(language, namespace);
    const eager = bundled[key];
    if (eager) return callback(null, eager);
    const load = lazy[key];
    // A namespace a language does not have yet is simply empty: fallbacks fill it in.
    if (!load) return callback(null, {});
    load().then(
      (bundle) => callback(null, bundle),
      // `false` tells i18next not to retry; it then emits "failedLoading".
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};
