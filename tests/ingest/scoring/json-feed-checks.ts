import type { IngestedFeed, NormalizedEntry } from "../../../server/feed-model.ts";
import { IngestError } from "../../../server/ingest/errors.ts";
import { htmlToText } from "../../../server/ingest/text.ts";

/**
 * Field-by-field checks of our JSON Feed ingestion against expected object models: the JSON
 * Feed spec's own (gofeed parser fixtures) and gofeed's format-neutral model (translator
 * fixtures). Each expected field either maps onto ours (a pass/fail check) or is listed as
 * unmappable with the reason.
 */
export type FieldCheck =
  | { label: string; ok: boolean; unmappable?: undefined }
  | { label: string; unmappable: string; ok?: undefined };

export function checkFields(checks: FieldCheck[]) {
  return {
    passed: checks.filter((c) => c.ok === true).length,
    failed: checks.filter((c) => c.ok === false).map((c) => c.label),
    unmappable: checks.flatMap((c) => (c.unmappable ? [c.unmappable] : [])),
  };
}

type Json = Record<string, unknown>;
const asRecords = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const sameInstant = (date: Date | null, iso: unknown) =>
  typeof iso === "string" && date?.getTime() === Date.parse(iso);
/** URLs compare as parsed URLs ("https://a.example" equals "https://a.example/"). */
const sameUrl = (ours: string | null | undefined, expected: unknown) => {
  if (typeof expected !== "string" || !ours) return ours === expected;
  try {
    return new URL(ours).href === new URL(expected).href;
  } catch {
    return ours === expected;
  }
};

/** Expected JSON Feed documents (spec field names). */
export function jsonFeedChecks(
  name: string,
  result: IngestedFeed | IngestError,
  expected: Json,
): FieldCheck[] {
  if (result instanceof IngestError)
    return [{ label: `${name}: ingest failed (${result.reason})`, ok: false }];
  // Only the fields the expected document has are checked (an absent one proves nothing).
  const checks: FieldCheck[] = [];
  if ("title" in expected)
    checks.push({ label: `${name}: title`, ok: result.feed.title === expected.title });
  if (typeof expected.home_page_url === "string")
    checks.push({
      label: `${name}: home_page_url`,
      ok: sameUrl(result.feed.siteUrl, expected.home_page_url),
    });
  if ("description" in expected)
    checks.push({
      label: `${name}: description`,
      ok: result.feed.description === expected.description,
    });
  if ("icon" in expected)
    checks.push({ label: `${name}: icon`, ok: result.feed.image === expected.icon });
  for (const key of ["feed_url", "user_comment", "next_url", "favicon", "expired", "hubs"]) {
    if (key in expected)
      checks.push({ label: `${name}: ${key}`, unmappable: `feed.${key} not in our model` });
  }
  if ("authors" in expected)
    checks.push({
      label: `${name}: authors`,
      ok: result.feed.author === namesOf(asRecords(expected.authors)),
    });
  for (const [i, item] of asRecords(expected.items).entries()) {
    checks.push(...itemChecks(`${name}: items[${i}]`, result.entries[i], item));
  }
  return checks;
}

/** Our author field: the people's names (else e-mail addresses), comma-separated. */
function namesOf(people: Json[]): string | null {
  const names = people
    .map(
      (p) =>
        (typeof p.name === "string" && p.name.trim()) ||
        (typeof p.email === "string" && p.email.trim()) ||
        "",
    )
    .filter(Boolean);
  return names.length > 0 ? [...new Set(names)].join(", ") : null;
}

function itemChecks(label: string, entry: NormalizedEntry | undefined, item: Json): FieldCheck[] {
  if (!entry) return [{ label: `${label} missing`, ok: false }];
  const author = (item.author ?? asRecords(item.authors)[0]) as Json | undefined;
  const attachment = asRecords(item.attachments)[0];
  const checks: FieldCheck[] = [];
  const when = (key: string, ok: () => boolean) => {
    if (key in item) checks.push({ label: `${label}.${key}`, ok: ok() });
  };
  when("id", () => entry.guid === item.id);
  when("url", () => entry.url === item.url);
  when("title", () => entry.title === item.title);
  when("content_html", () => entry.content === item.content_html);
  when("summary", () => entry.description === item.summary);
  when("image", () => entry.media[0]?.url === item.image);
  when("banner_image", () => entry.media[1]?.url === item.banner_image);
  when("date_published", () => sameInstant(entry.publishedAt, item.date_published));
  when("tags", () => JSON.stringify(entry.categories) === JSON.stringify(item.tags));
  when("external_url", () => entry.extra?.links?.[0]?.url === item.external_url);
  if ("content_text" in item && "content_html" in item)
    checks.push({
      label: `${label}.content_text`,
      unmappable: "content_text is not kept when content_html exists",
    });
  else
    when("content_text", () => {
      const text = String(item.content_text);
      return (
        entry.content !== null && htmlToText(entry.content) === text.replace(/\s+/g, " ").trim()
      );
    });
  if ("date_modified" in item)
    checks.push({
      label: `${label}.date_modified`,
      unmappable: "date_modified not kept (publishedAt only)",
    });
  if (author) {
    checks.push({ label: `${label}.author.name`, ok: entry.author === author.name });
    checks.push({ label: `${label}.author.url`, ok: sameUrl(entry.authorUrl, author.url) });
    checks.push({
      label: `${label}.author.avatar`,
      ok: sameUrl(entry.authorAvatar, author.avatar),
    });
  }
  if (attachment) {
    const ours = entry.attachments[0];
    checks.push({
      label: `${label}.attachments[0]`,
      ok:
        ours !== undefined &&
        ours.url === attachment.url &&
        ours.mimeType === attachment.mime_type &&
        ours.title === attachment.title &&
        ours.sizeInBytes === attachment.size_in_bytes &&
        ours.durationInSeconds === attachment.duration_in_seconds,
    });
  }
  return checks;
}

