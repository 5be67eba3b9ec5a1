import { useState } from "react";
import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../../contract/api/info.ts";
import { useAppServices } from "../../../runtime/app-services.tsx";
import { useReloadableRead } from "../../../services/server-read.ts";
import { Button } from "../../../ui/button.tsx";
import { FIELD_CLASS } from "../../../ui/fields.tsx";
import { fullTime } from "../../../ui/format.ts";
import { SettingsSection } from "../../../ui/setting-rows.tsx";
import { formatPower } from "../amount.ts";
import { useMoneyAction } from "../money-action.ts";
import { RefusalMessage } from "../refusal-message.tsx";
import type { Transaction } from "../wallet-calls.ts";

/** One pending withdrawal: who, how much, to which address; settled with the payment's reference. */
function PendingWithdrawal(props: { row: Transaction; onSettled(): void }) {
  const { t, i18n } = useTranslation("power");
  const action = useMoneyAction();
  const [reference, setReference] = useState("");
  const { row } = props;
  return (
    <li className="space-y-2 p-4" data-testid="admin-withdrawal">
      <p className="text-sm">
        <span className="font-medium tabular-nums">
          {formatPower(row.powerToken, i18n.language)}
        </span>{" "}
        · {row.fromUser?.name ?? row.fromUserId} · {fullTime(row.createdAt, i18n.language)}
      </p>
      {row.address ? (
        <p className="text-xs text-zinc-500" data-testid="admin-withdrawal-address">
          {t("admin.withdrawals.address")}:{" "}
          <span className="font-mono break-all">{row.address}</span>
        </p>
      ) : null}
      <form
        className="flex gap-2"
        onSubmit={async (event) => {
          event.preventDefault();
          const done = await action.run((api, headers) =>
            api.call(
              endpointInfo.wallets.adminSettle,
              { transactionHash: row.hash, reference: reference.trim() },
              { silent: true, retry: false, headers },
            ),
          );
          if (done) props.onSettled();
        }}
      >
        <input
          className={FIELD_CLASS}
          aria-label={t("admin.withdrawals.reference")}
          placeholder={t("admin.withdrawals.reference")}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          data-testid="admin-withdrawal-reference"
        />
        <Button
          type="submit"
          size="sm"
          loading={action.busy}
          disabled={!reference.trim()}
          data-testid="admin-withdrawal-settle"
        >
          {t("admin.withdrawals.settle")}
        </Button>
      </form>
      <RefusalMessage refusal={action.refusal} testId="admin-withdrawal" />
    </li>
  );
}

/** Pending withdrawals, oldest first, each settled by recording how it was paid out. */
export function WithdrawalsPanel() {
  const { t } = useTranslation("power");
  const { api } = useAppServices();
  const [pending, reload] = useReloadableRead(api, "withdrawals", (client, _input, signal) =>
    client.call(endpointInfo.wallets.adminWithdrawals, {}, { silent: true, signal }),
  );
  return (
    <SettingsSection title={t("admin.withdrawals.title")}>
      {pending.status === "failed" ? (
        <p role="alert" className="p-4 text-sm text-red-600">
          {pending.message}
        </p>
      ) : null}
      {pending.status === "ready" && pending.data.data.length === 0 ? (
        <p className="p-4 text-sm text-zinc-500">{t("admin.withdrawals.none")}</p>
      ) : null}
      {pending.status === "ready" ? (
        <ul
          className="divide-y divide-zinc-200 dark:divide-zinc-800"
          data-testid="admin-withdrawals"
        >
          {pending.data.data.map((row) => (
            <PendingWithdrawal key={row.hash} row={row} onSettled={() => void reload()} />
          ))}
        </ul>
      ) : null}
    </SettingsSection>
  );
}
