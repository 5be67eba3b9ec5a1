import { useTranslation } from "react-i18next";
import type { MoneyRefusal } from "./money-action.ts";

/** A refused money action under its form: the catalogue's words and the code to look up. */
export function RefusalMessage(props: { refusal: MoneyRefusal | null; testId: string }) {
  const { t } = useTranslation("power");
  if (!props.refusal) return null;
  const { code, message } = props.refusal;
  return (
    <p
      role="alert"
      data-testid={`${props.testId}-refusal`}
      data-code={code}
      className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300"
    >
      {message}
      {code !== undefined ? (
        <span className="ml-1 text-xs opacity-80">{t("code", { code })}</span>
      ) : null}
    </p>
  );
}
