import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAppServices } from "../../runtime/app-services.tsx";
import { useRead } from "../../services/server-read.ts";
import { Button } from "../../ui/button.tsx";
import { fullTime } from "../../ui/format.ts";
import { SettingsSection } from "../../ui/setting-rows.tsx";
import { formatPower } from "./amount.ts";
import { counterpart, isOutgoing } from "./transaction-parties.ts";
import {
  readTransactions,
  TRANSACTION_TYPES,
  type TransactionPage,
  type TransactionType,
} from "./wallet-calls.ts";

/**
 * The wallet's transactions, newest first, filtered by type, one page at a time (older pages
 * under "Show older"); revision reads again after a money action.
 */
export function TransactionsSection(props: { userId: string | undefined; revision: number }) {
  const { t, i18n } = useTranslation("power");
  const { api } = useAppServices();
  const [type, setType] = useState<TransactionType | "all">("all");
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const page = useRead(api, { type, cursor, revision: props.revision }, (client, input, signal) =>
    readTransactions(
      client,
      { type: input.type === "all" ? null : input.type, cursor: input.cursor },
      signal,
    ),
  );
  const choose = (next: TransactionType | "all") => {
    setType(next);
    setCursors([null]);
  };
  const data: TransactionPage | null = page.status === "ready" ? page.data : null;

  return (
    <SettingsSection title={t("transactions.title")}>
      <fieldset
        className="flex flex-wrap gap-1.5 p-3 m-0 min-w-0 border-0"
        aria-label={t("transactions.filter")}
      >
        {(["all", ...TRANSACTION_TYPES] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={type === option}
            onClick={() => choose(option)}
            data-testid={`transactions-filter-${option}`}
            className={`h-7 rounded-full px-3 text-xs font-medium ${
              type === option
                ? "bg-accent text-white"
                : "bg-zinc-100 text-zinc-700 hover:bg-zinc-200 dark:bg-zinc-800 dark:text-zinc-300"
            }`}
          >
            {t(`transactions.types.${option}`)}
          </button>
        ))}
      </fieldset>
      {page.status === "failed" ? (
        <p role="alert" className="p-4 text-sm text-red-600">
          {page.message}
        </p>
      ) : null}
      {data && data.rows.length === 0 ? (
        <p className="p-4 text-sm text-zinc-500" data-testid="transactions-empty">
          {t("transactions.empty")}
        </p>
      ) : null}
      {data && data.rows.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="transactions-table">
            <thead className="text-left text-xs text-zinc-500 uppercase">
              <tr>
                <th className="px-4 py-2 font-medium">{t("transactions.type")}</th>
                <th className="px-4 py-2 text-right font-medium">{t("transactions.amount")}</th>
                <th className="px-4 py-2 font-medium">{t("transactions.with")}</th>
                <th className="px-4 py-2 font-medium">{t("transactions.date")}</th>
                <th className="px-4 py-2 font-medium">{t("transactions.tx")}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => {
                const outgoing = isOutgoing(row, props.userId);
                return (
                  <tr
                    key={row.hash}
                    className="border-t border-zinc-200 dark:border-zinc-800"
                    data-testid="transaction-row"
                    data-type={row.type}
                  >
                    <td className="px-4 py-2">{t(`transactions.types.${row.type}`)}</td>
                    <td
                      className={`px-4 py-2 text-right tabular-nums ${outgoing ? "" : "text-emerald-700 dark:text-emerald-400"}`}
                    >
                      {outgoing ? "−" : "+"}
                      {formatPower(row.powerToken, i18n.language)}
                    </td>
                    <td className="max-w-48 truncate px-4 py-2">
                      {counterpart(row, props.userId, t("transactions.system"))}
                    </td>
                    <td className="px-4 py-2 whitespace-nowrap">
                      {row.createdAt ? fullTime(row.createdAt, i18n.language) : ""}
                    </td>
                    <td className="max-w-32 truncate px-4 py-2 font-mono text-xs" title={row.hash}>
                      {row.hash.slice(0, 10)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="flex justify-between gap-2 p-3">
        <Button
          variant="ghost"
          size="sm"
          disabled={cursors.length <= 1}
          onClick={() => setCursors(cursors.slice(0, -1))}
          data-testid="transactions-newer"
        >
          {t("transactions.newer")}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={!data?.next}
          onClick={() => data?.next && setCursors([...cursors, data.next])}
          data-testid="transactions-older"
        >
          {t("transactions.older")}
        </Button>
      </div>
    </SettingsSection>
  );
}
