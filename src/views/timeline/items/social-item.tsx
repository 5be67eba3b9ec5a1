import { useTranslation } from "react-i18next";
import { fullTime, relativeTime } from "../../../ui/format.ts";
import { Lightbox, useLightbox } from "../../../ui/lightbox-on-demand.tsx";
import { SpotlightText } from "../../spotlight/spotlight-text.tsx";
import { FeedIcon } from "../../subscriptions/feed-icon.tsx";
import { photos } from "../media.ts";
import { EntryLink, type ItemProps, itemTone, Skeleton, UnreadDot } from "./entry-link.tsx";
import { lightboxPictures } from "./lightbox-pictures.ts";

/** How many of a post's pictures the row shows; the last one says how many more there are. */
export const SOCIAL_PICTURES = 4;

/**
 * Social media: the author with an avatar, the whole text, and the post's pictures (up to four,
 * "+N" on the last), each opening the lightbox. The pictures sit beside the entry's link, not in
 * it: a button inside a link is neither valid nor reachable.
 */
export function SocialItem(props: ItemProps) {
  const { t } = useTranslation("reader");
  const lightbox = useLightbox();
  const { card } = props;
  if (!card) return <Skeleton lines={4} />;
  const author = card.author || card.feedTitle || "";
  const all = photos(card);
  const shown = all.slice(0, SOCIAL_PICTURES);
  const more = all.length - shown.length;
  const label = card.title || card.excerpt?.slice(0, 80) || author;
  return (
    <div
      className={`border-b border-zinc-100 px-4 py-3 dark:border-zinc-900 ${itemTone(props)}`}
      data-testid="social-row"
    >
      <EntryLink
        id={props.id}
        base={props.base}
        active={props.active}
        read={card.read}
        className="flex gap-3 rounded-md"
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
            <FeedIcon title={author || "?"} image={card.feedImage} feedId={card.feedId} size={36} />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-baseline gap-1.5 text-sm">
            <UnreadDot read={card.read} />
            <span
              className="max-w-full shrink-0 truncate font-semibold"
              data-testid="social-author"
            >
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
            <SpotlightText text={card.excerpt || card.title || ""} />
          </p>
        </div>
      </EntryLink>
      {shown.length > 0 ? (
        <ul
          className={`mt-2 ml-12 grid gap-1 overflow-hidden rounded-lg ${shown.length > 1 ? "grid-cols-2" : "grid-cols-1"}`}
          data-testid="social-media"
        >
          {shown.map((photo, index) => {
            const extra = index === shown.length - 1 && more > 0 ? more : 0;
            return (
              <li key={photo.url} className="relative">
                <button
                  type="button"
                  onClick={() => lightbox.show(index)}
                  aria-label={t("pictures.open", { index: index + 1, count: all.length })}
                  data-testid="social-picture"
                  className="block w-full outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-accent"
                >
                  <img
                    src={photo.url}
                    alt=""
                    loading="lazy"
                    referrerPolicy="no-referrer"
                    className="block aspect-video w-full bg-zinc-100 object-cover dark:bg-zinc-800"
                  />
                  {extra > 0 ? (
                    <span
                      className="absolute inset-0 flex items-center justify-center bg-black/50 text-xl font-semibold text-white"
                      data-testid="social-more"
                    >
                      +{extra}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <Lightbox
        pictures={lightbox.start === null ? [] : lightboxPictures(all, label)}
        start={lightbox.start}
        onClose={lightbox.close}
        label={label}
      />
    </div>
  );
}
