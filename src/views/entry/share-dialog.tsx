import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Field } from "../../ui/fields.tsx";
import {
  mastodonHost,
  rememberedMastodonInstance,
  rememberMastodonInstance,
  shareTargets,
} from "./share-targets.ts";

/**
 * Share: copy the link, the system share sheet where the browser has one,
 * and plain links to e-mail, X, Telegram and the user's Mastodon instance.
 */
export function ShareDialog(props: {
  open: boolean;
  entry: { url: string; title: string | null };
  onCopy(): Promise<boolean>;
  onClose(): void;
}) {
  const { t } = useTranslation("reader");
  const [instance, setInstance] = useState(rememberedMastodonInstance);
  const [copied, setCopied] = useState(false);
  const host = mastodonHost(instance);
  const targets = shareTargets(props.entry, host);
  const canShareSheet = typeof navigator !== "undefined" && typeof navigator.share === "function";
  const labels: Record<string, string> = {
    email: t("shareDialog.email"),
    // Brand names, the same in every language.
    x: "X",
    telegram: "Telegram",
    mastodon: t("shareDialog.mastodon", { host: host ?? "" }),
  };

  async function systemShare() {
    try {
      await navigator.share({ title: props.entry.title ?? undefined, url: props.entry.url });
      props.onClose();
    } catch {
      // Dismissed, or refused: the dialog stays for the other ways.
    }
  }

  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={t("shareDialog.title")}
      description={props.entry.title ?? undefined}
      testId="share-dialog"
    >
      <div className="flex items-center gap-2">
        <input
          readOnly
          value={props.entry.url}
          aria-label={t("shareDialog.link")}
          onFocus={(event) => event.currentTarget.select()}
          className="h-9 min-w-0 flex-1 rounded-lg border border-zinc-200 bg-zinc-50 px-3 text-sm dark:border-zinc-800 dark:bg-zinc-900"
          data-testid="share-link"
        />
        <Button
          data-autofocus
          data-testid="share-copy"
          onClick={async () => setCopied(await props.onCopy())}
        >
          {copied ? t("entry.copied") : t("entry.copyLink")}
        </Button>
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-2" aria-label={t("shareDialog.targets")}>
        {targets.map((target) => (
          <li key={target.id}>
            <a
              href={target.href}
              target="_blank"
              rel="noopener noreferrer"
              className={`${buttonClass("outline")} w-full`}
              data-testid={`share-${target.id}`}
              onClick={() => {
                if (target.id === "mastodon" && host) rememberMastodonInstance(host);
              }}
            >
              {labels[target.id]}
            </a>
          </li>
        ))}
        {canShareSheet ? (
          <li>
            <Button
              variant="outline"
              className="w-full"
              onClick={() => void systemShare()}
              data-testid="share-system"
            >
              {t("shareDialog.more")}
            </Button>
          </li>
        ) : null}
      </ul>
      <Field
        className="mt-4"
        label={t("shareDialog.instance")}
        hint={t("shareDialog.instanceHint")}
        placeholder="mastodon.social"
        value={instance}
        onChange={(event) => setInstance(event.target.value)}
        maxLength={253}
        inputMode="url"
        data-testid="share-mastodon-instance"
      />
    </Dialog>
  );
}
