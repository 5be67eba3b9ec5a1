import { Schema } from "effect";
import { SERVER_SERVICES } from "../integrations.ts";
import { Envelope, endpoint } from "./endpoint.ts";
import { routes } from "./info.ts";

const Service = Schema.Literals(SERVER_SERVICES);

/** POST integrations/save: the server sends one entry to one service with the user's settings. */
export const SaveRequest = Schema.Struct({
  service: Service,
  entryId: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64)),
  /** Text selected in the entry (Cubox's auto-memo saves it as a memo). */
  selectedText: Schema.optional(Schema.String.check(Schema.isMaxLength(10_000))),
});

/** Where the saved item can be seen, when the service says. */
export const SaveResponse = Envelope(Schema.Struct({ url: Schema.NullOr(Schema.String) }));

export const save = endpoint(routes.integrations.save, {
  request: SaveRequest,
  response: SaveResponse,
});

/** POST integrations/test: one authenticated call that changes nothing, to check the settings. */
export const test = endpoint(routes.integrations.test, {
  request: Schema.Struct({ service: Service }),
  response: Envelope(Schema.Struct({ ok: Schema.Literal(true) })),
});
