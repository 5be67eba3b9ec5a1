import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../../contract/api/info.ts";
import { useAppServices } from "../../../runtime/app-services.tsx";
import { useReloadableRead } from "../../../services/server-read.ts";
import { Button } from "../../../ui/button.tsx";
import { SettingsSection } from "../../../ui/setting-rows.tsx";
import { formatPower } from "../amount.ts";

/** The ledger's audit: whether every transaction balances and every balance matches its postings. */
export function AuditPanel() {
  const { t, i18n } = useTranslation("power");
  const { api } = useAppServices();
  const [audit, rerun] = useReloadableRead(api, "audit", (client, _input, signal) =>
    client.call(endpointInfo.wallets.adminAudit, {}, { silent: true, signal }),
  );
  const format = (units: string) => formatPower(units, i18n.language);
  return (
    <SettingsSection title={t("admin.audit.title")}>
      <div className="space-y-2 p-4 text-sm" data-testid="admin-audit">
        {audit.status === "failed" ? (
          <p role="alert" className="text-red-600">
            {audit.message}
          </p>
        ) : null}
        {audit.status === "ready" ? (
          <>
            <p
              className={`font-medium ${audit.data.data.balanced ? "text-emerald-700 dark:text-emerald-400" : "text-red-600"}`}
              data-testid="admin-audit-result"
              data-balanced={audit.data.data.balanced ? "true" : "false"}
            >
              {audit.data.data.balanced ? t("admin.audit.balanced") : t("admin.audit.unbalanced")}
            </p>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
              <dt className="text-zinc-500">{t("admin.audit.minted")}</dt>
              <dd className="tabular-nums">{format(audit.data.data.minted)}</dd>
              <dt className="text-zinc-500">{t("admin.audit.burned")}</dt>
              <dd className="tabular-nums">{format(audit.data.data.burned)}</dd>
              <dt className="text-zinc-500">{t("admin.audit.circulating")}</dt>
              <dd className="tabular-nums">{format(audit.data.data.circulating)}</dd>
              <dt className="text-zinc-500">{t("admin.audit.transactions")}</dt>
              <dd className="tabular-nums">{audit.data.data.transactions}</dd>
            </dl>
            {[...audit.data.data.mismatchedAccounts, ...audit.data.data.unbalancedTransactions].map(
              (id) => (
                <p key={id} className="font-mono text-xs text-red-600">
                  {id}
                </p>
              ),
            )}
          </>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          onClick={() => void rerun()}
          data-testid="admin-audit-run"
        >
          {t("admin.audit.run")}
        </Button>
      </div>
    </SettingsSection>
  );
}
