import { useTranslation } from "react-i18next";
import { Spinner } from "../ui/spinner.tsx";

/** Shown while a slow route (the session check, a lazy page) is still loading. */
export function PendingPage() {
  const { t } = useTranslation();
  return (
    <div
      className="flex h-full min-h-40 items-center justify-center text-zinc-400"
      data-testid="pending"
    >
      <Spinner size={30} label={t("common.loading")} />
    </div>
  );
}
