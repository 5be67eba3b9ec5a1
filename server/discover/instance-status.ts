import type { Fetcher } from "../ingest/guarded-fetch.ts";
import type { InstanceStatus } from "../storage/feed-route-instances.ts";

/** RSSHub's front page shows its build ("Git Hash: 1a2b3c4"); some builds say "version". */
const VERSION = /(?:git\s*hash|version)\W{0,40}?([0-9a-f]{7,40}\b|v?\d+\.\d+[\w.+-]{0,30})/i;
const MAX_ERROR = 300;

/**
 * Whether an instance answers, which build it runs and how fast: its front page (open even
 * when the instance asks for an access key), read through the guarded fetcher.
 */
export async function checkInstance(
  fetcher: Fetcher,
  baseUrl: string,
  now: () => number = Date.now,
): Promise<InstanceStatus> {
  const checkedAt = new Date(now()).toISOString();
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const response = await fetcher.fetch(`${baseUrl}/`, { accept: "text/html,*/*" });
    const latencyMs = latency();
    if (response.status !== 200)
      return {
        checkedAt,
        reachable: false,
        version: null,
        latencyMs,
        error: `HTTP ${response.status}`,
      };
    const header = response.headers["x-rsshub-version"];
    const page = response.body
      .subarray(0, 200_000)
      .toString("utf8")
      .replace(/<[^>]*>/g, " ");
    const version = (typeof header === "string" && header) || VERSION.exec(page)?.[1] || null;
    return {
      checkedAt,
      reachable: true,
      version: version?.slice(0, 60) ?? null,
      latencyMs,
      error: null,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      checkedAt,
      reachable: false,
      version: null,
      latencyMs: latency(),
      error: message.slice(0, MAX_ERROR),
    };
  }
}
