import { Schema } from "effect";
import { EntityId } from "../reading.ts";
import { endpoint } from "./endpoint.ts";
import { routes } from "./info.ts";

/** A language tag like en, ja, zh-CN (BCP 47 shape, bounded). */
export const LanguageTag = Schema.String.check(
  Schema.makeFilter(
    (value: string) =>
      /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2}$/.test(value) || "expected a language tag",
  ),
);

export const SummaryTarget = Schema.Literals(["content", "readabilityContent"]);
export const SummaryKind = Schema.Literals(["extractive", "model"]);

export const SummaryQuery = Schema.Struct({
  id: EntityId,
  language: Schema.optional(LanguageTag),
  target: Schema.optional(SummaryTarget),
});

/**
 * The entry's summary: data is null when its text is under 100 characters.
 * `kind` says whether it was picked from the text (extractive) or written by a model.
 */
export const summary = endpoint(routes.ai.summary, {
  request: SummaryQuery,
  response: Schema.Struct({
    code: Schema.Literal(0),
    data: Schema.NullOr(Schema.String),
    kind: Schema.optional(SummaryKind),
  }),
});

/** One line of a streamed summary: pieces as they are written, then the whole, or an error. */
export const SummaryLine = Schema.Union([
  Schema.Struct({ type: Schema.Literal("delta"), text: Schema.String }),
  Schema.Struct({
    type: Schema.Literal("done"),
    summary: Schema.NullOr(Schema.String),
    kind: Schema.optional(SummaryKind),
  }),
  Schema.Struct({
    type: Schema.Literal("error"),
    code: Schema.Number,
    message: Schema.String,
    reason: Schema.NullOr(Schema.String),
  }),
]);

/** The same summary as NDJSON lines, so the entry pane shows it while it is written. */
export const summaryStream = endpoint(routes.ai.summaryStream, {
  request: SummaryQuery,
  response: SummaryLine,
});

/** `title,description,content`: the fields asked for, comma-separated. */
export const TranslationFieldList = Schema.String.check(
  Schema.makeFilter(
    (value: string) =>
      /^(title|description|content|readabilityContent)(,(title|description|content|readabilityContent)){0,3}$/.test(
        value,
      ) || "expected a comma list of title, description, content, readabilityContent",
  ),
);

/**
 * The entry's fields translated into the language: only those that exist, are not
 * already in that language, and that were asked for. Without a provider: 1005 (503).
 */
export const translation = endpoint(routes.ai.translation, {
  request: Schema.Struct({
    id: EntityId,
    language: Schema.Literals(["en", "ja", "zh-CN", "zh-TW"]),
    fields: TranslationFieldList,
    part: Schema.optional(Schema.String.check(Schema.isMaxLength(40))),
  }),
  response: Schema.Struct({
    code: Schema.Literal(0),
    data: Schema.Struct({
      title: Schema.optional(Schema.String),
      description: Schema.optional(Schema.String),
      content: Schema.optional(Schema.String),
      readabilityContent: Schema.optional(Schema.String),
    }),
  }),
});

/** What this server's AI can do: model or extractive summaries, translation or not. */
export const config = endpoint(routes.ai.config, {
  request: Schema.Struct({}),
  response: Schema.Struct({
    code: Schema.Literal(0),
    data: Schema.Struct({
      summary: SummaryKind,
      translation: Schema.Boolean,
      /** Whether the server reads entries aloud (else the browser's speech synthesis). */
      speech: Schema.optionalKey(Schema.Boolean),
    }),
  }),
});

/** A user's own OpenAI-compatible provider; the key is never sent back, only whether one is set. */
export const provider = endpoint(routes.ai.provider, {
  request: Schema.Struct({}),
  response: Schema.Struct({
    code: Schema.Literal(0),
    data: Schema.NullOr(
      Schema.Struct({ baseUrl: Schema.String, model: Schema.String, hasKey: Schema.Boolean }),
    ),
  }),
});

/**
 * Saves the user's provider; "" removes the key. Without `apiKey` the stored key stays for the
 * same `baseUrl` only: a new `baseUrl` without its key is refused (1002), so a saved key is
 * never sent to an endpoint it was not given for.
 */
export const setProvider = endpoint(routes.ai.setProvider, {
  request: Schema.Struct({
    baseUrl: Schema.String.check(
      Schema.makeFilter(
        (value: string) =>
          (value.length <= 2048 && /^https?:\/\//i.test(value) && URL.canParse(value)) ||
          "expected an http(s) URL",
      ),
    ),
    model: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)),
    apiKey: Schema.optional(Schema.String.check(Schema.isMaxLength(500))),
  }),
  response: Schema.Struct({ code: Schema.Literal(0) }),
});

/** Back to the server's provider (or none). */
export const removeProvider = endpoint(routes.ai.removeProvider, {
  request: Schema.Struct({}),
  response: Schema.Struct({ code: Schema.Literal(0) }),
});

/** How many reports one call answers at most (a week of them). */
export const DAILY_REPORTS_MAX = 14;

/** An entry a daily report cites: `[n]` in its content is the n-th. */
export const DailyReportEntry = Schema.Struct({
  id: Schema.String,
  feedId: Schema.String,
  view: Schema.Number,
  title: Schema.NullOr(Schema.String),
  feedTitle: Schema.NullOr(Schema.String),
  url: Schema.NullOr(Schema.String),
});

/**
 * A daily AI report (8 AM and 8 PM in the user's time zone): the digest of the unread
 * entries that arrived between `since` and `slotAt`. `content` is lines ("## " heading, "- "
 * item, else a paragraph) citing entries as [n]; `kind` says whether a model wrote it or it was
 * picked from the entries (extractive); empty content: nothing new.
 */
export const DailyReport = Schema.Struct({
  id: Schema.String,
  slotAt: Schema.String,
  since: Schema.String,
  timeZone: Schema.String,
  kind: SummaryKind,
  content: Schema.String,
  entries: Schema.Array(DailyReportEntry),
  createdAt: Schema.String,
});

/** The user's latest daily reports, newest first (2 by default: today's morning and evening). */
export const dailyReports = endpoint(routes.ai.dailyReports, {
  request: Schema.Struct({
    limit: Schema.optional(
      Schema.NumberFromString.check(
        Schema.isInt(),
        Schema.isBetween({ minimum: 1, maximum: DAILY_REPORTS_MAX }),
      ),
    ),
  }),
  response: Schema.Struct({ code: Schema.Literal(0), data: Schema.Array(DailyReport) }),
});

/** A voice name as OpenAI-compatible speech APIs take it (alloy, nova, af_sky...). */
export const VoiceName = Schema.String.check(
  Schema.makeFilter((value: string) => /^[\w.-]{1,64}$/.test(value) || "expected a voice name"),
);

/**
 * The entry read aloud by the operator's speech provider: audio (MP3) streamed as it is made.
 * Without a provider: 1005 (503); the app then uses the browser's speech synthesis.
 */
export const speech = endpoint(routes.ai.speech, {
  request: Schema.Struct({ id: EntityId, voice: Schema.optional(VoiceName) }),
  response: Schema.Unknown,
});
