import { useState } from "react";
import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../contract/api/info.ts";
import { useAppServices } from "../../runtime/app-services.tsx";
import { useReloadableRead } from "../../services/server-read.ts";
import { useSession } from "../../session/session-context.tsx";
import { Button } from "../../ui/button.tsx";
import { ClaimFeedDialog } from "./claim-feed-dialog.tsx";
import { FeedAnalyticsDialog } from "./feed-analytics-dialog.tsx";
import { OwnerBadge } from "./owner-badge.tsx";

/**
 * In a feed's header: its owner's badge once claimed; for the owner, the feed's analytics; for
 * anyone while nobody has claimed it, the claim dialog. Online only: it shows nothing offline.
 */
export function FeedClaimControl({ feedId }: { feedId: string }) {
  const { t } = useTranslation("claims");
  const { api } = useAppServices();
  const myId = useSession().user?.id;
  const [read, reload] = useReloadableRead(api, feedId, async (client, id, signal) => {
    const answer = await client.call(
      endpointInfo.claims.owners,
      { ids: id },
      { signal, silent: true },
    );
    return answer.data.find((claim) => claim.feedId === id) ?? null;
  });
  const [dialog, setDialog] = useState<"claim" | "analytics" | null>(null);
  if (read.status !== "ready") return null;
  const claim = read.data;
  const mine = Boolean(claim && myId && claim.ownerUserId === myId);
  return (
    <div className="flex shrink-0 items-center gap-1" data-testid="feed-claim-control">
      {claim ? <OwnerBadge claim={claim} /> : null}
      {!claim ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setDialog("claim")}
          data-testid="feed-claim-open"
        >
          {t("claim")}
        </Button>
      ) : null}
      {mine ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setDialog("analytics")}
          data-testid="feed-analytics-open"
        >
          {t("analytics.open")}
        </Button>
      ) : null}
      {dialog === "claim" ? (
        <ClaimFeedDialog
          feedId={feedId}
          onClose={() => setDialog(null)}
          onClaimed={() => {
            setDialog(null);
            void reload();
          }}
        />
      ) : null}
      {dialog === "analytics" ? (
        <FeedAnalyticsDialog feedId={feedId} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
