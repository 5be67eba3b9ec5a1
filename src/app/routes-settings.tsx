import { createRoute } from "@tanstack/react-router";
import { SETTINGS_PAGES } from "../views/settings/panels.ts";
import { lazyPage } from "./lazy-page.ts";
import { appLayoutRoute } from "./routes-app.tsx";

export const settingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: "settings",
  component: lazyPage(() => import("../views/settings/settings-layout.tsx"), "SettingsLayout"),
});

export const settingsIndexRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: "/",
  component: lazyPage(() => import("../views/settings/settings-index.tsx"), "SettingsIndex"),
});

const generalPage = lazyPage(
  () => import("../views/settings/general-settings-page.tsx"),
  "GeneralSettingsPage",
);
const panelPage = lazyPage(
  () => import("../views/settings/settings-panel-page.tsx"),
  "SettingsPanelPage",
);

/** One route per sub-page; they share a placeholder until later work gives each its own. */
export const settingsPageRoutes = SETTINGS_PAGES.map((page) =>
  createRoute({
    getParentRoute: () => settingsRoute,
    path: page,
    component: page === "general" ? generalPage : panelPage,
  }),
);
