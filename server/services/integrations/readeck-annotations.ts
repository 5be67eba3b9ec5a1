import { joinEndpoint, parseJson, type ServiceHttp } from "./service.ts";

/** How long a new bookmark is waited for: Readeck extracts the page after answering 202. */
const LOAD_TRIES = 6;
const LOAD_PAUSE_MS = 500;
/** At most this many annotations are sent with one save. */
const MAX_ANNOTATIONS = 200;
/** Readeck's note field takes up to 1024 characters. */
const MAX_NOTE = 1024;

/** Readeck's highlighter colours (yellow, red, blue, green); ours without a match become yellow. */
const COLORS: Record<string, string> = {
  yellow: "yellow",
  green: "green",
  blue: "blue",
  pink: "red",
};

export interface HighlightToAnnotate {
  exact: string;
  note: string;
  color?: string;
}

export interface AnnotationReport {
  sent: number;
  /** Passages not found in Readeck's article, or that Readeck refused. */
  skipped: string[];
  /** Why nothing was tried (the bookmark did not load, no article). */
  reason?: string;
}

/** The bookmark's id from the 202 answer: its `Bookmark-Id` header, else the Location's last segment. */
export function bookmarkId(headers: Record<string, string>): string | null {
  const header = headers["bookmark-id"]?.trim();
  if (header && /^[\w-]{1,64}$/.test(header)) return header;
  const location = headers.location;
  if (!location) return null;
  const last = new URL(location, "http://readeck.invalid/").pathname.split("/").filter(Boolean);
  const id = last.at(-1);
  return id && /^[\w-]{1,64}$/.test(id) ? id : null;
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function waitLoaded(http: ServiceHttp, url: string, auth: Record<string, string>) {
  for (let attempt = 0; attempt < LOAD_TRIES; attempt++) {
    if (attempt > 0) await pause(LOAD_PAUSE_MS);
    const answer = await http.request("GET", url, auth);
    if (answer.status !== 200) return `bookmark answered ${answer.status}`;
    const info = parseJson(answer.text) as { loaded?: unknown; state?: unknown } | null;
    if (info?.state === 1) return "Readeck could not load the page";
    if (info?.loaded === true) return null;
  }
  return "the bookmark was still loading";
}

/**
 * The person's highlights as Readeck annotations on the new bookmark: once Readeck has loaded
 * it, each passage is found in the article Readeck extracted and posted with its colour and
 * note. Never throws: a passage Readeck's copy lacks is skipped, the bookmark stays saved.
 */
export async function annotateBookmark(
  endpoint: string,
  token: string,
  id: string,
  highlights: readonly HighlightToAnnotate[],
  http: ServiceHttp,
): Promise<AnnotationReport> {
  const auth = { authorization: `Bearer ${token}` };
  const base = joinEndpoint(endpoint, `/api/bookmarks/${encodeURIComponent(id)}`);
  const report: AnnotationReport = { sent: 0, skipped: [] };
  const all = highlights.map((h) => h.exact);
  try {
    const notLoaded = await waitLoaded(http, base, auth);
    if (notLoaded) return { ...report, skipped: all, reason: notLoaded };
    const article = await http.request("GET", `${base}/article`, auth);
    if (article.status !== 200) {
      return { ...report, skipped: all, reason: `article answered ${article.status}` };
    }
    // linkedom is loaded by the first save with highlights, not at start.
    const { readeckArticle } = await import("./readeck-locate.ts");
    const located = readeckArticle(article.text);
    for (const [index, highlight] of highlights.entries()) {
      const range = index < MAX_ANNOTATIONS ? located.locate(highlight.exact) : null;
      if (!range) {
        report.skipped.push(highlight.exact);
        continue;
      }
      const note = highlight.note.trim().slice(0, MAX_NOTE);
      const answer = await http.request(
        "POST",
        `${base}/annotations`,
        { ...auth, "content-type": "application/json" },
        JSON.stringify({
          ...range,
          color: COLORS[highlight.color ?? ""] ?? "yellow",
          ...(note ? { note } : {}),
        }),
      );
      if (answer.status === 200 || answer.status === 201) report.sent++;
      else report.skipped.push(highlight.exact);
    }
  } catch (error) {
    const done = report.sent + report.skipped.length;
    return { ...report, skipped: [...report.skipped, ...all.slice(done)], reason: String(error) };
  }
  return report;
}
