import { Link, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useSession } from "../../session/session-context.tsx";
import { buttonClass } from "../../ui/button.tsx";
import { Logo } from "../../ui/logo.tsx";
import { InvitationCodeForm } from "./invitation-code-form.tsx";

/**
 * Where the app goes when the server says an invitation is needed (code 1003, or the
 * activation toast of a trial limit): the invitation code form.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation("accounts");
  const { user, role } = useSession();
  const navigate = useNavigate();
  return (
    <main
      className="flex min-h-full items-center justify-center bg-zinc-50 p-6 dark:bg-zinc-950"
      data-testid="invitation-page"
    >
      <div className="w-full max-w-md rounded-2xl border border-zinc-200 bg-white p-8 text-center shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <div className="mb-4 flex justify-center">
          <Logo size={40} />
        </div>
        <h1 className="text-xl font-semibold" data-testid="page-title">
          {t("pages.invitation.title")}
        </h1>
        <p className="mt-2 mb-6 text-sm text-zinc-500 dark:text-zinc-400">
          {role === "trial" ? ta("invitation.trial") : t("pages.invitation.description")}
        </p>
        {user ? (
          <InvitationCodeForm onActivated={() => void navigate({ to: "/", replace: true })} />
        ) : null}
        <Link to="/" className={`${buttonClass("outline")} mt-6`}>
          {t("common.backHome")}
        </Link>
      </div>
    </main>
  );
}
