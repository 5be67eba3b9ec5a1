import { Schema } from "effect";
import { View } from "../reading.ts";

/**
 * OPML import and export (`subscriptions/parse-opml`, `subscriptions/import`,
 * `subscriptions/export`). The file travels as text: the browser decodes its bytes first
 * (contract/opml-bytes.ts), so the server never guesses an encoding from a JSON string.
 */

/** The largest OPML text any server accepts in one request (an operator may set less). */
export const OPML_TEXT_LIMIT = 900_000;
/** Feeds one import request may carry; a bigger selection goes in several (see importId). */
export const IMPORT_BATCH_LIMIT = 5_000;

const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max));
const ErrorCodeNumber = Schema.Number.check(Schema.isInt());

export const ParseOpmlRequest = Schema.Struct({ opml: Text(1_000_000) });

export const OpmlProblemModel = Schema.Struct({
  line: Schema.Number,
  code: ErrorCodeNumber,
  kind: Schema.Literals(["broken-outline", "too-deep", "duplicate", "invalid-url"]),
  message: Schema.String,
});
export type OpmlProblemModel = typeof OpmlProblemModel.Type;

export const OpmlOutlineModel = Schema.Struct({
  line: Schema.Number,
  url: Schema.String,
  title: Schema.NullOr(Schema.String),
  siteUrl: Schema.NullOr(Schema.String),
  category: Schema.NullOr(Schema.String),
  view: Schema.NullOr(Schema.Number),
  /** The person already follows this feed (it would be skipped). */
  subscribed: Schema.Boolean,
});
export type OpmlOutlineModel = typeof OpmlOutlineModel.Type;

export const ParseOpmlAnswer = Schema.Struct({
  code: Schema.Literal(0),
  data: Schema.Struct({
    title: Schema.NullOr(Schema.String),
    subscriptions: Schema.Array(OpmlOutlineModel),
    problems: Schema.Array(OpmlProblemModel),
    /** New subscriptions still allowed; null when the operator set no limit. */
    remaining: Schema.NullOr(Schema.Number),
  }),
});

export const ImportItem = Schema.Struct({
  url: Text(2048),
  title: Schema.optional(Schema.NullOr(Text(300))),
  category: Schema.optional(Schema.NullOr(Text(200))),
  /** null or absent: the import's view. */
  view: Schema.optional(Schema.NullOr(View)),
});
export type ImportItem = typeof ImportItem.Type;

export const ImportRequest = Schema.Struct({
  items: Schema.Array(ImportItem).check(
    Schema.isMinLength(1),
    Schema.isMaxLength(IMPORT_BATCH_LIMIT),
  ),
  /** The view for items that name none (the per-import choice). */
  view: Schema.optional(View),
  /** Adds these items to an import already started (a big file comes in several requests). */
  importId: Schema.optional(Text(64)),
});

export const ImportItemStatus = Schema.Struct({
  url: Schema.String,
  status: Schema.Literals(["pending", "done", "failed", "skipped"]),
  code: Schema.optional(ErrorCodeNumber),
  reason: Schema.optional(Schema.String),
  feedId: Schema.optional(Schema.String),
});
export type ImportItemStatus = typeof ImportItemStatus.Type;

export const ImportProgress = Schema.Struct({
  id: Schema.String,
  total: Schema.Number,
  done: Schema.Number,
  failed: Schema.Number,
  skipped: Schema.Number,
  finished: Schema.Boolean,
  items: Schema.Array(ImportItemStatus),
});
export type ImportProgress = typeof ImportProgress.Type;

export const ImportAnswer = Schema.Struct({ code: Schema.Literal(0), data: ImportProgress });

export const ImportStatusQuery = Schema.Struct({ id: Text(64) });

export const ExportQuery = Schema.Struct({
  folderMode: Schema.optional(Schema.Literals(["category", "view"])),
  /** Where `rsshub://` feed routes are written against (default: the server's own). */
  RSSHubURL: Schema.optional(Text(2048)),
});

export const ExportAnswer = Schema.Struct({
  code: Schema.Literal(0),
  data: Schema.Struct({ filename: Schema.String, opml: Schema.String }),
});
