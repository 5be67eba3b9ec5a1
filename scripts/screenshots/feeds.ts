import type { Palette, PictureSpec, Scene } from "./paint.ts";

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The screenshots' made-up publications, accounts, channels and podcasts, a few entries each. */

export const pictures: PictureSpec[] = [];
/** Registers a picture to paint and serve; returns its path on the feed server. */
function picture(spec: Omit<PictureSpec, "path">, name: string): string {
  const path = `/media/${name}.png`;
  pictures.push({ ...spec, path });
  return path;
}

/** Enclosure paths (audio and video files) to serve. */
export const enclosures: string[] = [];

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

interface RssItem {
  title: string;
  ago: number;
  html: string;
  author?: string;
  /** media:content photos (path, width, height). */
  photos?: Array<[string, number, number]>;
  enclosure?: { path: string; type: string };
  thumbnail?: string;
  duration?: string;
}

function rss(base: string, slug: string, title: string, items: RssItem[], image?: string) {
  const now = Date.now();
  const abs = (path: string) => `${base}${path}`;
  const rendered = items
    .map((item, i) => {
      const media = (item.photos ?? [])
        .map(
          ([path, width, height]) =>
            `<media:content url="${abs(path)}" medium="image" width="${width}" height="${height}"/>`,
        )
        .join("");
      if (item.enclosure) enclosures.push(item.enclosure.path);
      const enclosure = item.enclosure
        ? `<enclosure url="${abs(item.enclosure.path)}" type="${item.enclosure.type}" length="48000000"/>`
        : "";
      const thumbnail = item.thumbnail ? `<media:thumbnail url="${abs(item.thumbnail)}"/>` : "";
      const duration = item.duration ? `<itunes:duration>${item.duration}</itunes:duration>` : "";
      const author = item.author ? `<dc:creator>${escapeXml(item.author)}</dc:creator>` : "";
      return `<item><guid isPermaLink="false">${slug}-${i + 1}</guid><title>${escapeXml(item.title)}</title>
<link>https://${slug}.example.com/${i + 1}</link><pubDate>${new Date(now - item.ago).toUTCString()}</pubDate>${author}
<description><![CDATA[${item.html}]]></description>${media}${enclosure}${thumbnail}${duration}</item>`;
    })
    .join("\n");
  const channelImage = image
    ? `<image><url>${abs(image)}</url><title>${escapeXml(title)}</title><link>https://${slug}.example.com/</link></image><itunes:image href="${abs(image)}"/>`
    : "";
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>${escapeXml(title)}</title><link>https://${slug}.example.com/</link>
<description>${escapeXml(title)}</description><language>en</language>${channelImage}
${rendered}</channel></rss>`;
}

export interface FeedDef {
  slug: string;
  view: number;
  category?: string;
  body: (base: string) => string;
}

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join("\n");

const lead = picture(
  { scene: "lake", palette: "dawn", seed: 11, width: 960, height: 480 },
  "article-lead",
);
const articleFigure = picture(
  { scene: "city", palette: "night", seed: 12, width: 960, height: 420 },
  "article-figure",
);

export const FEEDS: FeedDef[] = [
  // Articles (view 0)
  {
    slug: "fieldnotes",
    view: 0,
    category: "Engineering",
    body: (base) =>
      rss(base, "fieldnotes", "Fieldnotes Engineering", [
        {
          title: "A year of running SQLite in every browser tab",
          ago: 42 * MINUTE,
          author: "Priya Raman",
          photos: [[lead, 960, 480]],
          html: `<p><img src="${base}${lead}" alt="A lake at dawn" width="960" height="480"></p>
${p(
  "Twelve months ago we moved the reading list out of our servers and into the browser. Every tab now opens a small SQLite database in the origin-private file system, and the server only sees the changes it has to sync. This is what we learned along the way: the parts that were easier than expected, the parts that were much harder, and the numbers we did not see coming.",
  "The first surprise was how little code the switch removed. We had imagined deleting whole services; in practice the server kept its job as the source of truth and gained a second one, as the hub that merges everybody's changes. What changed was the shape of the client: instead of asking the network for every screen, it asks a local database, and the network becomes a background concern.",
)}
<h2>Cold starts are a budget, not a number</h2>
${p(
  "A cold start now means opening the database, running pending migrations and reading the first page of the timeline. We measure each step on a low-end phone and keep a budget for the whole path: 300&nbsp;ms from navigation to the first row on screen. The budget forces trade-offs early, when they are still cheap.",
)}
<blockquote><p>Local-first is not about being offline. It is about never waiting for a round trip you did not need.</p></blockquote>
${p(
  "Writes go into an outbox table in the same transaction as the change they describe, so a crash between the two can never lose an edit. A worker drains the outbox whenever the connection allows, and the server answers with a cursor the client stores next to its data.",
)}
<figure><img src="${base}${articleFigure}" alt="A city skyline at night" width="960" height="420"><figcaption>Sync traffic by hour: most of it happens when people commute.</figcaption></figure>
<h2>What we would do again</h2>
<ul><li>Keep the schema small and migrate it in the client, with tests for every step.</li><li>Treat the sync cursor as data: store it, back it up, never guess it.</li><li>Show the sync state in the UI, quietly, so support questions answer themselves.</li></ul>
${p("Next month: how we test all of this against a real browser on every commit.")}`,
        },
        {
          title: "Postmortem: the Tuesday queue backlog",
          ago: 5 * HOUR,
          author: "Tomás Ferreira",
          photos: [
            [
              picture(
                { scene: "abstract", palette: "mist", seed: 21, width: 320, height: 320 },
                "fieldnotes-2",
              ),
              320,
              320,
            ],
          ],
          html: p(
            "On Tuesday between 09:12 and 10:47 UTC, feed refreshes fell up to 40 minutes behind. No data was lost; new entries simply arrived late. Here is the timeline, the root cause (a lock held across a slow DNS lookup) and the three changes we shipped since.",
          ),
        },
        {
          title: "Designing a sync indicator people actually trust",
          ago: 27 * HOUR,
          author: "Priya Raman",
          photos: [
            [
              picture(
                { scene: "abstract", palette: "dusk", seed: 22, width: 320, height: 320 },
                "fieldnotes-3",
              ),
              320,
              320,
            ],
          ],
          html: p(
            "Spinners that never stop teach users to ignore them. We went through five iterations of the little cloud in the corner before landing on three states that each mean exactly one thing.",
          ),
        },
      ]),
  },
  {
    slug: "orbit",
    view: 0,
    category: "Science",
    body: (base) =>
      rss(base, "orbit", "Orbit Weekly", [
        {
          title: "The quiet return of the solar sail",
          ago: 2 * HOUR,
          photos: [
            [
              picture(
                { scene: "landscape", palette: "night", seed: 31, width: 320, height: 320 },
                "orbit-1",
              ),
              320,
              320,
            ],
          ],
          html: p(
            "A sheet of aluminised film thinner than a hair has been steering a small probe for nine months now, using nothing but sunlight. Engineers explain why sails are suddenly practical again.",
          ),
        },
        {
          title: "What the deep-sea mapping survey found in its first season",
          ago: 9 * HOUR,
          photos: [
            [
              picture(
                { scene: "coast", palette: "day", seed: 32, width: 320, height: 320 },
                "orbit-2",
              ),
              320,
              320,
            ],
          ],
          html: p(
            "Forty thousand square kilometres of seabed, three new hydrothermal vents and a shipwreck nobody had on record. The team behind the survey walks us through their favourite maps.",
          ),
        },
        {
          title: "Why your weather app disagrees with the sky",
          ago: 30 * HOUR,
          html: p(
            "Forecasts are probabilities rendered as icons, and something is lost in the translation. A meteorologist on reading a forecast the way it was meant to be read.",
          ),
        },
      ]),
  },
  {
    slug: "quietweb",
    view: 0,
    category: "Culture",
    body: (base) =>
      rss(base, "quietweb", "The Quiet Web", [
        {
          title: "RSS never left, we just stopped looking",
          ago: 3 * HOUR,
          photos: [
            [
              picture(
                { scene: "abstract", palette: "autumn", seed: 41, width: 320, height: 320 },
                "quietweb-1",
              ),
              320,
              320,
            ],
          ],
          html: p(
            "Most of the sites you read still publish a feed, often without knowing it. A short tour of the plumbing that kept working while the platforms came and went.",
          ),
        },
        {
          title: "Notes on writing in plain text for ten years",
          ago: 20 * HOUR,
          html: p(
            "Every tool I used in 2015 is gone or changed beyond recognition. My notes folder is the same folder, and every file still opens. Some thoughts on durable formats.",
          ),
        },
      ]),
  },
  {
    slug: "typegrid",
    view: 0,
    category: "Design",
    body: (base) =>
      rss(base, "typegrid", "Type & Grid", [
        {
          title: "Variable fonts in practice: one file, nine weights, half the bytes",
          ago: 7 * HOUR,
          photos: [
            [
              picture(
                { scene: "abstract", palette: "day", seed: 51, width: 320, height: 320 },
                "typegrid-1",
              ),
              320,
              320,
            ],
          ],
          html: p(
            "We replaced nine static font files with a single variable font on a news site and measured everything: bytes, layout shifts and how readers perceived the change.",
          ),
        },
        {
          title: "Dark mode is a palette, not an inversion",
          ago: 50 * HOUR,
          photos: [
            [
              picture(
                { scene: "city", palette: "dusk", seed: 52, width: 320, height: 320 },
                "typegrid-2",
              ),
              320,
              320,
            ],
          ],
          html: p(
            "Flipping colours gets you halfway. The other half is contrast, elevation and the accent colour that suddenly glows too much at night.",
          ),
        },
      ]),
  },

  // Social media (view 1): JSON Feed accounts with avatars and photos.
  ...[
    {
      slug: "mira",
      name: "Mira Okafor",
      handle: "@mira",
      palette: "dusk" as Palette,
      posts: [
        {
          text: "Got up at 4:30 for this and the fog almost ruined it. Then, for about ninety seconds, it didn't.",
          ago: 25 * MINUTE,
          photos: [
            { scene: "lake" as Scene, palette: "mist" as Palette, seed: 61 },
            { scene: "landscape" as Scene, palette: "dawn" as Palette, seed: 62 },
          ],
        },
        {
          text: "Reminder that the best camera settings guide is still: go outside more often.",
          ago: 6 * HOUR,
          photos: [],
        },
      ],
    },
    {
      slug: "jonas",
      name: "Jonas Lindqvist",
      handle: "@jonas",
      palette: "day" as Palette,
      posts: [
        {
          text: "Shipped offline mode today. The whole app now runs from a local database and syncs in the background. Turned off wifi on the train and kept reading like nothing happened.\n\nFeels like cheating.",
          ago: 1.5 * HOUR,
          photos: [{ scene: "city" as Scene, palette: "night" as Palette, seed: 71 }],
        },
        {
          text: "Hot take: every settings page should have a search box. Every single one.",
          ago: 11 * HOUR,
          photos: [],
        },
      ],
    },
    {
      slug: "ana",
      name: "Ana Beltrán",
      handle: "@ana",
      palette: "autumn" as Palette,
      posts: [
        {
          text: "Day three on the coast path. Legs: destroyed. Views: absolutely worth it.",
          ago: 4 * HOUR,
          photos: [{ scene: "coast" as Scene, palette: "day" as Palette, seed: 81 }],
        },
      ],
    },
  ].map(
    (account): FeedDef => ({
      slug: account.slug,
      view: 1,
      body: (base) => {
        const avatar = picture(
          { scene: "avatar", palette: account.palette, seed: 90, width: 96, height: 96 },
          `${account.slug}-avatar`,
        );
        const now = Date.now();
        return JSON.stringify({
          version: "https://jsonfeed.org/version/1.1",
          title: account.handle,
          home_page_url: `https://${account.slug}.example.com/`,
          icon: `${base}${avatar}`,
          authors: [{ name: account.name, avatar: `${base}${avatar}` }],
          items: account.posts.map((post, i) => ({
            id: `${account.slug}-${i + 1}`,
            url: `https://${account.slug}.example.com/posts/${i + 1}`,
            content_text: post.text,
            date_published: new Date(now - post.ago).toISOString(),
            attachments: post.photos.map((photo, j) => ({
              url: `${base}${picture(
                { ...photo, width: 640, height: 360 },
                `${account.slug}-${i + 1}-${j + 1}`,
              )}`,
              mime_type: "image/png",
            })),
          })),
        });
      },
    }),
  ),

  // Pictures (view 2)
  {
    slug: "horizon",
    view: 2,
    body: (base) => {
      const shots: Array<[Scene, Palette, string, number, number]> = [
        ["landscape", "dawn", "First light over the ridge", 600, 400],
        ["lake", "mist", "Still water, late October", 400, 600],
        ["desert", "autumn", "Dunes after the wind", 600, 400],
        ["landscape", "night", "Moonrise, valley camp", 480, 600],
        ["coast", "dusk", "Evening sail", 600, 450],
        ["lake", "dusk", "The long lake at dusk", 600, 400],
        ["landscape", "day", "Summer pass", 400, 600],
        ["desert", "dusk", "Red hour", 600, 600],
        ["landscape", "mist", "Layers", 600, 400],
        ["lake", "day", "Blue hour, north shore", 480, 600],
        ["coast", "dawn", "Harbour at six", 600, 400],
        ["landscape", "autumn", "Larches turning", 600, 450],
        ["city", "dusk", "Rooftops, 8 pm", 400, 600],
        ["lake", "autumn", "Reflections", 600, 400],
        ["desert", "dawn", "Salt flats", 600, 450],
        ["landscape", "dusk", "Last light on the range", 400, 560],
        ["coast", "mist", "Fog bank", 600, 400],
        ["city", "night", "Night shift", 600, 600],
      ];
      return rss(
        base,
        "horizon",
        "Horizon Daily",
        shots.map(([scene, palette, title, width, height], i) => ({
          title,
          ago: (i + 1) * 2 * HOUR,
          html: p(`${title}. Digital illustration, part of the Horizon series.`),
          photos: [
            [
              picture({ scene, palette, seed: 100 + i, width, height }, `horizon-${i + 1}`),
              width,
              height,
            ],
          ],
        })),
      );
    },
  },

  // Videos (view 3)
  {
    slug: "workshop",
    view: 3,
    body: (base) => {
      const videos: Array<[Scene, Palette, string, string, string]> = [
        [
          "desert",
          "autumn",
          "Building a walnut side table in one weekend",
          "WALNUT\nTABLE",
          "18:42",
        ],
        ["lake", "mist", "Sharpening chisels: the only guide you need", "SHARP.", "12:05"],
        ["city", "night", "Restoring a 1970s desk lamp", "LAMP\nRESTORE", "23:17"],
        ["abstract", "autumn", "Five joints every beginner should learn", "5 JOINTS", "9:58"],
        ["landscape", "autumn", "Workshop tour 2025", "SHOP TOUR", "31:40"],
        ["coast", "day", "Carving a spoon from driftwood", "DRIFTWOOD", "14:26"],
      ];
      return rss(
        base,
        "workshop",
        "Workshop Diaries",
        videos.map(([scene, palette, title, text, duration], i) => ({
          title,
          ago: (i * 9 + 3) * HOUR,
          html: p(`${title}. Tools and cut list in the description.`),
          enclosure: { path: `/media/workshop-${i + 1}.mp4`, type: "video/mp4" },
          thumbnail: picture(
            { scene, palette, seed: 200 + i, width: 640, height: 360, text },
            `workshop-${i + 1}`,
          ),
          duration,
        })),
      );
    },
  },
  {
    slug: "trailcam",
    view: 3,
    body: (base) => {
      const videos: Array<[Scene, Palette, string, string, string]> = [
        ["landscape", "dawn", "Three days on the high route, no cuts", "HIGH\nROUTE", "42:11"],
        ["lake", "night", "Camping by a frozen lake", "-18°C", "16:03"],
        ["desert", "dusk", "Crossing the dunes at night", "NIGHT\nCROSSING", "21:37"],
        ["coast", "dawn", "Sea kayaking the north cape", "NORTH\nCAPE", "27:09"],
        ["landscape", "mist", "What I pack for a week in the hills", "PACK LIST", "11:48"],
        ["city", "dusk", "Night train to the mountains", "NIGHT\nTRAIN", "19:55"],
      ];
      return rss(
        base,
        "trailcam",
        "Trail Notes",
        videos.map(([scene, palette, title, text, duration], i) => ({
          title,
          ago: (i * 13 + 6) * HOUR,
          html: p(title),
          enclosure: { path: `/media/trailcam-${i + 1}.mp4`, type: "video/mp4" },
          thumbnail: picture(
            { scene, palette, seed: 300 + i, width: 640, height: 360, text },
            `trailcam-${i + 1}`,
          ),
          duration,
        })),
      );
    },
  },

  // Audios (view 4)
  {
    slug: "slowsignal",
    view: 4,
    body: (base) =>
      rss(
        base,
        "slowsignal",
        "Slow Signal",
        [
          ["Ep. 142: Local-first software, five years on", "58:12", 5],
          ["Ep. 141: The economics of open source maintenance", "1:04:37", 7 * 24 + 5],
          ["Ep. 140: What happened to the semantic web?", "49:50", 14 * 24 + 5],
          ["Ep. 139: Live from the meetup, with listener questions", "1:12:08", 21 * 24 + 5],
        ].map(([title, duration, hours], i) => ({
          title: String(title),
          ago: Number(hours) * HOUR,
          html: p(
            "Five years after the essay that gave it a name, where did local-first software go? We talk about sync engines, conflict resolution, and why the boring parts (backups, migrations, support) matter most.",
            "Show notes, links and a full transcript are on the episode page.",
          ),
          enclosure: { path: `/media/slowsignal-${i + 1}.mp3`, type: "audio/mpeg" },
          duration: String(duration),
        })),
        picture(
          {
            scene: "cover",
            palette: "night",
            seed: 400,
            width: 300,
            height: 300,
            text: "SLOW\nSIGNAL",
            subtext: "a podcast about software",
          },
          "slowsignal-cover",
        ),
      ),
  },
  {
    slug: "fieldrecordings",
    view: 4,
    body: (base) =>
      rss(
        base,
        "fieldrecordings",
        "Field Recordings",
        [
          ["Rain on a tin roof, Kerala", "34:20", 28],
          ["Dawn chorus in an old beech forest", "41:05", 4 * 24],
          ["Harbour at night: ropes, gulls and a ferry", "27:48", 11 * 24],
        ].map(([title, duration, hours], i) => ({
          title: String(title),
          ago: Number(hours) * HOUR,
          html: p(`${title}. Recorded in binaural stereo; best with headphones.`),
          enclosure: { path: `/media/fieldrecordings-${i + 1}.mp3`, type: "audio/mpeg" },
          duration: String(duration),
        })),
        picture(
          {
            scene: "cover",
            palette: "autumn",
            seed: 401,
            width: 300,
            height: 300,
            text: "FIELD\nREC.",
            subtext: "sounds of places",
          },
          "fieldrecordings-cover",
        ),
      ),
  },
  {
    slug: "deepdive",
    view: 4,
    body: (base) =>
      rss(
        base,
        "deepdive",
        "Deep Dive Science Hour",
        [
          ["Octopus minds, with a marine biologist", "55:31", 2 * 24 + 3],
          ["How tides shaped the first calendars", "47:16", 9 * 24 + 3],
        ].map(([title, duration, hours], i) => ({
          title: String(title),
          ago: Number(hours) * HOUR,
          html: p(`${title}.`),
          enclosure: { path: `/media/deepdive-${i + 1}.mp3`, type: "audio/mpeg" },
          duration: String(duration),
        })),
        picture(
          {
            scene: "cover",
            palette: "day",
            seed: 402,
            width: 300,
            height: 300,
            text: "DEEP\nDIVE",
            subtext: "science hour",
          },
          "deepdive-cover",
        ),
      ),
  },

  // Notifications (view 5)
  {
    slug: "releases",
    view: 5,
    body: (base) =>
      rss(
        base,
        "releases",
        "orbit releases",
        [
          [
            "orbit v4.2.0",
            35 * MINUTE,
            `<h2>Highlights</h2>
<ul><li>Incremental vacuum: databases shrink in the background, without a long lock.</li>
<li>Cold starts are about 40% faster on large databases thanks to lazy index loading.</li>
<li>New <code>orbit doctor</code> command that checks a database and explains what it finds.</li></ul>
<h2>Fixes</h2>
<ul><li>Sync no longer stalls when the server answers 429 without a Retry-After header.</li>
<li>Dates before 1970 round-trip through JSON exports.</li></ul>
<h2>Upgrading</h2>
<p>No migration is needed. Run <code>npm install orbit@4.2.0</code> and restart.</p>
<pre><code>npm install orbit@4.2.0
npx orbit doctor ./data/app.db</code></pre>
<p>Thanks to the 14 people who contributed to this release.</p>`,
          ],
          ["orbit v4.1.3", 26 * HOUR, p("Fixes a crash when the disk is full.")],
          ["orbit v4.1.2", 50 * HOUR, p("Maintenance release.")],
          ["orbit v4.1.1", 75 * HOUR, p("Security fix for the HTTP adapter.")],
        ].map(([title, ago, html]) => ({
          title: String(title),
          ago: Number(ago),
          html: String(html),
        })),
      ),
  },
  ...[
    {
      slug: "status",
      title: "Parcel status",
      items: [
        ["Resolved: API latency in eu-west", 80 * MINUTE],
        ["Monitoring: delayed webhooks", 3 * HOUR],
        ["Maintenance on Sunday, 02:00 UTC", 28 * HOUR],
        ["Resolved: dashboard login errors", 52 * HOUR],
      ],
    },
    {
      slug: "ci",
      title: "CI builds",
      items: [
        ["Build #1842 passed on main", 20 * MINUTE],
        ["Build #1841 failed on main", 2.5 * HOUR],
        ["Build #1840 passed on release", 6 * HOUR],
        ["Build #1839 passed on main", 27 * HOUR],
      ],
    },
    {
      slug: "pricewatch",
      title: "Price watch",
      items: [
        ["Trail shoes now €89 (−25%)", 4 * HOUR],
        ["Headphones back in stock", 30 * HOUR],
      ],
    },
  ].map(
    (feed): FeedDef => ({
      slug: feed.slug,
      view: 5,
      body: (base) =>
        rss(
          base,
          feed.slug,
          feed.title,
          feed.items.map(([title, ago]) => ({
            title: String(title),
            ago: Number(ago),
            html: p(String(title)),
          })),
        ),
    }),
  ),
];

/** Each view (by id) and, for the list views, the entry opened beside the timeline. */
export const VIEWS: Array<{ name: string; open?: string }> = [
  { name: "articles", open: "A year of running SQLite in every browser tab" },
  { name: "social", open: "Shipped offline mode today" },
  { name: "pictures" },
  { name: "videos" },
  { name: "audios", open: "Ep. 142: Local-first software, five years on" },
  { name: "notifications", open: "orbit v4.2.0" },
];
