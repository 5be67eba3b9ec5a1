import {
  parseJson,
  type ServiceClient,
  ServiceFailure,
  setting,
  statusFailure,
} from "./service.ts";

/** Zotero's own words for the statuses its write API documents. */
const KNOWN = {
  400: "invalid type or field, or unparseable JSON",
  403: "the API key was refused or lacks write access",
  409: "the target library is locked",
  412: "the library has changed since the specified version",
  413: "the upload would exceed the storage quota",
};

/** ISO 8601 without milliseconds, as Zotero's accessDate is written. */
export function isoWithoutMs(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * Zotero Web API v3: POST /users/<id>/items with `Zotero-API-Key`, an array with one `webpage`
 * item. It answers 200 with `successful`/`success`/`failed` maps keyed by the item's index.
 */
export const zotero: ServiceClient = {
  async save({ entry, settings }, http, bases, now = new Date()) {
    const userId = setting(settings, "zoteroUserID");
    const answer = await http.request(
      "POST",
      `${bases.zotero}/users/${encodeURIComponent(userId)}/items`,
      {
        "zotero-api-key": setting(settings, "zoteroToken"),
        "content-type": "application/json",
        "zotero-api-version": "3",
      },
      JSON.stringify([
        {
          itemType: "webpage",
          title: entry.title,
          creators: entry.author ? [{ creatorType: "author", name: entry.author }] : [],
          abstractNote: settings.saveSummaryAsDescription === true ? entry.summary : "",
          url: entry.url,
          date: entry.publishedAt,
          accessDate: isoWithoutMs(now),
          language: entry.language ?? "",
          tags: entry.tags.map((tag) => ({ tag })),
          collections: [],
        },
      ]),
    );
    if (answer.status !== 200) throw statusFailure("Zotero", answer, KNOWN);
    const body = parseJson(answer.text) as {
      success?: Record<string, unknown>;
      failed?: Record<string, { message?: unknown }>;
    } | null;
    const failed = body?.failed?.["0"];
    if (failed) {
      throw new ServiceFailure(
        `Zotero: ${typeof failed.message === "string" ? failed.message : "the item was refused"}`,
      );
    }
    const key = body?.success?.["0"];
    return typeof key === "string"
      ? `https://www.zotero.org/users/${encodeURIComponent(userId)}/items/${encodeURIComponent(key)}`
      : null;
  },
  async test(settings, http, bases) {
    const answer = await http.request("GET", `${bases.zotero}/keys/current`, {
      "zotero-api-key": setting(settings, "zoteroToken"),
      "zotero-api-version": "3",
    });
    if (answer.status !== 200) throw statusFailure("Zotero", answer, KNOWN);
    const key = parseJson(answer.text) as { userID?: unknown } | null;
    if (String(key?.userID) !== setting(settings, "zoteroUserID")) {
      throw new ServiceFailure("Zotero: the API key belongs to another user ID");
    }
  },
};
