import { photos } from "../media.ts";
import { EntryLink, type ItemProps } from "./entry-link.tsx";

/** Pictures: a masonry tile at the picture's own ratio (square until its size is known). */
export function PictureItem(props: ItemProps) {
  const { card } = props;
  if (!card) {
    return (
      <div className="m-1 aspect-square animate-pulse rounded-lg bg-zinc-200 motion-reduce:animate-none dark:bg-zinc-800" />
    );
  }
  const photo = photos(card)[0];
  const ratio = photo?.width && photo.height ? `${photo.width} / ${photo.height}` : "1 / 1";
  const count = photos(card).length;
  return (
    <EntryLink
      id={props.id}
      base={props.base}
      active={props.active}
      read={card.read}
      label={card.title || card.feedTitle || undefined}
      className={`group relative m-1 block overflow-hidden rounded-lg bg-zinc-100 dark:bg-zinc-800 ${props.active ? "ring-2 ring-accent" : ""} ${props.dimRead && card.read ? "opacity-60" : ""}`}
    >
      {photo ? (
        <img
          src={photo.url}
          alt={card.title ?? ""}
          loading="lazy"
          referrerPolicy="no-referrer"
          data-testid="picture-image"
          className="block w-full object-cover"
          style={{ aspectRatio: ratio }}
        />
      ) : (
        <div className="flex aspect-square items-center justify-center p-3 text-center text-sm text-muted">
          {card.title}
        </div>
      )}
      {count > 1 ? (
        <span className="absolute top-1.5 right-1.5 rounded-full bg-black/60 px-1.5 text-[11px] text-white">
          {count}
        </span>
      ) : null}
      {card.read ? null : (
        <span
          className="absolute top-1.5 left-1.5 size-2 rounded-full bg-accent ring-2 ring-white"
          aria-hidden="true"
        />
      )}
      <span className="absolute inset-x-0 bottom-0 truncate bg-gradient-to-t from-black/70 to-transparent px-2 pt-6 pb-1.5 text-xs text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
        {card.title || card.feedTitle}
      </span>
    </EntryLink>
  );
}
