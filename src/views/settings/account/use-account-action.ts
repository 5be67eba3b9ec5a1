import { useState } from "react";
import { useTranslation } from "react-i18next";
import { translate } from "../../../i18n/index.ts";
import { type AuthErrorText, authErrorMessage } from "../../../session/auth-error.ts";

/**
 * One account action of a form: busy while it runs, and its failure as inline text (the
 * catalogue's words for the code, plus the server's reason), never a toast.
 */
export function useAccountAction() {
  const { t } = useTranslation("accounts");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthErrorText | null>(null);
  async function run<T>(action: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    try {
      return await action();
    } catch (cause) {
      setError(
        authErrorMessage(cause, translate, {
          network: t("networkError"),
          unknown: t("unknownError"),
        }),
      );
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, run };
}
