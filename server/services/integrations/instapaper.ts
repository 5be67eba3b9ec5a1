import { parseJson, type ServiceClient, setting, statusFailure } from "./service.ts";

const KNOWN = {
  400: "bad request or exceeded the rate limit",
  403: "invalid username or password",
  500: "the service encountered an error",
};

function basic(settings: Readonly<Record<string, unknown>>) {
  const pair = `${setting(settings, "instapaperUsername")}:${setting(settings, "instapaperPassword")}`;
  return `Basic ${Buffer.from(pair, "utf8").toString("base64")}`;
}

/**
 * Instapaper's simple API: POST /api/add?url=&title= with Basic auth; the answer's
 * `bookmark_id` becomes instapaper.com/read/<id>. POST /api/authenticate checks the login.
 */
export const instapaper: ServiceClient = {
  async save({ entry, settings }, http, bases) {
    const query = new URLSearchParams({ url: entry.url, title: entry.title });
    const answer = await http.request("POST", `${bases.instapaper}/api/add?${query}`, {
      authorization: basic(settings),
    });
    if (answer.status !== 200 && answer.status !== 201) {
      throw statusFailure("Instapaper", answer, KNOWN);
    }
    const body = parseJson(answer.text);
    const first = Array.isArray(body) ? body[0] : body;
    const id = (first as { bookmark_id?: unknown } | null)?.bookmark_id;
    return typeof id === "number" || typeof id === "string"
      ? `https://www.instapaper.com/read/${encodeURIComponent(String(id))}`
      : null;
  },
  async test(settings, http, bases) {
    const answer = await http.request("POST", `${bases.instapaper}/api/authenticate`, {
      authorization: basic(settings),
    });
    if (answer.status !== 200) throw statusFailure("Instapaper", answer, KNOWN);
  },
};
