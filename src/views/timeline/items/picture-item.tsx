import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Lightbox, useLightbox } from "../../../ui/lightbox-on-demand.tsx";
import { photos } from "../media.ts";
import { EntryLink, type ItemProps } from "./entry-link.tsx";
import { lightboxPictures } from "./lightbox-pictures.ts";
import { tileRatio } from "./picture-ratio.ts";

function ExpandIcon() {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />
    </svg>
  );
}

/**
 * Pictures: a masonry tile, square or at the picture's own ratio (thumbnailRatio). The tile opens
 * the entry; its corner button shows the entry's pictures full size in the lightbox.
 */
export function PictureItem(props: ItemProps) {
  const { t } = useTranslation("reader");
  const { card } = props;
  const [natural, setNatural] = useState<{ width: number; height: number } | undefined>();
  const lightbox = useLightbox();
  if (!card) {
    return (
      <div className="m-1 aspect-square animate-pulse rounded-lg bg-zinc-200 motion-reduce:animate-none dark:bg-zinc-800" />
    );
  }
  const all = photos(card);
  const photo = all[0];
  const ratio = tileRatio(props.thumbnailRatio, photo, natural);
  const count = all.length;
  const title = card.title || card.feedTitle || "";
  return (
    <div
      className={`group relative m-1 overflow-hidden rounded-lg bg-zinc-100 dark:bg-zinc-800 ${props.active ? "ring-2 ring-accent" : ""} ${props.dimRead && card.read ? "opacity-60" : ""}`}
      data-ratio={ratio}
    >
      <EntryLink
        id={props.id}
        base={props.base}
        active={props.active}
        read={card.read}
        label={title || undefined}
        className="block rounded-lg"
      >
        {photo ? (
          <img
            src={photo.url}
            alt={card.title ?? ""}
            loading="lazy"
            referrerPolicy="no-referrer"
            data-testid="picture-image"
            onLoad={(event) => {
              const image = event.currentTarget;
              if (image.naturalWidth > 0 && image.naturalHeight > 0) {
                setNatural({ width: image.naturalWidth, height: image.naturalHeight });
              }
            }}
            className="block w-full object-cover"
            style={{ aspectRatio: ratio }}
          />
        ) : (
          <div className="flex aspect-square items-center justify-center p-3 text-center text-sm text-muted">
            {card.title}
          </div>
        )}
        {card.read ? null : (
          <span
            className="absolute top-1.5 left-1.5 size-2 rounded-full bg-accent ring-2 ring-white"
            aria-hidden="true"
          />
        )}
        <span className="absolute inset-x-0 bottom-0 truncate bg-gradient-to-t from-black/70 to-transparent px-2 pt-6 pb-1.5 text-xs text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100">
          {title}
        </span>
      </EntryLink>
      {photo ? (
        <button
          type="button"
          onClick={() => lightbox.show(0)}
          aria-label={t("pictures.view", { count, title })}
          data-testid="picture-lightbox"
          className="absolute top-1.5 right-1.5 flex items-center gap-1 rounded-full bg-black/60 px-1.5 py-1 text-[11px] text-white outline-none hover:bg-black/80 focus-visible:ring-2 focus-visible:ring-accent"
        >
          <ExpandIcon />
          {count > 1 ? <span className="tabular-nums">{count}</span> : null}
        </button>
      ) : null}
      <Lightbox
        pictures={lightbox.start === null ? [] : lightboxPictures(all, card.title ?? title)}
        start={lightbox.start}
        onClose={lightbox.close}
        label={title}
      />
    </div>
  );
}
