import { annotateBookmark, bookmarkId } from "./readeck-annotations.ts";
import { joinEndpoint, type ServiceClient, setting, statusFailure } from "./service.ts";

/** A multipart/form-data body of plain text fields (what Readeck's form API reads). */
export function multipart(fields: Record<string, string>, boundary: string): string {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return `${parts.join("")}--${boundary}--\r\n`;
}

/**
 * Readeck (self-hosted): POST {endpoint}/api/bookmarks, multipart `url` and `title`, Bearer
 * token; it answers 202 with the bookmark in the Location header. The person's highlights then
 * become annotations on it (readeck-annotations.ts). GET /api/profile checks the token.
 */
export const readeck: ServiceClient = {
  async save({ entry, settings }, http) {
    const endpoint = setting(settings, "readeckEndpoint");
    const boundary = `follow-${crypto.randomUUID()}`;
    const answer = await http.request(
      "POST",
      joinEndpoint(endpoint, "/api/bookmarks"),
      {
        authorization: `Bearer ${setting(settings, "readeckToken")}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      multipart({ url: entry.url, title: entry.title }, boundary),
    );
    if (answer.status !== 202 && answer.status !== 201 && answer.status !== 200) {
      throw statusFailure("Readeck", answer, {
        401: "the token was refused",
        403: "no permission",
      });
    }
    const id = bookmarkId(answer.headers);
    if (entry.highlights?.length && id) {
      const report = await annotateBookmark(
        endpoint,
        setting(settings, "readeckToken"),
        id,
        entry.highlights,
        http,
      );
      // The bookmark is saved either way; what was left out goes to the log (counts only).
      if (report.skipped.length > 0) {
        console.warn(
          `readeck: ${report.sent} annotation(s) sent, ${report.skipped.length} skipped${report.reason ? ` (${report.reason})` : ""}`,
        );
      }
    }
    const location = answer.headers.location;
    if (!location) return null;
    try {
      return new URL(location, joinEndpoint(endpoint, "/")).href;
    } catch {
      return null;
    }
  },
  async test(settings, http) {
    const answer = await http.request(
      "GET",
      joinEndpoint(setting(settings, "readeckEndpoint"), "/api/profile"),
      {
        authorization: `Bearer ${setting(settings, "readeckToken")}`,
      },
    );
    if (answer.status !== 200)
      throw statusFailure("Readeck", answer, { 401: "the token was refused" });
  },
};
