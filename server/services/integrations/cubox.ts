import {
  parseJson,
  type ServiceClient,
  ServiceFailure,
  setting,
  statusFailure,
} from "./service.ts";

function apiUrl(settings: Readonly<Record<string, unknown>>): string {
  const raw = setting(settings, "cuboxToken");
  try {
    const url = new URL(raw);
    if (url.protocol === "https:" || url.protocol === "http:") return url.href;
  } catch {
    // falls through
  }
  throw new ServiceFailure("the Cubox API link is not a web address");
}

/**
 * Cubox: the "token" is the user's own API link, and the entry is POSTed to it as JSON: a `url`
 * item, or, with auto-memo on and text selected, a `memo` of that text. Cubox answers
 * `{code: 200}` in the body when it took it.
 */
export const cubox: ServiceClient = {
  async save({ entry, settings, selectedText }, http) {
    const description = settings.saveSummaryAsDescription === true ? entry.summary : "";
    const memo = settings.enableCuboxAutoMemo === true && selectedText?.trim();
    const body = memo
      ? {
          type: "memo",
          content: selectedText,
          title: entry.title,
          description,
          source_url: entry.url,
        }
      : { type: "url", content: entry.url, title: entry.title, description, tags: [], folder: "" };
    const answer = await http.request(
      "POST",
      apiUrl(settings),
      { "content-type": "application/json" },
      JSON.stringify(body),
    );
    const said = parseJson(answer.text) as { code?: unknown; message?: unknown } | null;
    if (answer.status !== 200 || (said?.code !== undefined && said.code !== 200)) {
      if (answer.status === 200 && typeof said?.message === "string") {
        throw new ServiceFailure(`Cubox: ${said.message}`);
      }
      throw statusFailure("Cubox", answer);
    }
    return null;
  },
  // Cubox has no read-only call: a well-formed link is all that can be checked without saving.
  async test(settings) {
    apiUrl(settings);
  },
};
