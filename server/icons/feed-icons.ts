import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ServerConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { FeedRow } from "../db/schema.ts";
import { createFetcher, type Fetcher } from "../ingest/guarded-fetch.ts";
import type { Logger } from "../logger.ts";
import { sniffImage } from "../uploads/avatar-store.ts";

/**
 * Each feed's site icon, fetched through the guarded fetcher (never any other way: the URLs come
 * from feeds and their pages) and kept under DATA_DIR/feed-icons, so the app shows it from its
 * own origin (no request from the reader's browser to the site).
 *
 * Files, not database rows: icon bytes would only weigh on the database and its backups, need
 * no transaction, and live beside the other fetched files (inbox mail's files under DATA_DIR),
 * which every process of one install already shares. A feed's icon is `<id>.img`, described by
 * `<id>.json` (its type and when it was last looked for, also when none was found).
 */

/** The most an icon may weigh; a bigger file is refused, not cut. */
export const ICON_MAX_BYTES = 256 * 1024;
/** How long a found icon, or the finding that there is none, is kept before looking again. */
export const ICON_REFRESH_MS = 7 * 24 * 3_600_000;
/** At most this many icons are fetched at a time per process. */
const CONCURRENCY = 2;
/** At most this many feeds wait for their icon; past it, a request is dropped (asked again later). */
const QUEUE_MAX = 1_000;
/** How much of a site's page is read to find its `<link rel="icon">` (they sit in the head). */
const PAGE_MAX_BYTES = 512 * 1024;
const IMAGE_ACCEPT = "image/png, image/x-icon, image/vnd.microsoft.icon, image/*;q=0.8";
const ICON_DIR = "feed-icons";
/** A feed id: the only part of a stored icon's file name. */
const FEED_ID = /^\d{1,30}$/;

export interface StoredIconMeta {
  /** The icon's type as its bytes tell, or null when none was found. */
  type: string | null;
  /** The address it came from. */
  source: string | null;
  checkedAt: string;
}

/** ICO files (favicon.ico), told by their header: reserved 0, type 1, at least one image. */
function isIco(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 22 &&
    bytes[0] === 0 &&
    bytes[1] === 0 &&
    bytes[2] === 1 &&
    bytes[3] === 0 &&
    (bytes[4]! | (bytes[5]! << 8)) > 0
  );
}

/**
 * The image type of an icon's bytes: PNG, JPEG, GIF, WebP (as avatars) or ICO. Never SVG (it
 * can carry script) and never what a Content-Type header claims.
 */
export function sniffIcon(bytes: Uint8Array): string | undefined {
  if (isIco(bytes)) return "image/x-icon";
  return sniffImage(bytes)?.type;
}

