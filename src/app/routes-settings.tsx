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
// Issue 5 (controls): real Appearance and Shortcuts panels, bound to src/settings and src/shortcuts.
const appearancePage = lazyPage(
  () => import("../views/settings/appearance-settings-page.tsx"),
  "AppearanceSettingsPage",
);
const shortcutsPage = lazyPage(
  () => import("../views/settings/shortcuts-settings-page.tsx"),
  "ShortcutsSettingsPage",
);
const dataControlPage = lazyPage(
  () => import("../views/settings/data-control-settings-page.tsx"),
  "DataControlSettingsPage",
);
const accountPage = lazyPage(
  () => import("../views/settings/account-settings-page.tsx"),
  "AccountSettingsPage",
);
const profilePage = lazyPage(
  () => import("../views/settings/profile-settings-page.tsx"),
  "ProfileSettingsPage",
);
const feedsPage = lazyPage(
  () => import("../views/settings/feeds-settings-page.tsx"),
  "FeedsSettingsPage",
);
const listsPage = lazyPage(
  () => import("../views/settings/lists-settings-page.tsx"),
  "ListsSettingsPage",
);
const integrationPage = lazyPage(
  () => import("../views/settings/integration-settings-page.tsx"),
  "IntegrationSettingsPage",
);
const invitationsPage = lazyPage(
  () => import("../views/settings/invitations-settings-page.tsx"),
  "InvitationsSettingsPage",
);
const aboutPage = lazyPage(
  () => import("../views/settings/about-settings-page.tsx"),
  "AboutSettingsPage",
);
const notificationsPage = lazyPage(
  () => import("../views/settings/notifications-settings-page.tsx"),
  "NotificationsSettingsPage",
);
const actionsPage = lazyPage(
  () => import("../views/settings/actions-settings-page.tsx"),
  "ActionsSettingsPage",
);
const powerPage = lazyPage(
  () => import("../views/settings/power-settings-page.tsx"),
  "PowerSettingsPage",
);
const privacyPage = lazyPage(
  () => import("../views/settings/privacy-settings-page.tsx"),
  "PrivacySettingsPage",
);
const tokensPage = lazyPage(
  () => import("../views/settings/tokens-settings-page.tsx"),
  "TokensSettingsPage",
);
const PAGES: Partial<Record<(typeof SETTINGS_PAGES)[number], typeof generalPage>> = {
  general: generalPage,
  appearance: appearancePage,
  shortcuts: shortcutsPage,
  "data-control": dataControlPage,
  account: accountPage,
  profile: profilePage,
  list: listsPage,
  integration: integrationPage,
  invitations: invitationsPage,
  about: aboutPage,
  feeds: feedsPage,
  notifications: notificationsPage,
  actions: actionsPage,
  power: powerPage,
  privacy: privacyPage,
  tokens: tokensPage,
};
const panelPage = lazyPage(
  () => import("../views/settings/settings-panel-page.tsx"),
  "SettingsPanelPage",
);

/** One route per sub-page; they share a placeholder until later work gives each its own. */
export const settingsPageRoutes = SETTINGS_PAGES.map((page) =>
  createRoute({
    getParentRoute: () => settingsRoute,
    path: page,
    component: PAGES[page] ?? panelPage,
  }),
);
