import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../contract/api/info.ts";
import { type AppServices, useAppServices } from "../../runtime/app-services.tsx";
import { writeOnline } from "../../services/online-write.ts";
import { useReloadableRead } from "../../services/server-read.ts";
import { useSession } from "../../session/session-context.tsx";
import { Button } from "../../ui/button.tsx";
import { SettingsSection } from "../../ui/setting-rows.tsx";
import { PageHeader } from "../page.tsx";
import { InvitationCodeForm } from "../pages/invitation-code-form.tsx";
import { FormMessage } from "./account/form-message.tsx";
import { useAccountAction } from "./account/use-account-action.ts";

interface Invitation {
  code: string;
  createdAt: string;
  usedBy: string | null;
}

interface InvitationsPage {
  codes: Invitation[] | null;
  left: number | null;
  names: Record<string, string>;
}

const NOTHING_YET: InvitationsPage = { codes: null, left: null, names: {} };

/** The codes, how many more may be made, and the names of who used them; a part that cannot be
 * read stays empty. */
async function readInvitations(api: AppServices["api"]): Promise<InvitationsPage> {
  const [listed, limitation] = await Promise.all([
    api.call(endpointInfo.invitations.list, {}, { silent: true }).catch(() => null),
    api.call(endpointInfo.invitations.limitation, {}, { silent: true }).catch(() => null),
  ]);
  const users = [...new Set((listed?.data ?? []).flatMap((c) => (c.usedBy ? [c.usedBy] : [])))];
  const profiles =
    users.length > 0
      ? await api
          .call(endpointInfo.profiles.batch, { ids: users }, { silent: true })
          .catch(() => null)
      : null;
  return {
    codes: listed ? [...listed.data] : null,
    left: limitation ? limitation.data : null,
    names: Object.fromEntries(Object.values(profiles?.data ?? {}).map((p) => [p.id, p.name])),
  };
}

/**
 * /settings/invitations: the codes this user created (code, created, used by whom), how many
 * more they may create, and creating one. A trial account enters a code here instead.
 */
export function InvitationsSettingsPage() {
  const { t, i18n } = useTranslation("accounts");
  const { api } = useAppServices();
  const { role } = useSession();
  const action = useAccountAction();
  // A trial account has no codes to list: it enters one instead.
  const [read, reload] = useReloadableRead(
    api,
    role === "trial" ? null : "invitations",
    readInvitations,
  );
  const { codes, left, names } = read.status === "ready" ? read.data : NOTHING_YET;

  async function create() {
    await action.run(() =>
      writeOnline(api, endpointInfo.invitations.create, {}, { silent: true, thenRead: reload }),
    );
  }

  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  return (
    <section data-testid="settings-page-invitations">
      <PageHeader title={t("invitations.title")} description={t("invitations.description")} />
      <div className="space-y-6 p-6">
        {role === "trial" ? (
          <SettingsSection title={t("invitation.activateTitle")}>
            <div className="p-4">
              <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
                {t("invitation.trial")}
              </p>
              <InvitationCodeForm onActivated={() => undefined} />
            </div>
          </SettingsSection>
        ) : (
          <SettingsSection title={t("invitations.codes")}>
            <div className="flex flex-wrap items-center justify-between gap-3 p-4">
              <p className="text-sm" data-testid="invitations-left">
                {left === null ? "" : t("invitations.left", { count: left })}
              </p>
              <Button
                size="sm"
                loading={action.busy}
                disabled={!left}
                onClick={() => void create()}
                data-testid="invitations-create"
              >
                {t("invitations.create")}
              </Button>
            </div>
            {action.error ? (
              <div className="p-4">
                <FormMessage error={action.error} testId="invitations" />
              </div>
            ) : null}
            {codes && codes.length > 0 ? (
              <table className="w-full text-sm" data-testid="invitations-table">
                <thead className="text-left text-xs text-zinc-500 uppercase">
                  <tr>
                    <th className="px-4 py-2 font-medium">{t("invitations.code")}</th>
                    <th className="px-4 py-2 font-medium">{t("invitations.created")}</th>
                    <th className="px-4 py-2 font-medium">{t("invitations.usedBy")}</th>
                  </tr>
                </thead>
                <tbody>
                  {codes.map((invitation) => (
                    <tr
                      key={invitation.code}
                      className="border-t border-zinc-200 dark:border-zinc-800"
                    >
                      <td
                        className="px-4 py-2 font-mono select-all"
                        data-testid="invitation-code-cell"
                      >
                        {invitation.code}
                      </td>
                      <td className="px-4 py-2">{format.format(new Date(invitation.createdAt))}</td>
                      <td className="px-4 py-2" data-testid="invitation-used-by">
                        {invitation.usedBy
                          ? (names[invitation.usedBy] ?? t("invitations.someone"))
                          : t("invitations.unused")}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="p-4 text-sm text-zinc-500">{t("invitations.none")}</p>
            )}
          </SettingsSection>
        )}
      </div>
    </section>
  );
}