/** `<link rel="…icon…" href="…">` in a page, best first (a larger touch icon before a favicon). */
export function iconLinks(html: string, pageUrl: string): string[] {
  const found: Array<{ url: string; rank: number }> = [];
  for (const tag of html.matchAll(/<link\b[^>]*>/gi)) {
    const attributes = new Map<string, string>();
    for (const match of tag[0].matchAll(/([a-z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
      attributes.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? "");
    }
    const rel = (attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
    const href = attributes.get("href");
    if (!href || !rel.some((r) => r === "icon" || r === "apple-touch-icon")) continue;
    const type = (attributes.get("type") ?? "").toLowerCase();
    if (type.includes("svg") || /\.svg(?:$|[?#])/i.test(href)) continue;
    let url: URL;
    try {
      url = new URL(href, pageUrl);
    } catch {
      continue;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") continue;
    found.push({ url: url.href, rank: rel.includes("apple-touch-icon") ? 0 : 1 });
  }
  return [...new Set(found.sort((a, b) => a.rank - b.rank).map((f) => f.url))].slice(0, 3);
}

function httpUrl(value: string | null | undefined, base?: string): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

export interface IconStore {
  read(feedId: string): Promise<{ bytes: Buffer; type: string } | undefined>;
  meta(feedId: string): Promise<StoredIconMeta | undefined>;
  write(
    feedId: string,
    icon: { bytes: Buffer; type: string; source: string } | null,
  ): Promise<void>;
}

/** Icons as files under `<dataDir>/feed-icons`, each replaced whole (written aside, renamed). */
export function fileIconStore(dataDir: string): IconStore {
  const dir = join(dataDir, ICON_DIR);
  const path = (feedId: string, ext: string) => {
    if (!FEED_ID.test(feedId)) throw new Error("not a feed id");
    return join(dir, `${feedId}.${ext}`);
  };
  async function replace(target: string, data: string | Buffer) {
    const aside = `${target}.${process.pid}.tmp`;
    await writeFile(aside, data, { mode: 0o644 });
    await rename(aside, target);
  }
  const store: IconStore = {
    async meta(feedId) {
      if (!FEED_ID.test(feedId)) return undefined;
      try {
        return JSON.parse(await readFile(path(feedId, "json"), "utf8")) as StoredIconMeta;
      } catch {
        return undefined;
      }
    },
    async read(feedId) {
      const meta = await store.meta(feedId);
      if (!meta?.type) return undefined;
      try {
        const bytes = await readFile(path(feedId, "img"));
        // What is served is told by the bytes again, whatever the description says.
        const type = sniffIcon(bytes);
        return type ? { bytes, type } : undefined;
      } catch {
        return undefined;
      }
    },
    async write(feedId, icon) {
      await mkdir(dir, { recursive: true });
      if (icon) await replace(path(feedId, "img"), icon.bytes);
      const meta: StoredIconMeta = {
        type: icon?.type ?? null,
        source: icon?.source ?? null,
        checkedAt: new Date().toISOString(),
      };
      await replace(path(feedId, "json"), JSON.stringify(meta));
    },
  };
  return store;
}

export interface FeedIconsOptions {
  database: DatabaseHandle;
  /** For the site's page (read up to PAGE_MAX_BYTES). */
  fetcher: Fetcher;
  /** For the icons themselves: a guarded fetcher whose body cap is ICON_MAX_BYTES. */
  iconFetcher: Fetcher;
  store: IconStore;
  onError?: (feedId: string, error: unknown) => void;
  now?: () => number;
}

/**
 * Keeps feed icons: `refreshed(feed)` after a successful refresh queues a look for the feed's
 * icon when it has none or the last look is a week old. The look runs later, a few at a time,
 * so a refresh never waits for it; `idle()` resolves when nothing is queued or running.
 */
export function createFeedIcons(options: FeedIconsOptions) {
  const { database, fetcher, iconFetcher, store } = options;
  const now = options.now ?? Date.now;
  const queue: string[] = [];
  const pending = new Set<string>();
  let running = 0;
  let waiters: Array<() => void> = [];
  let closed = false;

  async function fetchIcon(url: string): Promise<{ bytes: Buffer; type: string } | undefined> {
    try {
      const response = await iconFetcher.fetch(url, { accept: IMAGE_ACCEPT });
      if (response.status !== 200 || response.body.length > ICON_MAX_BYTES) return undefined;
      const type = sniffIcon(response.body);
      return type ? { bytes: response.body, type } : undefined;
    } catch {
      // Too large, blocked, unreachable: not an icon we keep.
      return undefined;
    }
  }

  async function pageLinks(site: URL): Promise<string[]> {
    try {
      const response = await fetcher.fetch(site.href, {
        accept: "text/html, application/xhtml+xml;q=0.9",
      });
      if (response.status !== 200) return [];
      const html = response.body.subarray(0, PAGE_MAX_BYTES).toString("utf8");
      return iconLinks(html, response.url);
    } catch {
      return [];
    }
  }

  /** The feed's own image, then its site's declared icons, then the site's /favicon.ico. */
  async function find(feed: FeedRow) {
    const tried = new Set<string>();
    const attempt = async (url: string | undefined) => {
      if (!url || tried.has(url)) return undefined;
      tried.add(url);
      const icon = await fetchIcon(url);
      return icon ? { ...icon, source: url } : undefined;
    };
    const own = await attempt(httpUrl(feed.image, feed.url)?.href);
    if (own) return own;
    const site = httpUrl(feed.site_url, feed.url) ?? httpUrl(feed.url);
    if (!site) return undefined;
    for (const link of await pageLinks(site)) {
      const icon = await attempt(link);
      if (icon) return icon;
    }
    return attempt(new URL("/favicon.ico", site).href);
  }

  async function look(feedId: string) {
    // The row as the refresh left it: a first refresh is what fills in image and site_url.
    const feed = await database.db
      .selectFrom("feed")
      .selectAll()
      .where("id", "=", feedId)
      .executeTakeFirst();
    // Inboxes are made, not fetched: there is no site to ask.
    if (!feed || feed.owner_user_id !== null || !/^https?:/i.test(feed.url)) return;
    const icon = await find(feed);
    // A look cut short by shutdown found nothing it could vouch for.
    if (!closed) await store.write(feedId, icon ?? null);
  }

  function pump() {
    while (running < CONCURRENCY && queue.length > 0) {
      const feedId = queue.shift()!;
      running += 1;
      look(feedId)
        .catch((error: unknown) => options.onError?.(feedId, error))
        .finally(() => {
          running -= 1;
          pending.delete(feedId);
          pump();
        });
    }
    if (running === 0 && pending.size === 0) {
      for (const resolve of waiters) resolve();
      waiters = [];
    }
  }

  return {
    /** After a successful refresh of this feed; returns at once. */
    refreshed(feed: Pick<FeedRow, "id">): void {
      const feedId = feed.id;
      if (closed || pending.has(feedId) || pending.size >= QUEUE_MAX) return;
      pending.add(feedId);
      void store
        .meta(feedId)
        .then((meta) => {
          const fresh = meta && now() - Date.parse(meta.checkedAt) < ICON_REFRESH_MS;
          if (fresh) pending.delete(feedId);
          else queue.push(feedId);
          pump();
        })
        .catch((error: unknown) => {
          pending.delete(feedId);
          options.onError?.(feedId, error);
          pump();
        });
    },
    /** Resolves once no look is queued or running (tests, shutdown). */
    idle(): Promise<void> {
      if (pending.size === 0 && running === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    /** Takes no more requests; looks under way write nothing. */
    close(): void {
      closed = true;
      queue.length = 0;
    },
  };
}

/**
 * The icon keeper of a process that refreshes feeds: its own guarded fetcher (same address
 * policy and timeout as feeds, body capped at ICON_MAX_BYTES) for the icons, the feed fetcher
 * for the site's page, files under DATA_DIR.
 */
export function startFeedIcons(
  config: Pick<ServerConfig, "dataDir" | "ingest">,
  database: DatabaseHandle,
  fetcher: Fetcher,
  logger: Logger,
) {
  const iconFetcher = createFetcher({
    allowPrivateNetworks: config.ingest.allowPrivateNetworks,
    timeoutMs: Math.min(config.ingest.fetchTimeoutSeconds * 1000, 20_000),
    maxBodyBytes: ICON_MAX_BYTES,
    perHostConcurrency: 1,
  });
  const icons = createFeedIcons({
    database,
    fetcher,
    iconFetcher,
    store: fileIconStore(config.dataDir),
    onError: (feedId, error) => logger.warn({ err: error, feedId }, "feed icon not kept"),
  });
  return {
    onRefreshed: (feed: Pick<FeedRow, "id">) => icons.refreshed(feed),
    idle: () => icons.idle(),
    async close() {
      icons.close();
      await iconFetcher.close();
    },
  };
}

export type FeedIcons = ReturnType<typeof createFeedIcons>;
