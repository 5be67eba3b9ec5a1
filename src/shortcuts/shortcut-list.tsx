import { useTranslation } from "react-i18next";
import { commandInfoList } from "../commands/catalog.ts";
import { LATER_NAMESPACES } from "../i18n/options.ts";
import { shortcutListing } from "./listing.ts";
import { ShortcutKeys } from "./shortcut-keys.tsx";

/** Every shortcut, grouped in SHORTCUT_GROUPS order (the dialog and the settings page show this). */
export function ShortcutList({ web, columns = 2 }: { web: boolean; columns?: 1 | 2 }) {
  // Command labels name "controls:", "power:" and "integrations:" keys, loaded after the start.
  const { t } = useTranslation(["app", ...LATER_NAMESPACES]);
  const groups = shortcutListing(commandInfoList, { web });
  return (
    <div className={columns === 2 ? "gap-x-8 md:columns-2" : ""} data-testid="shortcut-list">
      {groups.map(({ group, items }) => (
        <section
          key={group}
          className="mb-6 break-inside-avoid"
          data-testid="shortcut-group"
          data-group={group}
        >
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
            {t(`controls:shortcuts.groups.${group}`)}
          </h3>
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {items.map((item) => (
              <li
                key={item.id}
                className="flex items-center justify-between gap-4 py-1.5 text-sm"
                data-testid="shortcut-item"
                data-id={item.id}
              >
                <span>{t(item.labelKey)}</span>
                <ShortcutKeys keys={item.keys} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
