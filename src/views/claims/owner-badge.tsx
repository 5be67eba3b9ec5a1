import { useTranslation } from "react-i18next";
import type { FeedClaim } from "../../../contract/api/claims.ts";

/** The owner's name with a verified mark: who proved the feed is theirs (the full words on hover). */
export function OwnerBadge({ claim }: { claim: FeedClaim }) {
  const { t } = useTranslation("claims");
  const name = claim.owner?.name ?? claim.owner?.handle ?? "";
  return (
    <span
      className="inline-flex max-w-32 shrink-0 items-center gap-0.5 rounded-full bg-emerald-50 px-1.5 text-[11px] font-medium text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300"
      title={t("badge.title", { name })}
      data-testid="feed-owner-badge"
      data-owner={claim.ownerUserId}
    >
      <svg
        width={11}
        height={11}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.5}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        className="shrink-0"
      >
        <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Z" />
        <path d="m9 12 2 2 4-4" />
      </svg>
      <span className="sr-only">{t("badge.label", { name })}</span>
      <span className="truncate" aria-hidden="true">
        {name}
      </span>
    </span>
  );
}
