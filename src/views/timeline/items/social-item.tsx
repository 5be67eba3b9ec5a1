import { fullTime, relativeTime } from "../../../ui/format.ts";
import { FeedIcon } from "../../subscriptions/feed-icon.tsx";
import { photos } from "../media.ts";
import { EntryLink, type ItemProps, itemTone, Skeleton, UnreadDot } from "./entry-link.tsx";

/** Social media: the author with an avatar, the whole text, and the post's pictures. */
export function SocialItem(props: ItemProps) {
  const { card } = props;
  if (!card) return <Skeleton lines={4} />;
  const author = card.author || card.feedTitle || "";
  const pictures = photos(card).slice(0, 4);
  return (
    <EntryLink
      id={props.id}
      base={props.base}
      active={props.active}
      read={card.read}
      className={`flex gap-3 border-b border-zinc-100 px-4 py-3 dark:border-zinc-900 ${itemTone(props)}`}
    >
      {card.authorAvatar ? (
        <img
          src={card.authorAvatar}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          className="size-9 shrink-0 rounded-full bg-zinc-100 object-cover dark:bg-zinc-800"
        />
      ) : (
        <span className="shrink-0">
          <FeedIcon title={author || "?"} image={card.feedImage} size={36} />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-baseline gap-1.5 text-sm">
          <UnreadDot read={card.read} />
          <span className="max-w-full shrink-0 truncate font-semibold" data-testid="social-author">
            {author}
          </span>
          {card.author && card.feedTitle ? (
            <span className="min-w-0 truncate text-xs text-muted">{card.feedTitle}</span>
          ) : null}
          <time
            dateTime={card.publishedAt}
            title={fullTime(card.publishedAt, props.language)}
            className="ml-auto shrink-0 text-xs text-muted"
          >
            {relativeTime(card.publishedAt, props.language)}
          </time>
        </div>
        <p className="mt-1 text-sm leading-relaxed whitespace-pre-line break-words">
          {card.excerpt || card.title}
        </p>
        {pictures.length > 0 ? (
          <div
            className={`mt-2 grid gap-1 overflow-hidden rounded-lg ${pictures.length > 1 ? "grid-cols-2" : "grid-cols-1"}`}
            data-testid="social-media"
          >
            {pictures.map((photo) => (
              <img
                key={photo.url}
                src={photo.url}
                alt=""
                loading="lazy"
                referrerPolicy="no-referrer"
                className="aspect-video w-full bg-zinc-100 object-cover dark:bg-zinc-800"
              />
            ))}
          </div>
        ) : null}
      </div>
    </EntryLink>
  );
}
