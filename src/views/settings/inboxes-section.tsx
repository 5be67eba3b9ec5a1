import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { InboxModel } from "../../../contract/api/inboxes.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { errorInWords } from "../../services/error-words.ts";
import { createInbox, deleteInbox, loadInboxes } from "../../services/inboxes.ts";
import { useReloadableRead } from "../../services/server-read.ts";
import { Button } from "../../ui/button.tsx";
import { CopyButton } from "../../ui/copy-button.tsx";
import { Field } from "../../ui/fields.tsx";
import { SettingsSection } from "../../ui/setting-rows.tsx";
import { InboxWebhookHelp } from "./inbox-webhook-help.tsx";

/** The server's handle rule, said in words before the server has to refuse it. */
const HANDLE_RULE = /^[a-z0-9][a-z0-9._-]{1,30}[a-z0-9]$/;

/**
 * Inboxes: feeds fed by e-mail or a webhook. Each shows its address and webhook URL (with its
 * secret) to copy into a newsletter's or a program's settings.
 */
export function InboxesSection() {
  const { t } = useTranslation("lists");
  const reader = useRuntime();
  const [handle, setHandle] = useState("");
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const [read, refresh] = useReloadableRead(reader ?? undefined, "inboxes", loadInboxes);
  const inboxes: readonly InboxModel[] = read.status === "ready" ? read.data : [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reader || !handle.trim()) return;
    setBusy(true);
    setError(undefined);
    try {
      const wanted = handle.trim().toLowerCase();
      if (!HANDLE_RULE.test(wanted)) {
        setError(t("inboxes.handleRule"));
        return;
      }
      await createInbox(reader, wanted, title.trim() || null);
      setHandle("");
      setTitle("");
      await refresh();
    } catch (failure) {
      setError(errorInWords(failure));
    } finally {
      setBusy(false);
    }
  }

  const origin = typeof location === "undefined" ? "" : location.origin;
  return (
    <SettingsSection title={t("inboxes.title")}>
      <form onSubmit={submit} noValidate className="grid gap-3 p-4 sm:grid-cols-2">
        <Field
          label={t("inboxes.handle")}
          value={handle}
          maxLength={32}
          hint={t("inboxes.handleRule")}
          onChange={(event) => setHandle(event.target.value)}
          data-testid="inbox-new-handle"
        />
        <Field
          label={t("inboxes.name")}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          data-testid="inbox-new-title"
        />
        <div className="sm:col-span-2">
          <Button
            type="submit"
            loading={busy}
            disabled={!reader || !handle.trim()}
            data-testid="inbox-create"
          >
            {t("inboxes.create")}
          </Button>
          {error ? (
            <p className="mt-2 text-sm text-red-700 dark:text-red-300" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </form>
      <ul data-testid="inboxes">
        {inboxes.map((inbox) => {
          const webhook = `${inbox.webhookUrl.startsWith("/") ? origin : ""}${inbox.webhookUrl}`;
          return (
            <li key={inbox.id} className="space-y-1 p-4 text-sm" data-testid={`inbox-${inbox.id}`}>
              <p className="font-medium">{inbox.title ?? inbox.id}</p>
              {inbox.email ? (
                <p className="flex items-center gap-2">
                  <span className="text-zinc-500">{t("inboxes.email")}</span>
                  <code data-testid="inbox-email">{inbox.email}</code>
                  <CopyButton text={inbox.email} testId="inbox-email-copy" />
                </p>
              ) : null}
              <p className="flex items-center gap-2">
                <span className="text-zinc-500">{t("inboxes.webhook")}</span>
                <code className="break-all" data-testid="inbox-webhook">
                  {webhook}
                </code>
                <CopyButton text={webhook} testId="inbox-webhook-copy" />
              </p>
              <p className="flex items-center gap-2">
                <span className="text-zinc-500">{t("inboxes.secret")}</span>
                <code className="break-all">{inbox.secret}</code>
                <CopyButton text={inbox.secret} testId="inbox-secret-copy" />
              </p>
              <InboxWebhookHelp webhookUrl={webhook} secret={inbox.secret} />
              <Button
                size="sm"
                variant="outline"
                className="text-red-700 dark:text-red-300"
                data-testid={`inbox-delete-${inbox.id}`}
                onClick={() => {
                  if (!reader) return;
                  void deleteInbox(reader, inbox.id).then(refresh);
                }}
              >
                {t("inboxes.delete")}
              </Button>
            </li>
          );
        })}
      </ul>
    </SettingsSection>
  );
}
