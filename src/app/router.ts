import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { RouteErrorPage } from "./error-page.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { PendingPage } from "./pending-page.tsx";
import type { RouterContext } from "./router-context.ts";
import { routeTree } from "./routes.ts";

export interface AppRouterOptions {
  history?: RouterHistory;
  /** Tests run the router in Node; say which lane to use rather than letting it guess. */
  isServer?: boolean;
}

export function createAppRouter(context: RouterContext, options: AppRouterOptions = {}) {
  return createRouter({
    routeTree,
    context,
    history: options.history,
    isServer: options.isServer,
    defaultPreload: "intent",
    defaultPendingComponent: PendingPage,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteErrorPage,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}
