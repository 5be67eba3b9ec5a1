import { Link, useRouterState } from "@tanstack/react-router";
import type { ComponentType, SVGProps } from "react";
import { useTranslation } from "react-i18next";
import { ROUTE_ENTRY_PENDING, ROUTE_FEED_ALL } from "../../../contract/routes.ts";
import {
  ActionsIcon,
  CloseIcon,
  DiscoverIcon,
  PowerIcon,
  RssIcon,
  SettingsIcon,
} from "../../ui/icons.tsx";
import { Logo } from "../../ui/logo.tsx";
import { UserCard } from "./user-card.tsx";
import { VIEW_META } from "./view-meta.tsx";

type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;

const ITEM =
  "flex h-9 items-center gap-3 rounded-lg px-3 text-sm font-medium text-zinc-600 transition-colors " +
  "hover:bg-zinc-200/60 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";
const ACTIVE = "bg-white text-zinc-900 shadow-sm dark:bg-zinc-800 dark:text-white";

const NAV: { to: "/discover" | "/action" | "/power" | "/rsshub"; key: string; icon: Icon }[] = [
  { to: "/discover", key: "nav.discover", icon: DiscoverIcon },
  { to: "/action", key: "nav.actions", icon: ActionsIcon },
  { to: "/power", key: "nav.power", icon: PowerIcon },
  { to: "/rsshub", key: "nav.rsshub", icon: RssIcon },
];

/** The timeline view the current path shows, if any. */
function useActiveView(): number | undefined {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const match = /^\/timeline\/view-(\d+)(?:\/|$)/.exec(pathname);
  return match ? Number(match[1]) : undefined;
}

export function Sidebar({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation();
  const activeView = useActiveView();

  return (
    <div className="flex h-full flex-col bg-zinc-100/80 dark:bg-zinc-900/80 max-lg:bg-zinc-100 max-lg:dark:bg-zinc-900">
      <div className="flex h-14 items-center gap-2.5 px-4">
        <Logo size={26} />
        <span className="text-[15px] font-semibold tracking-tight">{t("app.name")}</span>
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            aria-label={t("nav.closeMenu")}
            className="ml-auto flex size-8 items-center justify-center rounded-lg hover:bg-zinc-200 lg:hidden dark:hover:bg-zinc-800"
          >
            <CloseIcon size={18} />
          </button>
        ) : null}
      </div>

      <nav aria-label={t("nav.label")} className="flex-1 space-y-6 overflow-y-auto px-3 py-2">
        <div>
          <h2 className="px-3 pb-1.5 text-xs font-semibold uppercase tracking-wide text-zinc-400">
            {t("nav.views")}
          </h2>
          <ul className="space-y-0.5">
            {VIEW_META.map(({ view, labelKey, icon: Icon }) => (
              <li key={view}>
                <Link
                  to="/timeline/$timelineId/$feedId/$entryId"
                  params={{
                    timelineId: `view-${view}`,
                    feedId: ROUTE_FEED_ALL,
                    entryId: ROUTE_ENTRY_PENDING,
                  }}
                  className={`${ITEM} ${activeView === view ? ACTIVE : ""}`}
                  aria-current={activeView === view ? "page" : undefined}
                  data-testid={`view-tab-${view}`}
                >
                  <Icon size={18} className={activeView === view ? "text-accent" : undefined} />
                  {t(labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className="px-3 pb-1.5 text-xs font-semibold uppercase tracking-wide text-zinc-400">
            {t("nav.explore")}
          </h2>
          <ul className="space-y-0.5">
            {NAV.map(({ to, key, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className={ITEM}
                  activeProps={{ className: ACTIVE, "aria-current": "page" }}
                  data-testid={`nav-${to.slice(1)}`}
                >
                  <Icon size={18} />
                  {t(key)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </nav>

      <div className="space-y-1 border-t border-zinc-200 p-3 dark:border-zinc-800">
        <Link
          to="/settings"
          className={ITEM}
          activeProps={{ className: ACTIVE, "aria-current": "page" }}
          data-testid="nav-settings"
        >
          <SettingsIcon size={18} />
          {t("nav.settings")}
        </Link>
        <UserCard />
      </div>
    </div>
  );
}
