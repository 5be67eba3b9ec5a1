import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "../../ui/copy-button.tsx";
import { WEBHOOK_FIELDS, webhookCurl, webhookExample } from "./inbox-webhook.ts";

/**
 * What a program posts to an inbox's webhook: the JSON fields and a curl command with this
 * inbox's URL and secret, ready to copy.
 */
export function InboxWebhookHelp(props: { webhookUrl: string; secret: string }) {
  const { t, i18n } = useTranslation("lists");
  const curl = useMemo(
    () => webhookCurl(props.webhookUrl, props.secret, webhookExample(new Date())),
    [props.webhookUrl, props.secret],
  );
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <details
      className="rounded-lg border border-zinc-200 dark:border-zinc-800"
      data-testid="inbox-webhook-help"
    >
      <summary className="cursor-pointer px-3 py-2 font-medium select-none">
        {t("inboxes.format.title")}
      </summary>
      <div className="space-y-3 border-t border-zinc-200 px-3 py-3 dark:border-zinc-800">
        <p className="text-zinc-600 dark:text-zinc-400">{t("inboxes.format.intro")}</p>
        <table className="w-full text-left text-xs" data-testid="inbox-webhook-fields">
          <thead className="text-zinc-500">
            <tr>
              <th className="py-1 pr-3 font-medium">{t("inboxes.format.field")}</th>
              <th className="py-1 pr-3 font-medium">{t("inboxes.format.type")}</th>
              <th className="py-1 font-medium">{t("inboxes.format.meaning")}</th>
            </tr>
          </thead>
          <tbody className="align-top">
            {WEBHOOK_FIELDS.map((field) => (
              <tr key={field.name} className="border-t border-zinc-100 dark:border-zinc-800/60">
                <td className="py-1 pr-3">
                  <code>{field.name}</code>
                </td>
                <td className="py-1 pr-3">
                  <code className="break-words">{field.type}</code>
                </td>
                <td className="py-1">
                  {t(`inboxes.format.fields.${field.name}`)}
                  {field.limit !== undefined ? (
                    <span className="text-zinc-500">
                      {" "}
                      {t(`inboxes.format.${field.name === "media" ? "maxItems" : "maxLength"}`, {
                        count: field.limit,
                        formatted: number.format(field.limit),
                      })}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-zinc-600 dark:text-zinc-400">{t("inboxes.format.answer")}</p>
        <div className="flex items-start gap-2">
          <pre
            className="min-w-0 flex-1 overflow-x-auto rounded-md bg-zinc-100 p-2 text-xs dark:bg-zinc-900"
            data-testid="inbox-webhook-curl"
          >
            {curl}
          </pre>
          <CopyButton text={curl} testId="inbox-webhook-curl-copy" />
        </div>
      </div>
    </details>
  );
}
