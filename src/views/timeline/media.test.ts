import { describe, expect, it } from "vitest";
import { audio, photos, thumbnail, video } from "./media.ts";

describe("timeline media", () => {
  it("prefers photos, then image enclosures, then a video poster", () => {
    expect(
      photos({ media: [{ type: "photo", url: "https://a/1.jpg" }], attachments: [] }),
    ).toHaveLength(1);
    expect(
      photos({ media: [], attachments: [{ url: "https://a/2.png", mime_type: "image/png" }] })[0]
        ?.url,
    ).toBe("https://a/2.png");
    expect(
      thumbnail({
        media: [{ type: "video", url: "https://a/v", preview_image_url: "https://a/p.jpg" }],
        attachments: [],
      })?.url,
    ).toBe("https://a/p.jpg");
    expect(
      photos({ media: [{ type: "photo", url: "javascript:alert(1)" }], attachments: [] }),
    ).toEqual([]);
  });

  it("plays mp4 and webm inline only", () => {
    const mp4 = video({
      media: [],
      attachments: [{ url: "https://a/v.mp4", mime_type: "video/mp4", duration_in_seconds: 61 }],
    });
    expect(mp4).toMatchObject({ inline: true, duration: 61 });
    expect(
      video({ media: [{ type: "video", url: "https://a/v.mov" }], attachments: [] })?.inline,
    ).toBe(false);
    expect(video({ media: [], attachments: [{ url: "https://a/v.webm" }] })?.inline).toBe(true);
  });

  it("finds audio enclosures by type or extension", () => {
    expect(audio({ media: [], attachments: [{ url: "https://a/e.mp3" }] })?.url).toBe(
      "https://a/e.mp3",
    );
    expect(
      audio({ media: [], attachments: [{ url: "https://a/x", mime_type: "audio/mpeg" }] }),
    ).toBeDefined();
    expect(audio({ media: [], attachments: [{ url: "https://a/x.pdf" }] })).toBeUndefined();
  });
});
