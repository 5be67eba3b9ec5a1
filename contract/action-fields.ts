/** The fields and tests of action conditions, without Effect. */
export const ACTION_FIELDS = [
  "title",
  "view",
  "site_url",
  "feed_url",
  "category",
  "entry_title",
  "entry_content",
  "entry_url",
  "entry_author",
  "entry_media_length",
  "entry_attachments_duration",
] as const;
export type ActionField = (typeof ACTION_FIELDS)[number];

export const ACTION_OPERATORS = [
  "contains",
  "not_contains",
  "eq",
  "not_eq",
  "gt",
  "lt",
  "regex",
] as const;
export type ActionOperator = (typeof ACTION_OPERATORS)[number];
