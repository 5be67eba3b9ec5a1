import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSyncState } from "../../runtime/use-sync-status.ts";
import { useSignOut } from "../../session/use-sign-out.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";

/**
 * Sign out, asking first while changes still wait to be sent: they are kept on this browser
 * and sent at the next sign-in here, but lost if someone else signs in first (owner.ts).
 */
export function useConfirmedSignOut() {
  const { t } = useTranslation("app");
  const { signOut, signingOut } = useSignOut();
  const { pending } = useSyncState();
  const [asking, setAsking] = useState(false);
  const request = () => {
    if (pending > 0) setAsking(true);
    else void signOut();
  };
  const dialog = (
    <ConfirmDialog
      open={asking}
      title={t("signOutConfirm.title")}
      body={t("signOutConfirm.body", { count: pending })}
      confirmLabel={t("signOutConfirm.confirm")}
      onConfirm={() => void signOut()}
      onClose={() => setAsking(false)}
      testId="sign-out-confirm"
    />
  );
  return { request, signingOut, dialog };
}
