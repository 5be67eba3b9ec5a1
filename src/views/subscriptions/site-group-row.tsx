import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDownIcon, GlobeIcon } from "../../ui/icons.tsx";
import { UnreadBadge } from "../../ui/unread-badge.tsx";
import { ROW } from "./row-style.ts";
import type { SiteGroup } from "./site-groups.ts";

/**
 * Feeds of one site shown together (the autoGroup setting). Not a folder: it has no timeline
 * or menu of its own, only a toggle; putting the feeds in a folder is still the user's choice.
 */
export function SiteGroupRow({ group, children }: { group: SiteGroup; children: ReactNode }) {
  const { t } = useTranslation("onboarding");
  const [collapsed, setCollapsed] = useState(false);
  const listId = useId();
  return (
    <li data-testid="site-group" data-host={group.host}>
      <button
        type="button"
        onClick={() => setCollapsed((value) => !value)}
        aria-expanded={!collapsed}
        aria-controls={listId}
        aria-label={t(collapsed ? "siteGroup.expand" : "siteGroup.collapse", { site: group.host })}
        className={`${ROW} pr-2.5`}
      >
        <ChevronDownIcon
          size={14}
          className={`shrink-0 text-muted transition-transform motion-reduce:transition-none ${collapsed ? "-rotate-90" : ""}`}
        />
        <GlobeIcon size={16} className="shrink-0 text-muted" />
        <span className="min-w-0 flex-1 truncate text-left">{group.host}</span>
        <UnreadBadge count={group.unread} />
      </button>
      {collapsed ? null : (
        <ul id={listId} className="space-y-px">
          {children}
        </ul>
      )}
    </li>
  );
}
