import { useState } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../ui/icon-button.tsx";
import { StrokeIcon } from "../../ui/icons.tsx";
import { ClaimFeedDialog, FeedAnalyticsDialog } from "./claim-dialogs-on-demand.tsx";
import type { FeedClaimState } from "./use-feed-claim.ts";

const ClaimIcon = () => (
  <StrokeIcon size={17}>
    <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Z" />
    <path d="m9 12 2 2 4-4" />
  </StrokeIcon>
);
const ChartIcon = () => (
  <StrokeIcon size={17}>
    <path d="M4 20V10M10 20V4M16 20v-7M21 20H3" />
  </StrokeIcon>
);

/**
 * In a feed's header toolbar: "Claim this feed" while nobody has claimed it, "Analytics" for
 * its owner, nothing for anyone else.
 */
export function FeedClaimActions({ state }: { state: FeedClaimState }) {
  const { t } = useTranslation("claims");
  const [open, setOpen] = useState<"claim" | "analytics" | null>(null);
  const close = () => setOpen(null);
  if (state.claim && !state.mine) return null;
  return (
    <>
      {state.claim ? (
        <IconButton
          label={t("analytics.open")}
          onClick={() => setOpen("analytics")}
          data-testid="feed-analytics-open"
        >
          <ChartIcon />
        </IconButton>
      ) : (
        <IconButton
          label={t("claim")}
          onClick={() => setOpen("claim")}
          data-testid="feed-claim-open"
        >
          <ClaimIcon />
        </IconButton>
      )}
      {open === "claim" ? (
        <ClaimFeedDialog
          feedId={state.feedId}
          onClose={close}
          onClaimed={() => {
            close();
            void state.reload();
          }}
        />
      ) : null}
      {open === "analytics" ? <FeedAnalyticsDialog feedId={state.feedId} onClose={close} /> : null}
    </>
  );
}
