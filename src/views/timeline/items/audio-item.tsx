import { useState } from "react";
import { useTranslation } from "react-i18next";
import { duration, relativeTime } from "../../../ui/format.ts";
import { PauseIcon, PlayIcon } from "../../../ui/icons.tsx";
import { SpotlightText } from "../../spotlight/spotlight-text.tsx";
import { FeedIcon } from "../../subscriptions/feed-icon.tsx";
import { togglePlayback, useAudioPlaying } from "../audio-bridge.ts";
import { audio } from "../media.ts";
import { EntryLink, type ItemProps, itemTone, Skeleton, UnreadDot } from "./entry-link.tsx";
import { episodeArtwork } from "./episode-artwork.ts";

/** The episode's artwork, else the show's; one that fails to load gives way to the next. */
function Artwork(props: { sources: string[]; title: string }) {
  const [failed, setFailed] = useState(0);
  const source = props.sources[failed];
  if (!source) return <FeedIcon title={props.title} image={null} size={48} />;
  return (
    <img
      key={source}
      src={source}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed((n) => n + 1)}
      data-testid="audio-artwork"
      className="size-12 shrink-0 rounded-md bg-zinc-100 object-cover dark:bg-zinc-800"
    />
  );
}

/** Audios: a play button into the player, the episode's title, feed, length and time. */
export function AudioItem(props: ItemProps) {
  const { t } = useTranslation("reader");
  const { card } = props;
  const track = card ? audio(card) : undefined;
  const playing = useAudioPlaying(track?.url, card?.id);
  if (!card) return <Skeleton lines={2} />;
  const title = card.title || card.feedTitle || "";
  const length = duration(track?.duration_in_seconds);
  const artwork = episodeArtwork(card);

  return (
    <div
      className={`flex h-[72px] items-center gap-3 overflow-hidden border-b border-zinc-100 px-4 py-2.5 dark:border-zinc-900 ${itemTone(props)}`}
      data-testid="audio-row"
    >
      <div className="relative shrink-0">
        <Artwork key={card.id} sources={artwork} title={card.feedTitle || title || "?"} />
        {track ? (
          <button
            type="button"
            onClick={() =>
              togglePlayback({
                src: track.url,
                entryId: card.id,
                title,
                feedTitle: card.feedTitle,
                image: artwork[0] ?? null,
              })
            }
            aria-label={playing ? t("audio.pause", { title }) : t("audio.play", { title })}
            aria-pressed={playing}
            data-testid="audio-play"
            className="absolute inset-0 flex items-center justify-center rounded-md bg-black/35 text-white outline-none hover:bg-black/50 focus-visible:ring-2 focus-visible:ring-accent"
          >
            {playing ? <PauseIcon size={20} filled /> : <PlayIcon size={20} filled />}
          </button>
        ) : null}
      </div>
      <EntryLink
        id={props.id}
        base={props.base}
        active={props.active}
        read={card.read}
        className="min-w-0 flex-1 rounded-md"
      >
        <span className="line-clamp-2 text-sm font-medium leading-snug">
          <UnreadDot read={card.read} />
          <SpotlightText text={title} />
        </span>
        <span className="mt-0.5 flex min-w-0 gap-1.5 text-xs text-muted">
          <span className="min-w-0 truncate">{card.feedTitle}</span>
          {length ? (
            <span className="shrink-0 tabular-nums" data-testid="audio-duration">
              · {length}
            </span>
          ) : null}
          <span className="shrink-0">· {relativeTime(card.publishedAt, props.language)}</span>
        </span>
      </EntryLink>
    </div>
  );
}
