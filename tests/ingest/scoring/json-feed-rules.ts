import type { IngestedFeed } from "../../../server/feed-model.ts";
import { IngestError } from "../../../server/ingest/errors.ts";
import { MAX_FEED_ITEMS } from "../../../server/ingest/limits.ts";
import type { FieldCheck } from "./json-feed-checks.ts";

/**
 * Checks any JSON Feed document can be held to, derived from the document itself and the
 * spec's rules (jsonfeed.org/version/1.1), so they apply to files never seen before: detected
 * as JSON Feed; one entry per item object; title, home page, icon as written; items inherit
 * the feed's language and, lacking their own, its authors (1.1); `authors` wins over the
 * deprecated `author`; ids are strings; URLs and attachments as written. A rule the document
 * gives nothing to test is not checked; extensions (`_name` keys) are not modelled.
 */
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
const httpUrl = (v: unknown) => {
  const t = text(v);
  if (!t || !/^https?:\/\//i.test(t)) return null;
  try {
    return new URL(t).href;
  } catch {
    return null;
  }
};

export function jsonFeedRuleChecks(
  name: string,
  doc: Json,
  result: IngestedFeed | IngestError,
): FieldCheck[] {
  if (result instanceof IngestError)
    return [{ label: `${name}: ingested (${result.reason})`, ok: false }];
  const checks: FieldCheck[] = [
    { label: `${name}: detected as JSON Feed`, ok: result.format === "json" },
  ];
  const add = (label: string, ok: boolean) => checks.push({ label: `${name}: ${label}`, ok });
  const items = Array.isArray(doc.items) ? doc.items.filter(isObject) : [];
  add(
    `${items.length} entries, one per item`,
    result.entries.length === Math.min(items.length, MAX_FEED_ITEMS),
  );
  if (text(doc.title)) add("feed title", result.feed.title === text(doc.title));
  if (httpUrl(doc.home_page_url))
    add("home page", result.feed.siteUrl === httpUrl(doc.home_page_url));
  const image = httpUrl(doc.icon) ?? httpUrl(doc.favicon);
  if (image) add("image: icon, else favicon", result.feed.image === image);
  if (text(doc.favicon) && text(doc.icon))
    checks.push({ label: `${name}: favicon`, unmappable: "favicon not kept separately from icon" });
  const feedLanguage = text(doc.language)?.replace(/_/g, "-") ?? null;
  const feedAuthors = namesOf(peopleOf(doc));
  if (feedAuthors) add("feed authors", result.feed.author === feedAuthors);
  const rules = {
    ids: true,
    urls: true,
    language: true,
    authors: true,
    attachments: true,
    dates: true,
  };
  let hasExtensions = Object.keys(doc).some((k) => k.startsWith("_"));
  items.slice(0, result.entries.length).forEach((item, i) => {
    const entry = result.entries[i]!;
    hasExtensions ||= Object.keys(item).some((k) => k.startsWith("_"));
    // A number id is its number as text; how a fraction is printed (200 or 200.0) is the
    // reader's choice, so the text only has to read back as the same number.
    if (typeof item.id === "number") {
      if (Number(entry.guid) !== item.id) rules.ids = false;
    } else {
      const id = typeof item.id === "boolean" ? String(item.id) : text(item.id);
      if (id && entry.guid !== id) rules.ids = false;
    }
    if (httpUrl(item.url) && entry.url !== httpUrl(item.url)) rules.urls = false;
    const language = text(item.language)?.replace(/_/g, "-") ?? feedLanguage;
    if (language && entry.language !== language) rules.language = false;
    const itemPeople = peopleOf(item);
    const authors = itemPeople.length > 0 ? namesOf(itemPeople) : feedAuthors;
    if (entry.author !== authors) rules.authors = false;
    const attachments = Array.isArray(item.attachments)
      ? item.attachments.filter((a) => isObject(a) && httpUrl(a.url))
      : [];
    if (entry.attachments.length !== attachments.length) rules.attachments = false;
    if (text(item.date_published) && !Number.isNaN(Date.parse(String(item.date_published))))
      if (entry.publishedAt?.getTime() !== Date.parse(String(item.date_published)))
        rules.dates = false;
  });
  if (items.length > 0) {
    if (items.some((item) => item.id != null)) add("item ids (as strings)", rules.ids);
    if (items.some((item) => httpUrl(item.url))) add("item URLs", rules.urls);
    if (items.some((item) => text(item.language)) || feedLanguage)
      add("item languages (inherited from the feed)", rules.language);
    add("item authors (authors over author, else the feed's)", rules.authors);
    if (items.some((item) => Array.isArray(item.attachments)))
      add("attachments", rules.attachments);
    if (items.some((item) => text(item.date_published))) add("publication dates", rules.dates);
  }
  if (hasExtensions)
    checks.push({ label: `${name}: extensions`, unmappable: "JSON Feed extensions not kept" });
  return checks;
}

/**
 * The people a feed or item names: 1.1 `authors`, else 1.0 `author`; a person is an object
 * with any of name, url or avatar. An item naming anyone does not inherit the feed's authors.
 */
function peopleOf(owner: Json): Json[] {
  const isPerson = (a: unknown): a is Json =>
    isObject(a) && Boolean(text(a.name) ?? text(a.url) ?? text(a.avatar));
  const modern = Array.isArray(owner.authors) ? owner.authors.filter(isPerson) : [];
  if (modern.length > 0) return modern;
  return isPerson(owner.author) ? [owner.author] : [];
}

/** Our author field for people: their names, else mailto: addresses, comma-separated. */
function namesOf(people: Json[]): string | null {
  const names = people
    .map((a) => {
      const url = text(a.url);
      const email = url && /^mailto:/i.test(url) ? url.slice(7).split("?")[0]!.trim() : null;
      return text(a.name) ?? email ?? "";
    })
    .filter(Boolean);
  return names.length > 0 ? [...new Set(names)].join(", ") : null;
}
