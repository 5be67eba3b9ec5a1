import { useTranslation } from "react-i18next";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { useEntryReaders } from "../../services/use-entry-readers.ts";
import { useSession } from "../../session/session-context.tsx";

/** How many faces are drawn; the rest are counted. */
const SHOWN = 8;

/**
 * "Who read this": the avatars of co-subscribers who read the entry (never one whose
 * subscription is private: the server leaves them out), names on hover.
 */
export function EntryReaders({ entryId }: { entryId: string }) {
  const { t } = useTranslation("accounts");
  const { user } = useSession();
  const { readers, total } = useEntryReaders(useRuntime()?.api, entryId, user?.id);
  if (readers.length === 0) return null;
  const more = Math.max(0, total - Math.min(readers.length, SHOWN));
  return (
    <div
      className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400"
      data-testid="entry-readers"
    >
      <ul className="flex -space-x-2" aria-label={t("readers.label")}>
        {readers.slice(0, SHOWN).map((reader) => (
          <li
            key={reader.id}
            title={reader.name}
            data-testid="entry-reader"
            data-user-id={reader.id}
          >
            {reader.image ? (
              <img
                src={reader.image}
                alt={reader.name}
                referrerPolicy="no-referrer"
                className="size-6 rounded-full border-2 border-white object-cover dark:border-zinc-900"
              />
            ) : (
              <span
                role="img"
                aria-label={reader.name}
                className="flex size-6 items-center justify-center rounded-full border-2 border-white bg-zinc-400 text-xs font-semibold text-white dark:border-zinc-900"
              >
                {(reader.name || "?").slice(0, 1).toUpperCase()}
              </span>
            )}
          </li>
        ))}
      </ul>
      <span>{more > 0 ? t("readers.andMore", { count: more }) : t("readers.read")}</span>
    </div>
  );
}
