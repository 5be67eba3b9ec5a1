import { useTranslation } from "react-i18next";
import type { FeedClaim } from "../../../contract/api/claims.ts";

/** "Claimed by <name>": who proved the feed is theirs. */
export function OwnerBadge({ claim }: { claim: FeedClaim }) {
  const { t } = useTranslation("claims");
  const name = claim.owner?.name ?? claim.owner?.handle ?? "";
  return (
    <span
      className="inline-flex max-w-48 items-center gap-1 truncate rounded-full border border-emerald-300 bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300"
      title={t("badge.title", { name })}
      data-testid="feed-owner-badge"
      data-owner={claim.ownerUserId}
    >
      {claim.owner?.image ? (
        <img src={claim.owner.image} alt="" className="size-4 shrink-0 rounded-full" />
      ) : null}
      <span className="truncate">{t("badge.label", { name })}</span>
    </span>
  );
}
