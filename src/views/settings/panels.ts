/**
 * The settings sub-pages (their routes and labels, plus "account": e-mail, password,
 * two-factor and deleting the account; "tokens": app passwords and access tokens), in the order
 * the settings menu shows them.
 */
export const SETTINGS_PAGES = [
  "general",
  "appearance",
  "notifications",
  "shortcuts",
  "integration",
  "feeds",
  "list",
  "actions",
  "invitations",
  "power",
  "profile",
  "account",
  "tokens",
  "privacy",
  "data-control",
  "about",
] as const;

export type SettingsPage = (typeof SETTINGS_PAGES)[number];

function isSettingsPage(value: unknown): value is SettingsPage {
  return typeof value === "string" && (SETTINGS_PAGES as readonly string[]).includes(value);
}

/** The settings page a path shows: the last segment of the path, e.g. "data-control". */
export function settingsPageFromPath(pathname: string): SettingsPage | undefined {
  const segment = pathname.replace(/\/+$/, "").split("/")[2];
  return isSettingsPage(segment) ? segment : undefined;
}
