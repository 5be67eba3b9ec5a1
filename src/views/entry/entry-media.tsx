import { useTranslation } from "react-i18next";
import type { EntryDetail } from "../../queries/index.ts";
import { duration } from "../../ui/format.ts";
import { PaperclipIcon, PauseIcon, PlayIcon } from "../../ui/icons.tsx";
import { Lightbox, useLightbox } from "../../ui/lightbox.tsx";
import { togglePlayback, useAudioPlaying } from "../timeline/audio-bridge.ts";
import { episodeArtwork } from "../timeline/items/episode-artwork.ts";
import { lightboxPictures } from "../timeline/items/lightbox-pictures.ts";
import { audio, photos, video } from "../timeline/media.ts";

function size(bytes: number | undefined): string {
  if (!bytes) return "";
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

/**
 * What the content may not show by itself: the entry's pictures (all of them in the Pictures
 * view, elsewhere those the content does not already show), a video (mp4 and webm inline), the
 * audio with a play button into the player, and the other attachments.
 */
export function EntryMedia({ entry }: { entry: EntryDetail }) {
  const { t } = useTranslation("reader");
  const content = entry.content ?? "";
  const pictures = photos(entry).filter(
    (photo) => entry.view === 2 || !content.includes(photo.url),
  );
  const shown = new Set(pictures.map((photo) => photo.url));
  const attachments = entry.attachments.filter((attachment) => !shown.has(attachment.url));
  const clip = video(entry);
  const track = audio(entry);
  const playing = useAudioPlaying(track?.url, entry.id);
  const title = entry.title ?? "";
  const lightbox = useLightbox();

  return (
    <div className="space-y-4" data-testid="entry-media">
      {pictures.length > 0 ? (
        <div className="grid gap-2">
          {pictures.map((photo, index) => (
            <button
              key={photo.url}
              type="button"
              onClick={() => lightbox.show(index)}
              aria-label={t("pictures.open", { index: index + 1, count: pictures.length })}
              data-testid="entry-picture"
              className="block cursor-zoom-in rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-accent"
            >
              <img
                src={photo.url}
                alt=""
                loading="lazy"
                referrerPolicy="no-referrer"
                width={photo.width}
                height={photo.height}
                className="h-auto w-full rounded-lg"
              />
            </button>
          ))}
        </div>
      ) : null}
      <Lightbox
        pictures={lightbox.start === null ? [] : lightboxPictures(pictures, title)}
        start={lightbox.start}
        onClose={lightbox.close}
        label={title}
      />
      {clip?.inline ? (
        // biome-ignore lint/a11y/useMediaCaption: feeds do not carry caption tracks.
        <video
          src={clip.url}
          poster={clip.poster}
          controls
          preload="none"
          playsInline
          className="w-full rounded-lg bg-black"
          data-testid="entry-video"
        />
      ) : null}
      {track ? (
        <button
          type="button"
          onClick={() =>
            togglePlayback({
              src: track.url,
              entryId: entry.id,
              title,
              feedTitle: entry.feedTitle,
              image: episodeArtwork(entry)[0] ?? null,
            })
          }
          aria-pressed={playing}
          data-testid="entry-audio-play"
          className="flex items-center gap-3 rounded-xl border border-zinc-200 px-4 py-3 text-left text-sm hover:bg-zinc-50 dark:border-zinc-800 dark:hover:bg-zinc-900"
        >
          <span className="flex size-9 items-center justify-center rounded-full bg-accent text-white">
            {playing ? <PauseIcon size={16} filled /> : <PlayIcon size={16} filled />}
          </span>
          <span>
            <span className="block font-medium">
              {playing ? t("audio.pause", { title }) : t("audio.play", { title })}
            </span>
            {track.duration_in_seconds ? (
              <span className="text-xs text-muted">{duration(track.duration_in_seconds)}</span>
            ) : null}
          </span>
        </button>
      ) : null}
      {attachments.length > 0 ? (
        <ul
          className="space-y-1 text-sm"
          aria-label={t("entry.attachments")}
          data-testid="entry-attachments"
        >
          {attachments.map((attachment) => (
            <li key={attachment.url}>
              <a
                href={attachment.url}
                target="_blank"
                rel="noopener noreferrer"
                className="flex items-center gap-2 text-zinc-600 hover:text-accent dark:text-zinc-400"
              >
                <PaperclipIcon size={14} className="shrink-0" />
                <span className="truncate">
                  {attachment.title || attachment.url.split("/").pop() || attachment.url}
                </span>
                <span className="shrink-0 text-xs text-muted">
                  {[
                    attachment.mime_type,
                    size(attachment.size_in_bytes),
                    duration(attachment.duration_in_seconds),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
