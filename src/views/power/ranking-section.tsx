import { useTranslation } from "react-i18next";
import { useAppServices } from "../../runtime/app-services.tsx";
import { useRead } from "../../services/server-read.ts";
import { SettingsSection } from "../../ui/setting-rows.tsx";
import { formatPower } from "./amount.ts";
import { readRanking } from "./wallet-calls.ts";

/** Who holds the most POWER on this server: rank, name, balance; this user's row marked. */
export function RankingSection(props: { userId: string | undefined; revision: number }) {
  const { t, i18n } = useTranslation("power");
  const { api } = useAppServices();
  const ranking = useRead(api, props.revision, (client, _input, signal) =>
    readRanking(client, signal),
  );
  return (
    <SettingsSection title={t("ranking.title")}>
      {ranking.status === "failed" ? (
        <p role="alert" className="p-4 text-sm text-red-600">
          {ranking.message}
        </p>
      ) : null}
      {ranking.status === "ready" && ranking.data.length === 0 ? (
        <p className="p-4 text-sm text-zinc-500">{t("ranking.empty")}</p>
      ) : null}
      {ranking.status === "ready" && ranking.data.length > 0 ? (
        <ol className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800" data-testid="ranking">
          {ranking.data.map((row) => (
            <li
              key={row.userId}
              className={`flex items-center gap-3 px-4 py-2 ${row.userId === props.userId ? "bg-accent-soft" : ""}`}
              data-testid="ranking-row"
              data-me={row.userId === props.userId ? "true" : undefined}
            >
              <span className="w-8 text-right font-semibold tabular-nums">{row.rank}</span>
              <span className="min-w-0 flex-1 truncate">{row.name ?? row.userId}</span>
              <span className="tabular-nums">{formatPower(row.powerToken, i18n.language)}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </SettingsSection>
  );
}
