import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../session/session-context.tsx";
import { PageHeader } from "../page.tsx";
import { AirdropCard } from "./airdrop-card.tsx";
import { InvitationPrice } from "./invitation-price.tsx";
import { RankingSection } from "./ranking-section.tsx";
import { TransactionsSection } from "./transactions-section.tsx";
import { useWallet } from "./use-wallet.ts";
import { WalletSummary } from "./wallet-summary.tsx";
import { WithdrawSection } from "./withdraw-section.tsx";

// Only operators ever see these forms: they load when an admin opens the page.
const OperatorSection = lazy(() => import("./admin/operator-section.tsx"));

/**
 * The POWER wallet: balance, level and multiplier, the daily claim, transactions with filters
 * and paging; the page (/power) adds the ranking and, for admins, the operator's tools, while
 * Settings › Power adds withdrawing.
 */
export function WalletView(props: { place: "page" | "settings"; testId: string }) {
  const { t } = useTranslation("power");
  const { user, role } = useSession();
  const [wallet, reload] = useWallet();
  // Every money action reads the wallet again; the lists below follow that read.
  const [revision, setRevision] = useState(0);
  const [seen, setSeen] = useState(wallet);
  if (seen !== wallet) {
    setSeen(wallet);
    if (wallet.status === "ready") setRevision((n) => n + 1);
  }
  const hasWallet = wallet.status === "ready" && wallet.data !== null;
  return (
    <section className="flex min-h-full flex-col" data-testid={props.testId}>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="flex-1 space-y-6 p-6">
        <WalletSummary wallet={wallet} />
        {hasWallet ? (
          <>
            <AirdropCard />
            {props.place === "settings" ? <InvitationPrice /> : null}
            {props.place === "settings" ? <WithdrawSection onDone={reload} /> : null}
            <TransactionsSection userId={user?.id} revision={revision} />
            {props.place === "page" ? (
              <RankingSection userId={user?.id} revision={revision} />
            ) : null}
          </>
        ) : null}
        {props.place === "page" && role === "admin" ? (
          <Suspense fallback={null}>
            <OperatorSection />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}

/** /power. */
export function PowerPage() {
  return <WalletView place="page" testId="power-page" />;
}
