import { RouterProvider } from "@tanstack/react-router";
import { I18nextProvider } from "react-i18next";
import { i18n } from "../i18n/index.ts";
import { type AppServices, AppServicesProvider } from "../runtime/app-services.tsx";
import { SessionProvider } from "../session/session-context.tsx";
import type { SessionService } from "../session/session-service.ts";
import { AppToaster } from "../ui/toaster.tsx";
import type { AppRouter } from "./router.ts";

/** Providers around the router: translations, the session, app services and the toast outlet. */
export function App({
  router,
  session,
  services,
}: {
  router: AppRouter;
  session: SessionService;
  services: AppServices;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <SessionProvider service={session}>
        <AppServicesProvider services={services}>
          <RouterProvider router={router} />
          <AppToaster />
        </AppServicesProvider>
      </SessionProvider>
    </I18nextProvider>
  );
}
