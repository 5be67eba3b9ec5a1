import { useState } from "react";

const COLORS = ["#f97316", "#0ea5e9", "#8b5cf6", "#10b981", "#ef4444", "#eab308", "#ec4899"];

/**
 * A feed's image, or its initial on a colour picked from the title (the generated fallback;
 * no third-party avatar service is called).
 */
export function FeedIcon({
  title,
  image,
  size = 16,
}: {
  title: string;
  image: string | null;
  size?: number;
}) {
  const [failed, setFailed] = useState(false);
  if (image && !failed && /^https?:/i.test(image)) {
    return (
      <img
        src={image}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
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
