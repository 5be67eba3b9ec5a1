import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { formatBinding } from "./format.ts";
import { IS_MAC } from "./platform.ts";

const KBD =
  "inline-flex h-5 min-w-5 items-center justify-center rounded border border-zinc-300 bg-zinc-50 px-1 " +
  "font-sans text-[11px] font-medium text-zinc-600 shadow-[0_1px_0_rgb(0_0_0/0.08)] " +
  "dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-300";

/** One binding as key caps in display order (modifiers first). */
export function KeyCaps({ binding }: { binding: string }) {
  return (
    <span className="inline-flex items-center gap-0.5" data-testid="key-caps">
      {formatBinding(binding, IS_MAC).map((cap, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: caps of one binding never reorder.
        <kbd key={index} className={KBD}>
          {cap}
        </kbd>
      ))}
    </span>
  );
}

/** All bindings of an action: "J or ↓". */
export function ShortcutKeys({ keys }: { keys: readonly string[] }) {
  const { t } = useTranslation("controls");
  return (
    <span className="inline-flex flex-wrap items-center gap-1 text-xs text-zinc-400">
      {keys.map((binding, index) => (
        <Fragment key={binding}>
          {index > 0 ? <span>{t("shortcuts.or")}</span> : null}
          <KeyCaps binding={binding} />
        </Fragment>
      ))}
    </span>
  );
}
