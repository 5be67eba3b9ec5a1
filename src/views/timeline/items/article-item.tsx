import { openingWords } from "../../../ui/format.ts";
import { SpotlightText } from "../../spotlight/spotlight-text.tsx";
import { thumbnail } from "../media.ts";
import { EntryLink, type ItemProps, itemTone, Skeleton, UnreadDot } from "./entry-link.tsx";
import { EntryMeta } from "./entry-meta.tsx";

/** Articles: title, excerpt, thumbnail (square or original ratio), feed and time. */
export function ArticleItem(props: ItemProps) {
  const { card } = props;
  if (!card) return <Skeleton lines={3} />;
  const image = thumbnail(card);
  const original = props.thumbnailRatio === "original" && image?.width && image.height;
  return (
    <EntryLink
      id={props.id}
      base={props.base}
      active={props.active}
      read={card.read}
      className={`flex h-[100px] gap-3 overflow-hidden border-b border-zinc-100 px-4 py-3 dark:border-zinc-900 ${itemTone(props)}`}
    >
      <div className="min-w-0 flex-1">
        <EntryMeta card={card} language={props.language} />
        <h3
          className={`mt-1 line-clamp-2 text-sm leading-snug ${card.read ? "font-medium" : "font-semibold"}`}
        >
          <UnreadDot read={card.read} />
          <SpotlightText text={card.title || openingWords(card.excerpt) || card.url || ""} />
        </h3>
        {card.excerpt ? (
          <p className="mt-1 line-clamp-1 text-xs leading-relaxed text-zinc-600 dark:text-zinc-400">
            {card.excerpt}
          </p>
        ) : null}
      </div>
      {image ? (
        <img
          src={image.url}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          data-testid="entry-thumbnail"
          className="shrink-0 rounded-md bg-zinc-100 object-cover dark:bg-zinc-800"
          style={
            original
              ? {
                  width: 80,
                  height: Math.min(76, Math.round((80 * image.height!) / image.width!)),
                }
              : { width: 64, height: 64 }
          }
        />
      ) : null}
    </EntryLink>
  );
}
