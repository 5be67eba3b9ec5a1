import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { parseClientEnv } from "./app/env.ts";
import { installPreloadErrorHandler } from "./app/lazy-page.ts";
import { registerServiceWorker } from "./app/service-worker.ts";
import { createServices } from "./app/services.ts";
import { prewarmDatabase } from "./db/prewarm.ts";
import { i18n, initI18n } from "./i18n/index.ts";
import { localSessionCache } from "./session/session-cache.ts";
import { browserStorage } from "./settings/storage.ts";
import { toast } from "./ui/toaster.tsx";
import { takeNewUserFragment } from "./views/onboarding/guide-store.ts";
import "./styles.css";

async function start(rootElement: HTMLElement) {
  installPreloadErrorHandler();
  takeNewUserFragment(browserStorage(), window.location, window.history);
  // A returning signed-in user will want their local database: open it alongside the rest.
  if (localSessionCache().read()) prewarmDatabase();
  const env = parseClientEnv(import.meta.env, window.location.origin);
  await initI18n({
    onLanguagePackFailed: () => toast.error(i18n.t("errors:languagePack.failed")),
  });
  const { router, session, api, connectivity, optional } = createServices(env);
  registerServiceWorker();
  createRoot(rootElement).render(
    <StrictMode>
      <App
        router={router}
        session={session}
        services={{ api: api.fetch, connectivity, optional }}
      />
    </StrictMode>,
  );
}

const rootElement = document.getElementById("root")!;
start(rootElement).catch((error: unknown) => {
  // Nothing else can render without env or i18n: say so plainly rather than show a blank page.
  console.error(error);
  rootElement.textContent = error instanceof Error ? error.message : String(error);
});
