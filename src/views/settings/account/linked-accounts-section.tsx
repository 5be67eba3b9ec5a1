import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../../contract/api/info.ts";
import { ACCOUNT_SETTINGS_PATH } from "../../../../contract/routes.ts";
import { useAppServices } from "../../../runtime/app-services.tsx";
import { Button } from "../../../ui/button.tsx";
import { SettingsSection } from "../../../ui/setting-rows.tsx";
import { FormMessage } from "./form-message.tsx";
import { useAccountAction } from "./use-account-action.ts";
import { useProviders } from "./use-providers.ts";

interface LinkedAccount {
  id: string;
  providerId: string;
  accountId: string;
}

/** The ways to sign in: e-mail and password, provider accounts; link another, unlink (not the last). */
export function LinkedAccountsSection() {
  const { t } = useTranslation("accounts");
  const { api } = useAppServices();
  const providers = useProviders();
  const action = useAccountAction();
  const [accounts, setAccounts] = useState<LinkedAccount[] | null>(null);

  const load = useCallback(async () => {
    const listed = await api
      .call(endpointInfo.auth.listAccounts, {}, { silent: true })
      .catch(() => null);
    if (listed) setAccounts([...listed]);
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);

  const nameOf = (providerId: string) =>
    providerId === "credential"
      ? t("linked.password")
      : (providers.find((p) => p.id === providerId)?.name ?? providerId);

  async function unlink(account: LinkedAccount) {
    const done = await action.run(() =>
      api.call(endpointInfo.auth.unlinkAccount, { accountId: account.id }, { silent: true }),
    );
    if (done) await load();
  }

  async function link(provider: string) {
    const answer = await action.run(() =>
      api.call(
        endpointInfo.auth.linkSocial,
        { provider, callbackURL: ACCOUNT_SETTINGS_PATH },
        { silent: true },
      ),
    );
    if (answer) window.location.assign(answer.url);
  }

  const linked = new Set(accounts?.map((a) => a.providerId));
  const unlinked = providers.filter((p) => !linked.has(p.id));
  return (
    <SettingsSection title={t("linked.title")}>
      <ul data-testid="linked-accounts">
        {(accounts ?? []).map((account) => (
          <li
            key={account.id}
            className="flex items-center justify-between gap-3 p-4"
            data-testid={`linked-${account.providerId}`}
          >
            <span className="font-medium">{nameOf(account.providerId)}</span>
            <Button
              variant="outline"
              size="sm"
              disabled={action.busy || (accounts?.length ?? 0) < 2}
              title={(accounts?.length ?? 0) < 2 ? t("linked.lastOne") : undefined}
              onClick={() => void unlink(account)}
              data-testid={`unlink-${account.providerId}`}
            >
              {t("linked.unlink")}
            </Button>
          </li>
        ))}
      </ul>
      {unlinked.length > 0 ? (
        <div className="flex flex-wrap gap-2 p-4">
          {unlinked.map((provider) => (
            <Button
              key={provider.id}
              variant="outline"
              size="sm"
              disabled={action.busy}
              onClick={() => void link(provider.id)}
              data-testid={`link-${provider.id}`}
            >
              {t("linked.link", { name: provider.name })}
            </Button>
          ))}
        </div>
      ) : null}
      {action.error ? (
        <div className="p-4">
          <FormMessage error={action.error} testId="linked" />
        </div>
      ) : null}
    </SettingsSection>
  );
}
