import { useTranslation } from "react-i18next";
import { useSession } from "../../session/session-context.tsx";
import { IconButton } from "../../ui/icon-button.tsx";
import { SignOutIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { useConfirmedSignOut } from "./sign-out-confirm.tsx";

/** The signed-in user's initial, name, e-mail and the sign-out button. */
export function UserCard() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { request: signOut, signingOut, dialog } = useConfirmedSignOut();
  const initial = (user?.name || user?.email || "?").slice(0, 1).toUpperCase();

  return (
    <div className="flex items-center gap-3 rounded-lg px-2 py-2">
      <span
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-white"
        aria-hidden="true"
      >
        {initial}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" data-testid="user-name">
          {user?.name}
        </p>
        <p className="truncate text-xs text-zinc-600 dark:text-zinc-400" data-testid="user-email">
          {user?.email}
        </p>
      </div>
      <IconButton
        surface="column"
        onClick={signOut}
        disabled={signingOut}
        label={t("auth.signOut")}
        title={t("auth.signOut")}
        data-testid="sign-out"
      >
        {signingOut ? <Spinner size={16} /> : <SignOutIcon size={18} />}
      </IconButton>
      {dialog}
    </div>
  );
}
