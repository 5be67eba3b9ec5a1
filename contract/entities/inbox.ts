import { Schema } from "effect";

/** An inbox: an address entries are sent to, owned by one person (its id is its handle). */
export const InboxModel = Schema.Struct({
  type: Schema.Literal("inbox"),
  id: Schema.String,
  title: Schema.NullOr(Schema.String),
  secret: Schema.String,
  /** `<handle>@<domain>` when e-mail intake is configured. */
  email: Schema.NullOr(Schema.String),
  /** Where to POST entries (with the secret in `x-inbox-secret`). */
  webhookUrl: Schema.String,
});
export type InboxModel = typeof InboxModel.Type;
