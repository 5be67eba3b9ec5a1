import { useState } from "react";
import { useTranslation } from "react-i18next";
import { duration, relativeTime } from "../../../ui/format.ts";
import { PipIcon, PlayIcon } from "../../../ui/icons.tsx";
import { SpotlightText } from "../../spotlight/spotlight-text.tsx";
import { togglePlayback } from "../audio-bridge.ts";
import { video } from "../media.ts";
import { EntryLink, type ItemProps, UnreadDot } from "./entry-link.tsx";

/** Videos: a poster with the duration; mp4 and webm play right in the grid. */
export function VideoItem(props: ItemProps) {
  const { t } = useTranslation("reader");
  const [playing, setPlaying] = useState(false);
  const { card } = props;
  if (!card) {
    return (
      <div className="m-1.5 aspect-video animate-pulse rounded-lg bg-zinc-200 motion-reduce:animate-none dark:bg-zinc-800" />
    );
  }
  const source = video(card);
  const length = duration(source?.duration);
  const title = card.title || card.feedTitle || "";

  return (
    <div
      className={`m-1.5 overflow-hidden rounded-lg ${props.active ? "ring-2 ring-accent" : ""} ${props.dimRead && card.read ? "opacity-60" : ""}`}
      data-testid="video-card"
    >
      <div className="relative aspect-video bg-black">
        {playing && source ? (
          // biome-ignore lint/a11y/useMediaCaption: feeds do not carry caption tracks.
          <video
            src={source.url}
            poster={source.poster}
            controls
            autoPlay
            playsInline
            className="size-full"
            data-testid="video-inline"
          />
        ) : (
          <>
            {source?.poster ? (
              <img
                src={source.poster}
                alt=""
                loading="lazy"
                referrerPolicy="no-referrer"
                className="size-full object-cover"
                data-testid="video-poster"
              />
            ) : null}
            {source?.inline ? (
              <button
                type="button"
                onClick={() => setPlaying(true)}
                aria-label={t("video.play", { title })}
                data-testid="video-play"
                className="absolute inset-0 flex items-center justify-center bg-black/10 text-white outline-none hover:bg-black/25 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-accent"
              >
                <span className="flex size-12 items-center justify-center rounded-full bg-black/60">
                  <PlayIcon size={22} filled />
                </span>
              </button>
            ) : null}
            {source?.inline ? (
              <button
                type="button"
                onClick={() =>
                  togglePlayback({
                    src: source.url,
                    entryId: card.id,
                    title,
                    feedTitle: card.feedTitle,
                    image: source.poster,
                    kind: "video",
                  })
                }
                aria-label={t("video.playInPlayer", { title })}
                title={t("video.playInPlayer", { title })}
                data-testid="video-play-corner"
                className="absolute top-1.5 right-1.5 flex size-8 items-center justify-center rounded-md bg-black/60 text-white outline-none hover:bg-black/80 focus-visible:ring-2 focus-visible:ring-accent"
              >
                <PipIcon size={16} />
              </button>
            ) : null}
            {length ? (
              <span
                className="pointer-events-none absolute right-1.5 bottom-1.5 rounded bg-black/75 px-1.5 py-0.5 text-[11px] tabular-nums text-white"
                data-testid="video-duration"
              >
                {length}
              </span>
            ) : null}
          </>
        )}
      </div>
      <EntryLink
        id={props.id}
        base={props.base}
        active={props.active}
        read={card.read}
        className="block px-1 py-2"
      >
        <span className="line-clamp-2 min-h-[2lh] text-sm font-medium leading-snug">
          <UnreadDot read={card.read} />
          <SpotlightText text={title} />
        </span>
        <span className="mt-0.5 block truncate text-xs text-muted">
          {card.feedTitle} · {relativeTime(card.publishedAt, props.language)}
        </span>
      </EntryLink>
    </div>
  );
}
