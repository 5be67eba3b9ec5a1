import type { AttachmentModel, MediaModel } from "../../../contract/reading-models.ts";

/** What the timeline needs to know about an entry's pictures, video and audio. */
interface WithMedia {
  media: MediaModel[];
  attachments: AttachmentModel[];
}

const IMAGE_FILE = /\.(?:avif|gif|jpe?g|png|webp)(?:[?#]|$)/i;
const VIDEO_FILE = /\.(?:mp4|webm|m4v|mov)(?:[?#]|$)/i;
const AUDIO_FILE = /\.(?:mp3|m4a|aac|ogg|oga|opus|wav|flac)(?:[?#]|$)/i;
/** These video types play inline (others open their page). */
const INLINE_VIDEO = /^video\/(?:mp4|webm)$/i;
const INLINE_VIDEO_FILE = /\.(?:mp4|webm)(?:[?#]|$)/i;

const http = (url: string | undefined): url is string => !!url && /^https?:\/\//i.test(url);

export function photos(entry: WithMedia): MediaModel[] {
  const fromMedia = entry.media.filter((m) => m.type === "photo" && http(m.url));
  if (fromMedia.length > 0) return fromMedia;
  return entry.attachments
    .filter((a) => http(a.url) && (a.mime_type?.startsWith("image/") || IMAGE_FILE.test(a.url)))
    .map((a) => ({ type: "photo" as const, url: a.url }));
}

/** The picture to show for an entry: a photo, else a video's poster. */
export function thumbnail(entry: WithMedia): MediaModel | undefined {
  const photo = photos(entry)[0];
  if (photo) return photo;
  const video = entry.media.find((m) => m.type === "video" && http(m.preview_image_url));
  return video
    ? { type: "photo", url: video.preview_image_url!, width: video.width, height: video.height }
    : undefined;
}

export interface VideoSource {
  url: string;
  poster: string | undefined;
  /** mp4 or webm: plays in the page. */
  inline: boolean;
  duration: number | undefined;
  mimeType: string | undefined;
}

export function video(entry: WithMedia): VideoSource | undefined {
  const attachment = entry.attachments.find(
    (a) => http(a.url) && (a.mime_type?.startsWith("video/") || VIDEO_FILE.test(a.url)),
  );
  const media = entry.media.find((m) => m.type === "video" && http(m.url));
  const url = attachment?.url ?? media?.url;
  if (!url) return undefined;
  const mimeType = attachment?.mime_type;
  return {
    url,
    poster: media?.preview_image_url ?? photos(entry)[0]?.url,
    inline: mimeType ? INLINE_VIDEO.test(mimeType) : INLINE_VIDEO_FILE.test(url),
    duration: attachment?.duration_in_seconds,
    mimeType,
  };
}

export function audio(entry: WithMedia): AttachmentModel | undefined {
  return entry.attachments.find(
    (a) => http(a.url) && (a.mime_type?.startsWith("audio/") || AUDIO_FILE.test(a.url)),
  );
}
