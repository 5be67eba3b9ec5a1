import { useTranslation } from "react-i18next";
import { AuditPanel } from "./audit-panel.tsx";
import { AirdropForm, DailyPoolForm, MintForm } from "./operator-forms.tsx";
import { WithdrawalsPanel } from "./withdrawals-panel.tsx";

/**
 * The operator's tools, shown on /power to admins only (the server refuses these calls to
 * anyone else anyway): mint, the daily pool, settling withdrawals, airdrops, the ledger audit.
 */
export default function OperatorSection() {
  const { t } = useTranslation("power");
  return (
    <section className="space-y-6" data-testid="power-operator">
      <div>
        <h2 className="text-lg font-semibold">{t("admin.title")}</h2>
        <p className="text-sm text-zinc-500">{t("admin.description")}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <MintForm />
        <DailyPoolForm />
        <AirdropForm />
        <AuditPanel />
      </div>
      <WithdrawalsPanel />
    </section>
  );
}
