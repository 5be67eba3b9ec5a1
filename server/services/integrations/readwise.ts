import {
  type EntryToSave,
  parseJson,
  type ServiceClient,
  type ServiceHttp,
  setting,
  statusFailure,
} from "./service.ts";

/**
 * The person's highlights and notes of the entry, through the Readwise highlights API (POST
 * /api/v2/highlights/ {highlights: [{text, note, title, author, source_url, category}]}).
 */
async function sendHighlights(
  entry: EntryToSave,
  settings: Readonly<Record<string, unknown>>,
  http: ServiceHttp,
  base: string,
) {
  const answer = await http.request(
    "POST",
    `${base}/api/v2/highlights/`,
    {
      authorization: `Token ${setting(settings, "readwiseToken")}`,
      "content-type": "application/json",
    },
    JSON.stringify({
      highlights: (entry.highlights ?? []).map((highlight) => ({
        text: highlight.exact,
        ...(highlight.note ? { note: highlight.note } : {}),
        title: entry.title,
        author: entry.author || undefined,
        source_url: entry.url,
        source_type: "follow",
        category: "articles",
      })),
    }),
  );
  if (answer.status !== 200 && answer.status !== 201) {
    throw statusFailure("Readwise highlights", answer, { 401: "the access token was refused" });
  }
}

/**
 * Readwise Reader: POST /api/v3/save/ with `Authorization: Token <token>` and the document as
 * JSON; the answer's `url` links to it. The token is checked with GET /api/v2/auth/ (204).
 */
export const readwise: ServiceClient = {
  async save({ entry, settings }, http, bases) {
    const answer = await http.request(
      "POST",
      `${bases.readwise}/api/v3/save/`,
      {
        authorization: `Token ${setting(settings, "readwiseToken")}`,
        "content-type": "application/json",
      },
      JSON.stringify({
        url: entry.url,
        html: entry.html,
        title: entry.title,
        author: entry.author,
        summary: settings.saveSummaryAsDescription === true ? entry.summary : undefined,
        published_date: entry.publishedAt,
        image_url: entry.imageUrl ?? undefined,
        saved_using: "Follow",
        tags: entry.personalTags?.length ? entry.personalTags : undefined,
      }),
    );
    if (answer.status !== 200 && answer.status !== 201) {
      throw statusFailure("Readwise", answer, { 401: "the access token was refused" });
    }
    if (entry.highlights?.length) await sendHighlights(entry, settings, http, bases.readwise);
    const url = (parseJson(answer.text) as { url?: unknown } | null)?.url;
    return typeof url === "string" ? url : null;
  },
  async test(settings, http, bases) {
    const answer = await http.request("GET", `${bases.readwise}/api/v2/auth/`, {
      authorization: `Token ${setting(settings, "readwiseToken")}`,
    });
    if (answer.status !== 204 && answer.status !== 200) {
      throw statusFailure("Readwise", answer, { 401: "the access token was refused" });
    }
  },
};
