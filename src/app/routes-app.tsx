import { createRoute, redirect } from "@tanstack/react-router";
import { AppShell } from "../views/shell/app-shell.tsx";
import { EntryPane } from "../views/timeline/entry-pane.tsx";
import { TimelinePage } from "../views/timeline/timeline-page.tsx";
import { lazyPage } from "./lazy-page.ts";
import { rootRoute } from "./routes-root.tsx";
import { throwIfTestErrorRequested, wantsTestError } from "./test-hooks.ts";

/** The signed-in part of the app: the shell around every product page. */
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "app",
  beforeLoad: async ({ context, location }) => {
    const state = await context.session.ensureLoaded();
    if (state.status !== "authenticated") {
      throw redirect({ to: "/login", search: { redirect: location.href }, replace: true });
    }
  },
  // The test hook's flag is a loader dependency, so adding `?__throw=1` reruns the loader.
  loaderDeps: ({ search }) => ({ testError: wantsTestError(search as Record<string, unknown>) }),
  loader: ({ deps }) => throwIfTestErrorRequested({ __throw: deps.testError }),
  component: AppShell,
});

export const timelineRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: "timeline/$timelineId/$feedId",
  component: TimelinePage,
});

/** Optional child: the entry detail; `pending` means none is open yet. */
export const entryRoute = createRoute({
  getParentRoute: () => timelineRoute,
  path: "$entryId",
  component: EntryPane,
});

export const actionRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: "action",
  // Its own chunk: the rule editor brings the RE2 regex engine.
  component: lazyPage(() => import("../views/pages/action-page.tsx"), "ActionPage"),
});

export const discoverRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: "discover",
  component: lazyPage(() => import("../views/discover/discover-page.tsx"), "DiscoverPage"),
});

export const discoverCategoryRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: "discover/category/$category",
  component: lazyPage(() => import("../views/discover/category-page.tsx"), "DiscoverCategoryPage"),
});

export const discoverListRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: "discover/list/$listId",
  component: lazyPage(() => import("../views/discover/list-page.tsx"), "ListPage"),
});

export const powerRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: "power",
  component: lazyPage(() => import("../views/power/power-page.tsx"), "PowerPage"),
});

export const rsshubRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: "rsshub",
  component: lazyPage(() => import("../views/rsshub/rsshub-page.tsx"), "RsshubPage"),
});

/** The daily AI report: the digests of 8 AM and 8 PM. */
export const dailyReportRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: "daily-report",
  component: lazyPage(() => import("../views/ai/daily-report-page.tsx"), "DailyReportPage"),
});

/** Highlights and notes of every entry, searchable, with their tags' timelines. */
export const highlightsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: "highlights",
  component: lazyPage(() => import("../views/highlights/highlights-page.tsx"), "HighlightsPage"),
});
