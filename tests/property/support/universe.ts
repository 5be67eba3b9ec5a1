import { signUp } from "../../support/sync/remote.ts";
import { startWorld, type World } from "../../support/sync/world.ts";

/** The fixed world of a property run: feeds with known ids and entries with known times. */
export interface UniverseFeed {
  id: string;
  url: string;
  entries: { id: string; publishedAt: string }[];
}

export interface Universe extends World {
  feeds: UniverseFeed[];
  feedOfEntry: Map<string, string>;
}

export async function startUniverse(feedCount: number, entriesPerFeed: number): Promise<Universe> {
  const world = await startWorld({ feeds: feedCount, entriesPerFeed });
  // A setup user subscribes once, so every feed and entry exists on the server with its id.
  const { cookie } = await signUp(world.baseUrl, `setup.${Date.now()}@example.com`);
  const call = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${world.baseUrl}/api${path}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const feeds: UniverseFeed[] = [];
  for (const url of world.feedUrls) {
    const { feed } = await call<{ feed: { id: string } }>("/subscriptions", { url });
    const { data } = await call<{ data: { entries: UniverseFeed["entries"][number] }[] }>(
      "/entries",
      { feedId: feed.id, limit: 100 },
    );
    feeds.push({ id: feed.id, url, entries: data.map((d) => d.entries) });
  }
  const feedOfEntry = new Map(feeds.flatMap((f) => f.entries.map((e) => [e.id, f.id] as const)));
  return { ...world, feeds, feedOfEntry };
}
