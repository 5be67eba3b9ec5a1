import {
  actionRoute,
  appLayoutRoute,
  dailyReportRoute,
  discoverCategoryRoute,
  discoverListRoute,
  discoverRoute,
  entryRoute,
  highlightsRoute,
  powerRoute,
  rsshubRoute,
  timelineRoute,
} from "./routes-app.tsx";
import { indexRoute, invitationRoute, loginRoute, rootRoute } from "./routes-root.tsx";
import { settingsIndexRoute, settingsPageRoutes, settingsRoute } from "./routes-settings.tsx";

/** The whole route table: every page of the app, in one place. */
export const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  invitationRoute,
  appLayoutRoute.addChildren([
    timelineRoute.addChildren([entryRoute]),
    actionRoute,
    discoverRoute,
    discoverCategoryRoute,
    discoverListRoute,
    powerRoute,
    rsshubRoute,
    dailyReportRoute,
    highlightsRoute,
    settingsRoute.addChildren([settingsIndexRoute, ...settingsPageRoutes]),
  ]),
]);
