import { useTranslation } from "react-i18next";
import type { ClaimChallenge } from "../../../contract/api/claims.ts";
import { endpointInfo } from "../../../contract/api/info.ts";
import { useAppServices } from "../../runtime/app-services.tsx";
import { useServerRead } from "../../services/server-read.ts";
import { Button } from "../../ui/button.tsx";
import { CopyButton } from "../../ui/copy-button.tsx";
import { Dialog, DialogActions } from "../../ui/dialog.tsx";
import { FormMessage } from "../settings/account/form-message.tsx";
import { useAccountAction } from "../settings/account/use-account-action.ts";

/** One way to show the code, with what to paste. */
function Placement({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <div className="space-y-1">
      <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</p>
      <div className="flex items-start gap-2">
        <code
          className="min-w-0 flex-1 rounded-md bg-zinc-100 px-2 py-1 text-xs break-all dark:bg-zinc-800"
          data-testid={testId}
        >
          {text}
        </code>
        <CopyButton text={text} />
      </div>
    </div>
  );
}

const jsonLine = (challenge: ClaimChallenge) =>
  `"${challenge.placements.jsonFeedField}": ${JSON.stringify(challenge.placements.jsonFeedValue)}`;

/**
 * Claiming a feed: the person's code and the four places it can go (a description line, a
 * <follow_challenge> element, a JSON Feed field, a meta tag on the site); "Verify" has the server
 * fetch the feed and look for it. Refusals (2010 not found, 4000 claimed already) show inline.
 */
export function ClaimFeedDialog(props: { feedId: string; onClose(): void; onClaimed(): void }) {
  const { t } = useTranslation("claims");
  const { api } = useAppServices();
  const action = useAccountAction();
  const read = useServerRead(api, endpointInfo.claims.challenge, { feedId: props.feedId });
  const challenge = read.status === "ready" ? read.data.data : null;

  async function verify() {
    const done = await action.run(() =>
      api.call(endpointInfo.claims.verify, { feedId: props.feedId }, { silent: true }),
    );
    if (done) props.onClaimed();
  }

  return (
    <Dialog
      open
      onClose={props.onClose}
      title={t("dialog.title")}
      description={t("dialog.description")}
      testId="claim-feed-dialog"
      wide
    >
      {read.status === "failed" ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {read.message}
        </p>
      ) : null}
      {challenge ? (
        <div className="space-y-3" data-testid="claim-feed-code" data-code={challenge.code}>
          <Placement
            label={t("dialog.description_line")}
            text={challenge.placements.description}
            testId="claim-placement-description"
          />
          <Placement
            label={t("dialog.element")}
            text={challenge.placements.element}
            testId="claim-placement-element"
          />
          <Placement
            label={t("dialog.json")}
            text={jsonLine(challenge)}
            testId="claim-placement-json"
          />
          <Placement
            label={t("dialog.meta")}
            text={challenge.placements.metaTag}
            testId="claim-placement-meta"
          />
        </div>
      ) : null}
      {action.error ? (
        <div className="mt-3">
          <FormMessage error={action.error} testId="claim-feed" />
        </div>
      ) : null}
      <DialogActions>
        <Button variant="outline" onClick={props.onClose}>
          {t("dialog.cancel")}
        </Button>
        <Button
          loading={action.busy}
          disabled={!challenge}
          onClick={() => void verify()}
          data-testid="claim-feed-verify"
        >
          {t("dialog.verify")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
