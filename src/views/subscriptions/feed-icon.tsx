import { useState } from "react";
import { endpointInfo } from "../../../contract/api/info.ts";

const COLORS = ["#f97316", "#0ea5e9", "#8b5cf6", "#10b981", "#ef4444", "#eab308", "#ec4899"];

/** The API base, as the API client is configured (src/app/env.ts). */
const API_BASE = ((import.meta.env.VITE_API_URL as string | undefined) || "/api").replace(
  /\/$/,
  "",
);

/**
 * The site icon the server keeps for a feed (fetched there, checked and served from this
 * origin): no request from the reader's browser reaches the feed's site. No content when none
 * is kept.
 */
export function feedIconUrl(feedId: string): string {
  return `${API_BASE}${endpointInfo.feeds.icon.path}?id=${encodeURIComponent(feedId)}`;
}

/**
 * A feed's icon: the one the server keeps for it when the feed is known (`feedId`), else the
 * image a not yet stored feed names; failing that, its initial on a colour picked from the
 * title (the generated fallback; no third-party avatar service is called).
 */
export function FeedIcon({
  title,
  image,
  feedId,
  size = 16,
}: {
  title: string;
  image: string | null;
  feedId?: string | null | undefined;
  size?: number;
}) {
  const src = feedId ? feedIconUrl(feedId) : image && /^https?:/i.test(image) ? image : null;
  // Which address failed: a row showing another feed tries its own icon again.
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailed(src)}
        data-testid="feed-icon-image"
        className="shrink-0 rounded-sm object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  let hash = 0;
  for (const char of title) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return (
    <span
      aria-hidden="true"
      data-testid="feed-icon-initial"
      className="flex shrink-0 items-center justify-center rounded-sm font-semibold text-white"
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.6),
        background: COLORS[Math.abs(hash) % COLORS.length],
      }}
    >
      {/* The first letter or digit: "@ana" is an A, not an @. */}
      {(title.match(/[\p{L}\p{N}]/u)?.[0] ?? "?").toUpperCase()}
    </span>
  );
}
