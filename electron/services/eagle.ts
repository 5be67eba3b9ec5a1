import type { DesktopSaveResult, EagleItem } from "../../contract/desktop.ts";

/** Eagle's local API: no auth, only on this machine. */
export const EAGLE_API = "http://localhost:41595";
const TIMEOUT_MS = 5_000;

type FetchLike = typeof fetch;

/** Whether Eagle answers at all (checked before saving, as the shipped product does). */
export async function eagleReachable(fetchImpl: FetchLike, base = EAGLE_API): Promise<boolean> {
  try {
    const answer = await fetchImpl(`${base}/api/application/info`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await answer.body?.cancel();
    return answer.ok;
  } catch {
    return false;
  }
}

function isWebUrl(url: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/**
 * POST /api/item/addFromURLs with one item per image: `{url, website, headers: {referer}}`.
 * Only the entry's images are saved; an entry without any is refused before calling Eagle.
 */
export async function saveToEagle(
  fetchImpl: FetchLike,
  item: EagleItem,
  base = EAGLE_API,
): Promise<DesktopSaveResult> {
  const media = item.mediaUrls.filter(isWebUrl).slice(0, 100);
  if (media.length === 0) return { ok: false, reason: "The entry has no images to save" };
  if (!(await eagleReachable(fetchImpl, base))) {
    return { ok: false, reason: `Eagle is not running (nothing answers at ${base})` };
  }
  const website = isWebUrl(item.entryUrl) ? item.entryUrl : "";
  const answer = await fetchImpl(`${base}/api/item/addFromURLs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      items: media.map((url) => ({ url, website, headers: { referer: website } })),
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await answer.json().catch(() => null)) as { status?: string } | null;
  if (!answer.ok || body?.status !== "success") {
    return { ok: false, reason: `Eagle answered ${answer.status} ${body?.status ?? ""}`.trim() };
  }
  return { ok: true };
}
