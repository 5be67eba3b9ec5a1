import { useTranslation } from "react-i18next";
import type { FeedViewType } from "../../../contract/views.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogActions } from "../../ui/dialog.tsx";
import { BalanceLine } from "./balance-line.tsx";
import { useMoneyAction } from "./money-action.ts";
import { RefusalMessage } from "./refusal-message.tsx";
import { useWallet } from "./use-wallet.ts";
import { purchaseList } from "./wallet-calls.ts";

/**
 * Following a list with a fee: the fee is paid to its owner first (online, once; a refusal such
 * as 4002 stays in the dialog), then `onPurchased` follows it as any list is followed.
 */
export function PurchaseListDialog(props: {
  list: { id: string; title: string; fee: number; view: FeedViewType };
  onPurchased(): void;
  onClose(): void;
}) {
  const { t } = useTranslation("power");
  const [wallet] = useWallet();
  const action = useMoneyAction();
  async function pay() {
    const done = await action.run((api, headers) =>
      purchaseList(api, headers, { listId: props.list.id, view: props.list.view }),
    );
    if (done) {
      props.onPurchased();
      props.onClose();
    }
  }
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={t("purchase.title", { title: props.list.title })}
      description={t("purchase.body", { fee: props.list.fee })}
      testId="purchase-list-dialog"
    >
      <BalanceLine wallet={wallet} />
      <RefusalMessage refusal={action.refusal} testId="purchase-list" />
      <DialogActions>
        <Button variant="ghost" onClick={props.onClose}>
          {t("cancel")}
        </Button>
        <Button
          loading={action.busy}
          onClick={() => void pay()}
          data-testid="purchase-list-confirm"
        >
          {t("purchase.confirm", { fee: props.list.fee })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
