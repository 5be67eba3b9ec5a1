import { createRootRouteWithContext, createRoute, Outlet, redirect } from "@tanstack/react-router";
import { DEFAULT_TIMELINE_PATH } from "../../contract/routes.ts";
import { AppControls } from "../palette/app-controls.tsx";
import { sanitizeRedirect } from "../platform/redirect.ts";
import { RouteErrorPage } from "./error-page.tsx";
import { lazyPage } from "./lazy-page.ts";
import { NotFoundPage } from "./not-found-page.tsx";
import type { RouterContext } from "./router-context.ts";

/**
 * Issue 5 (controls): the theme, global shortcuts, command palette and corner player live beside
 * the outlet, so they outlast every route change (the player keeps playing while browsing).
 */
function RootLayout() {
  return (
    <>
      <Outlet />
      <AppControls />
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => {
    // Any path ending in /index.html goes to the root (a bookmarked or cached entry page).
    if (location.pathname.endsWith("/index.html")) throw redirect({ to: "/", replace: true });
  },
  component: RootLayout,
  errorComponent: RouteErrorPage,
  notFoundComponent: NotFoundPage,
});

/** `/` opens the Articles timeline with default ids. */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ href: DEFAULT_TIMELINE_PATH, replace: true });
  },
});

export interface LoginSearch {
  /** Where to go after signing in; sanitised before use. */
  redirect?: string;
}

function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  return typeof search.redirect === "string" ? { redirect: search.redirect } : {};
}

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "login",
  validateSearch: validateLoginSearch,
  beforeLoad: async ({ context, search }) => {
    // A signed-in user has nothing to do here. If the session check fails, show the form.
    const state = await context.session.ensureLoaded().catch(() => undefined);
    if (state?.status === "authenticated") {
      throw redirect({ href: sanitizeRedirect(search.redirect), replace: true });
    }
  },
  // Signed-out pages: the timeline never needs them, so they stay out of its first paint.
  component: lazyPage(() => import("../views/login/login-page.tsx"), "LoginPage"),
});

export const invitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "invitation",
  component: lazyPage(() => import("../views/pages/invitation-page.tsx"), "InvitationPage"),
});
