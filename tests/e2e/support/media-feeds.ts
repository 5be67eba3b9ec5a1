import type { FeedServer } from "../../support/feed-server.ts";

/** A 1x1 PNG, served for every picture and poster of the media fixtures. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

function serveBinary(server: FeedServer, path: string, type: string, body: Buffer) {
  server.route(path, (_request, response) => {
    response.writeHead(200, { "content-type": type, "content-length": body.length }).end(body);
  });
  return server.url(path);
}

type Kind = "articles" | "pictures" | "videos" | "audios" | "social" | "notifications";

/**
 * A feed whose items carry what a view shows: article thumbnails, media:content photos (of two ratios), video
 * enclosures with posters and durations, audio enclosures with durations, authored posts.
 */
export function serveMediaFeed(server: FeedServer, kind: Kind, count: number): string {
  const now = Date.now();
  const items = Array.from({ length: count }, (_, index) => {
    const i = index + 1;
    const date = new Date(now - i * 3_600_000).toUTCString();
    const png = serveBinary(server, `/${kind}/img-${i}.png`, "image/png", PNG);
    let extra = "";
    if (kind === "articles") {
      extra = `<media:content url="${png}" medium="image" width="400" height="200"/>`;
    } else if (kind === "pictures") {
      extra = `<media:content url="${png}" medium="image" width="400" height="${i % 2 ? 300 : 600}"/>`;
    } else if (kind === "videos") {
      const clip = serveBinary(server, `/${kind}/clip-${i}.mp4`, "video/mp4", Buffer.alloc(0));
      extra = `<enclosure url="${clip}" type="video/mp4" length="1000"/><media:thumbnail url="${png}"/><itunes:duration>1:01</itunes:duration>`;
    } else if (kind === "audios") {
      const episode = serveBinary(
        server,
        `/${kind}/episode-${i}.mp3`,
        "audio/mpeg",
        Buffer.alloc(0),
      );
      extra = `<enclosure url="${episode}" type="audio/mpeg" length="1000"/><itunes:duration>12:34</itunes:duration>`;
    } else if (kind === "social") {
      extra = `<dc:creator>poster${i}</dc:creator><media:content url="${png}" medium="image"/>`;
    }
    return `<item><guid>${kind}-${i}</guid><title>${kind} ${i}</title><link>https://example.com/${kind}/${i}</link>
<pubDate>${date}</pubDate><description>${kind} post number ${i}</description>${extra}</item>`;
  }).join("\n");
  const body = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>${kind} feed</title><link>https://example.com/${kind}</link><description>${kind}</description>
${items}</channel></rss>`;
  return server.serve(`/${kind}.xml`, body);
}
