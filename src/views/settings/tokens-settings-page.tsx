import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../contract/api/info.ts";
import { type AppServices, useAppServices } from "../../runtime/app-services.tsx";
import { useReloadableRead } from "../../services/server-read.ts";
import { Button } from "../../ui/button.tsx";
import { CopyButton } from "../../ui/copy-button.tsx";
import { SettingsSection } from "../../ui/setting-rows.tsx";
import { PageHeader } from "../page.tsx";
import { FormMessage } from "./account/form-message.tsx";
import { useAccountAction } from "./account/use-account-action.ts";

type Kind = "app_password" | "personal";
type Scope = "read" | "write";

interface TokenRow {
  id: string;
  name: string;
  kind: Kind;
  scope: Scope;
  createdAt: string;
  lastUsedAt: string | null;
}

const FIELD =
  "h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";

async function readTokens(api: AppServices["api"]): Promise<TokenRow[]> {
  const answer = await api.call(endpointInfo.tokens.list, {}, { silent: true });
  return [...answer.data];
}

/** An address with its copy button. */
function UrlRow(props: { label: string; url: string; testId: string }) {
  return (
    <div className="flex items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium">{props.label}</p>
        <code
          className="block truncate text-sm text-zinc-600 dark:text-zinc-400"
          data-testid={props.testId}
        >
          {props.url}
        </code>
      </div>
      <CopyButton text={props.url} testId={`${props.testId}-copy`} />
    </div>
  );
}

/**
 * /settings/tokens: app passwords for reader apps (Google Reader and Fever APIs, whose addresses
 * are shown here) and personal access tokens for scripts (`Authorization: Bearer`): made with a
 * name and a scope, their secret shown once, listed with their last use, revoked.
 */
export function TokensSettingsPage() {
  const { t, i18n } = useTranslation();
  const { api } = useAppServices();
  const action = useAccountAction();
  const [read, reload] = useReloadableRead(api, "tokens", readTokens);
  const tokens = read.status === "ready" ? read.data : null;
  const [name, setName] = useState("");
  const [kind, setKind] = useState<Kind>("app_password");
  const [scope, setScope] = useState<Scope>("write");
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  const origin = window.location.origin;

  async function create(event: FormEvent) {
    event.preventDefault();
    const answer = await action.run(() =>
      api.call(endpointInfo.tokens.create, { name: name.trim(), kind, scope }, { silent: true }),
    );
    if (!answer) return;
    setMade({ name: answer.data.name, secret: answer.data.secret });
    setName("");
    await reload();
  }

  async function revoke(id: string) {
    const done = await action.run(() =>
      api.call(endpointInfo.tokens.revoke, { id }, { silent: true }),
    );
    if (done) await reload();
  }

  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  return (
    <section data-testid="settings-page-tokens">
      <PageHeader
        title={t("settings.panels.tokens")}
        description={t("settings.descriptions.tokens")}
      />
      <div className="space-y-6 p-6">
        <SettingsSection title={t("settings.tokens.clientsTitle")}>
          <p className="px-4 pt-3 text-sm text-zinc-500 dark:text-zinc-400">
            {t("settings.tokens.clientsHint")}
          </p>
          <UrlRow
            label={t("settings.tokens.greaderUrl")}
            url={`${origin}/api/greader`}
            testId="tokens-greader-url"
          />
          <UrlRow
            label={t("settings.tokens.feverUrl")}
            url={`${origin}/api/fever/`}
            testId="tokens-fever-url"
          />
        </SettingsSection>

        <SettingsSection title={t("settings.tokens.createTitle")}>
          <form
            className="flex flex-wrap items-end gap-3 p-4"
            onSubmit={(event) => void create(event)}
          >
            <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
              {t("settings.tokens.name")}
              <input
                className={FIELD}
                value={name}
                maxLength={100}
                required
                onChange={(event) => setName(event.target.value)}
                placeholder={t("settings.tokens.namePlaceholder")}
                data-testid="tokens-name"
              />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              {t("settings.tokens.kind")}
              <select
                className={FIELD}
                value={kind}
                onChange={(event) => setKind(event.target.value as Kind)}
                data-testid="tokens-kind"
              >
                <option value="app_password">{t("settings.tokens.kinds.app_password")}</option>
                <option value="personal">{t("settings.tokens.kinds.personal")}</option>
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm">
              {t("settings.tokens.scope")}
              <select
                className={FIELD}
                value={scope}
                onChange={(event) => setScope(event.target.value as Scope)}
                data-testid="tokens-scope"
              >
                <option value="write">{t("settings.tokens.scopes.write")}</option>
                <option value="read">{t("settings.tokens.scopes.read")}</option>
              </select>
            </label>
            <Button
              type="submit"
              size="sm"
              loading={action.busy}
              disabled={!name.trim()}
              data-testid="tokens-create"
            >
              {t("settings.tokens.create")}
            </Button>
          </form>
          {made ? (
            <div
              className="mx-4 mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/40"
              data-testid="tokens-secret-box"
            >
              <p className="text-sm font-medium">
                {t("settings.tokens.secretOnce", { name: made.name })}
              </p>
              <div className="mt-2 flex items-center gap-2">
                <code className="min-w-0 flex-1 break-all text-sm" data-testid="tokens-secret">
                  {made.secret}
                </code>
                <CopyButton text={made.secret} testId="tokens-secret-copy" />
              </div>
              <Button
                variant="text"
                size="sm"
                className="mt-2"
                onClick={() => setMade(null)}
                data-testid="tokens-secret-done"
              >
                {t("settings.tokens.done")}
              </Button>
            </div>
          ) : null}
          {action.error ? (
            <div className="p-4">
              <FormMessage error={action.error} testId="tokens" />
            </div>
          ) : null}
        </SettingsSection>

        <SettingsSection title={t("settings.tokens.listTitle")}>
          {tokens && tokens.length === 0 ? (
            <p className="p-4 text-sm text-zinc-500" data-testid="tokens-empty">
              {t("settings.tokens.empty")}
            </p>
          ) : null}
          <ul data-testid="tokens-list">
            {(tokens ?? []).map((token) => (
              <li
                key={token.id}
                className="flex items-center justify-between gap-3 p-4"
                data-testid="tokens-row"
                data-token-id={token.id}
              >
                <div className="min-w-0">
                  <p className="truncate font-medium">{token.name}</p>
                  <p className="text-sm text-zinc-500">
                    {t(`settings.tokens.kinds.${token.kind}`)} ·{" "}
                    {t(`settings.tokens.scopes.${token.scope}`)} ·{" "}
                    {t("settings.tokens.created", {
                      time: format.format(new Date(token.createdAt)),
                    })}{" "}
                    ·{" "}
                    <span data-testid="tokens-last-used">
                      {token.lastUsedAt
                        ? t("settings.tokens.lastUsed", {
                            time: format.format(new Date(token.lastUsedAt)),
                          })
                        : t("settings.tokens.neverUsed")}
                    </span>
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={action.busy}
                  onClick={() => void revoke(token.id)}
                  data-testid="tokens-revoke"
                >
                  {t("settings.tokens.revoke")}
                </Button>
              </li>
            ))}
          </ul>
        </SettingsSection>
      </div>
    </section>
  );
}