/** gofeed's translated model (camelCase, format-neutral). */
export function gofeedChecks(
  name: string,
  result: IngestedFeed | IngestError,
  expected: Json,
): FieldCheck[] {
  if (result instanceof IngestError)
    return [{ label: `${name}: ingest failed (${result.reason})`, ok: false }];
  const checks: FieldCheck[] = [
    { label: `${name}: feedType`, ok: result.format === expected.feedType },
  ];
  if ("title" in expected)
    checks.push({ label: `${name}: title`, ok: result.feed.title === expected.title });
  if ("description" in expected)
    checks.push({
      label: `${name}: description`,
      ok: result.feed.description === expected.description,
    });
  if ("link" in expected)
    checks.push({
      label: `${name}: link`,
      ok: result.feed.siteUrl === new URL(String(expected.link)).href,
    });
  if ("image" in expected)
    checks.push({
      label: `${name}: image`,
      ok: result.feed.image === (expected.image as Json).url,
    });
  if ("language" in expected)
    checks.push({ label: `${name}: language`, ok: result.feed.language === expected.language });
  if ("authors" in expected || "author" in expected)
    checks.push({
      label: `${name}: author(s)`,
      ok:
        result.feed.author ===
        namesOf("authors" in expected ? asRecords(expected.authors) : [expected.author as Json]),
    });
  for (const key of ["feedLink", "updated", "published", "links"]) {
    if (key in expected)
      checks.push({ label: `${name}: ${key}`, unmappable: `feed.${key} not in our model` });
  }
  asRecords(expected.items).forEach((item, i) => {
    const entry = result.entries[i];
    const label = `${name}: items[${i}]`;
    if (!entry) {
      checks.push({ label: `${label} missing`, ok: false });
      return;
    }
    const author = (item.author ?? asRecords(item.authors)[0]) as Json | undefined;
    const enclosure = asRecords(item.enclosures)[0];
    if ("guid" in item) checks.push({ label: `${label}.guid`, ok: entry.guid === item.guid });
    if ("title" in item) checks.push({ label: `${label}.title`, ok: entry.title === item.title });
    if ("link" in item) checks.push({ label: `${label}.link`, ok: entry.url === item.link });
    if ("content" in item) {
      const content = String(item.content);
      const ok =
        entry.content === content ||
        (!content.includes("<") && htmlToText(entry.content ?? "") === content);
      checks.push({ label: `${label}.content`, ok });
    }
    if ("description" in item)
      checks.push({ label: `${label}.description`, ok: entry.description === item.description });
    if ("published" in item)
      checks.push({
        label: `${label}.published`,
        ok: sameInstant(entry.publishedAt, item.published),
      });
    if ("categories" in item)
      checks.push({
        label: `${label}.categories`,
        ok: JSON.stringify(entry.categories) === JSON.stringify(item.categories),
      });
    if ("image" in item)
      checks.push({
        label: `${label}.image`,
        ok: entry.media[0]?.url === (item.image as Json).url,
      });
    if (author) {
      const ok =
        entry.author === author.name &&
        sameUrl(entry.authorUrl, author.url) &&
        sameUrl(entry.authorAvatar, author.avatar);
      checks.push({ label: `${label}.author`, ok });
    }
    if (enclosure) {
      const ours = entry.attachments[0];
      const ok =
        ours !== undefined &&
        ours.url === enclosure.url &&
        ours.mimeType === enclosure.type &&
        String(ours.sizeInBytes) === enclosure.length;
      checks.push({ label: `${label}.enclosure`, ok });
    }
    if ("updated" in item)
      checks.push({ label: `${label}.updated`, unmappable: "updated not kept (publishedAt only)" });
    if ("links" in item)
      checks.push({
        label: `${label}.links`,
        unmappable: "gofeed's links list (we keep url + extra.links)",
      });
  });
  return checks;
}
