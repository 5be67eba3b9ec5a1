import type { MediaModel } from "../../../../contract/reading-models.ts";
import type { LightboxPicture } from "../../../ui/lightbox.tsx";

/**
 * An entry's photos for the lightbox. Feeds give no alt text for them: each says which picture
 * of the entry it is, so a screen reader does not hear the same title for every one.
 */
export function lightboxPictures(photos: MediaModel[], title: string): LightboxPicture[] {
  return photos.map((photo, index) => ({
    url: photo.url,
    alt: photos.length > 1 ? `${title} (${index + 1}/${photos.length})`.trim() : title,
    width: photo.width,
    height: photo.height,
  }));
}
