import type { AttachmentModel, MediaModel } from "../../../../contract/reading-models.ts";
import { photos } from "../media.ts";

/**
 * The pictures to try for an episode, best first: the item's own artwork (itunes:image and
 * media thumbnails arrive as the entry's photos), then the feed's image. Only http(s) URLs;
 * an empty list means the generated initials.
 */
export function episodeArtwork(entry: {
  media: MediaModel[];
  attachments: AttachmentModel[];
  feedImage: string | null;
}): string[] {
  const candidates = [photos(entry)[0]?.url, entry.feedImage ?? undefined];
  return [
    ...new Set(candidates.filter((url): url is string => !!url && /^https?:\/\//i.test(url))),
  ];
}
