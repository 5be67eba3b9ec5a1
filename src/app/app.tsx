import { RouterProvider } from "@tanstack/react-router";
import { I18nextProvider } from "react-i18next";
import { i18n } from "../i18n/index.ts";
import { SessionProvider } from "../session/session-context.tsx";
import type { SessionService } from "../session/session-service.ts";
import { AppToaster } from "../ui/toaster.tsx";
import type { AppRouter } from "./router.ts";

/** Providers around the router: translations, the session and the toast outlet. */
export function App({ router, session }: { router: AppRouter; session: SessionService }) {
  return (
    <I18nextProvider i18n={i18n}>
      <SessionProvider service={session}>
        <RouterProvider router={router} />
        <AppToaster />
      </SessionProvider>
    </I18nextProvider>
  );
}
