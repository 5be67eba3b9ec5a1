import { describe, expect, it } from "vitest";
import { episodeArtwork } from "./episode-artwork.ts";

const episode = "https://pod.example/episode-7.jpg";
const show = "https://pod.example/show.jpg";

describe("episode artwork", () => {
  it("prefers the item's own image, then the feed's", () => {
    expect(
      episodeArtwork({
        media: [{ type: "photo", url: episode }],
        attachments: [],
        feedImage: show,
      }),
    ).toEqual([episode, show]);
    expect(episodeArtwork({ media: [], attachments: [], feedImage: show })).toEqual([show]);
  });

  it("takes an image enclosure when the item has no media photo", () => {
    expect(
      episodeArtwork({
        media: [],
        attachments: [
          { url: "https://pod.example/e.mp3", mime_type: "audio/mpeg" },
          { url: episode, mime_type: "image/jpeg" },
        ],
        feedImage: null,
      }),
    ).toEqual([episode]);
  });

  it("has nothing (initials) without an http image, and no duplicates", () => {
    expect(episodeArtwork({ media: [], attachments: [], feedImage: null })).toEqual([]);
    expect(
      episodeArtwork({ media: [], attachments: [], feedImage: "data:image/png;base64,x" }),
    ).toEqual([]);
    expect(
      episodeArtwork({ media: [{ type: "photo", url: show }], attachments: [], feedImage: show }),
    ).toEqual([show]);
  });
});
