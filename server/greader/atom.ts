import { APP_VERSION } from "../../contract/constants.ts";
import { longItemId } from "./item-ids.ts";
import { itemCategories, originOf } from "./items.ts";
import type { StreamPage } from "./stream-query.ts";
import { STATE } from "./streams.ts";
import type { ReaderSubscription } from "./subscriptions.ts";

const xml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", '"': "quot", "'": "apos" }[c]};`,
  );

const SCHEME = "http://www.google.com/reader/";

/**
 * A stream as Google Reader's Atom (`/reader/atom/<streamId>`): each entry with its state as
 * categories in Google's scheme, labelled `read`, `fresh` (unread) and `starred`, and
 * `kept-unread` on unread ones so clients that read only these feeds keep them unread.
 */
export function atomOf(
  streamId: string,
  self: string,
  page: StreamPage,
  subscriptions: readonly ReaderSubscription[],
  tags: ReadonlyMap<string, readonly string[]> = new Map(),
): string {
  const entries = page.items.map((item) => {
    const entry = item.entries;
    const category = subscriptions.find((s) => s.id === entry.feedId && !s.listId)?.category;
    const states = itemCategories(item, category, tags.get(entry.id));
    if (!item.read) states.push(`${STATE}kept-unread`);
    const labels = states
      .map((term) => {
        const label = term.startsWith(STATE) ? term.slice(STATE.length) : term.split("/").at(-1)!;
        return `<category term="${xml(term)}" scheme="${SCHEME}" label="${xml(label)}"/>`;
      })
      .join("");
    const origin = originOf(item, subscriptions);
    return `<entry gr:crawl-timestamp-msec="${Date.parse(entry.insertedAt)}">
<id gr:original-id="${xml(entry.guid)}">${longItemId(entry.id)}</id>${labels}
<title type="html">${xml(entry.title ?? "")}</title>
<published>${entry.publishedAt}</published><updated>${entry.publishedAt}</updated>
${entry.url ? `<link rel="alternate" href="${xml(entry.url)}" type="text/html"/>` : ""}
<summary type="html">${xml(entry.content ?? entry.description ?? "")}</summary>
<author><name>${xml(entry.author ?? "")}</name></author>
<source gr:stream-id="${xml(origin.streamId)}"><title type="html">${xml(origin.title)}</title><link rel="alternate" href="${xml(origin.htmlUrl)}" type="text/html"/></source>
</entry>`;
  });
  return `<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:gr="${SCHEME}" xmlns:idx="urn:atom-extension:indexing" idx:index="no" gr:dir="ltr">
<generator version="${APP_VERSION}">Follow</generator>
<id>tag:google.com,2005:reader/${xml(streamId)}</id>
<title>${xml(streamId)}</title>
${page.continuation ? `<gr:continuation>${page.continuation}</gr:continuation>` : ""}
<link rel="self" href="${xml(self)}"/>
<updated>${new Date().toISOString()}</updated>
${entries.join("\n")}
</feed>
`;
}
