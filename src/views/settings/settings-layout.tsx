import { Link, Outlet } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { PAGE_PATHS } from "../../../contract/routes.ts";
import { useConfirmedSignOut } from "../shell/sign-out-confirm.tsx";
import { SETTINGS_PAGES } from "./panels.ts";

const ITEM =
  "block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-zinc-600 transition-colors " +
  "hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";
const ACTIVE = "bg-accent-soft text-accent hover:bg-accent-soft hover:text-accent";

/** /settings: the panel menu beside the chosen panel. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const { request: signOut, signingOut, dialog: signOutDialog } = useConfirmedSignOut();
  return (
    <div className="flex h-full min-h-0 flex-col md:flex-row" data-testid="settings-layout">
      <nav
        aria-label={t("settings.menuLabel")}
        className="shrink-0 border-zinc-200 p-3 md:w-56 md:border-r dark:border-zinc-800 max-md:border-b"
      >
        <Link
          to={PAGE_PATHS.settings}
          activeOptions={{ exact: true }}
          className="mb-2 hidden px-3 pt-2 text-lg font-semibold md:block"
        >
          {t("settings.title")}
        </Link>
        <ul className="flex gap-1 overflow-x-auto md:flex-col">
          {SETTINGS_PAGES.map((page) => (
            <li key={page}>
              <Link
                to={`${PAGE_PATHS.settings}/${page}`}
                className={ITEM}
                activeProps={{ className: ACTIVE, "aria-current": "page" }}
                data-testid={`settings-nav-${page}`}
              >
                {t(`settings.panels.${page}`)}
              </Link>
            </li>
          ))}
          <li className="md:mt-2 md:border-t md:border-zinc-200 md:pt-2 md:dark:border-zinc-800">
            <button
              type="button"
              onClick={signOut}
              disabled={signingOut}
              className={`${ITEM} w-full text-left text-red-600 dark:text-red-400`}
              data-testid="settings-sign-out"
            >
              {t("settings.panels.signOut")}
            </button>
            {signOutDialog}
          </li>
        </ul>
      </nav>
      <div className="player-room min-h-0 min-w-0 flex-1 overflow-y-auto">
        <Outlet />
      </div>
    </div>
  );
}
