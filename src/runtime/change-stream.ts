import type { ApiFetch } from "../api/client.ts";

/** The BroadcastChannel on which the leader tab tells the others whether its stream is up. */
export const LIVE_STATUS_CHANNEL = "follow-sync-live";

/**
 * `GET /sync/stream` through the API client (its base URL, credentials and headers), as a
 * byte stream; resumes after `lastVersion`. Not retried here: the stream's loop backs off.
 */
export async function openChangeStream(
  api: ApiFetch,
  lastVersion: string | undefined,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const response = await api.raw<ReadableStream<Uint8Array>, "stream">("/sync/stream", {
    responseType: "stream",
    signal,
    retry: 0,
    silent: true,
    network: false,
    headers: {
      accept: "text/event-stream",
      ...(lastVersion !== undefined ? { "last-event-id": lastVersion } : {}),
    },
  });
  if (!response._data) throw new Error("The change stream answered without a body");
  return response._data;
}
