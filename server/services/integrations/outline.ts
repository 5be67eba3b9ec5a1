import { highlightsSection } from "../../../contract/highlights/markdown.ts";
import {
  joinEndpoint,
  parseJson,
  type ServiceClient,
  ServiceFailure,
  type ServiceHttp,
  setting,
  statusFailure,
} from "./service.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function headers(settings: Readonly<Record<string, unknown>>) {
  return {
    authorization: `Bearer ${setting(settings, "outlineToken")}`,
    "content-type": "application/json",
  };
}

/** The collection's id: as given when it is a UUID, else looked up (collections.info). */
async function collectionId(
  settings: Readonly<Record<string, unknown>>,
  http: ServiceHttp,
): Promise<string> {
  const collection = setting(settings, "outlineCollection");
  if (UUID.test(collection)) return collection;
  const answer = await http.request(
    "POST",
    joinEndpoint(setting(settings, "outlineEndpoint"), "/collections.info"),
    headers(settings),
    JSON.stringify({ id: collection }),
  );
  if (answer.status !== 200) throw statusFailure("Outline", answer, { 404: "no such collection" });
  const id = (parseJson(answer.text) as { data?: { id?: unknown } } | null)?.data?.id;
  if (typeof id !== "string") throw new ServiceFailure("Outline answered no collection id");
  return id;
}

/**
 * Outline (self-hosted or cloud; the endpoint is its API root, e.g. https://app.getoutline.com/api):
 * Bearer token, POST documents.create {title, text: Markdown, collectionId, publish: true};
 * the answer's document url is relative to the site.
 */
export const outline: ServiceClient = {
  async save({ entry, settings }, http) {
    const endpoint = setting(settings, "outlineEndpoint");
    const id = await collectionId(settings, http);
    // Its DOM (linkedom, ~0.4 MB of source kept in memory) is loaded by the first save here.
    const { htmlToMarkdown } = await import("../../../contract/html/to-markdown.ts");
    const answer = await http.request(
      "POST",
      joinEndpoint(endpoint, "/documents.create"),
      headers(settings),
      JSON.stringify({
        title: entry.title,
        text: htmlToMarkdown(entry.html) + highlightsSection(entry.highlights),
        collectionId: id,
        publish: true,
      }),
    );
    if (answer.status !== 200) {
      throw statusFailure("Outline", answer, {
        401: "the API key was refused",
        403: "no permission",
      });
    }
    const path = (parseJson(answer.text) as { data?: { url?: unknown } } | null)?.data?.url;
    if (typeof path !== "string") return null;
    try {
      return new URL(path, new URL(endpoint).origin).href;
    } catch {
      return null;
    }
  },
  async test(settings, http) {
    const answer = await http.request(
      "POST",
      joinEndpoint(setting(settings, "outlineEndpoint"), "/auth.info"),
      headers(settings),
      "{}",
    );
    if (answer.status !== 200)
      throw statusFailure("Outline", answer, { 401: "the API key was refused" });
  },
};
