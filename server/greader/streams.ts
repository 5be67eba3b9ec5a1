/**
 * Google Reader stream ids, as clients send them: `feed/<url>` (or `feed/<our feed id>`),
 * `user/-/label/<name>` (a category, or a followed list by its title), and the states
 * `user/-/state/com.google/<reading-list|read|starred|kept-unread|fresh>`. `user/<digits>/…`
 * is taken as `user/-/…`: a client that learned the user id from user-info sends it.
 */
export type StreamRef =
  | { kind: "reading-list" }
  | { kind: "read" }
  | { kind: "starred" }
  | { kind: "kept-unread" }
  | { kind: "feed"; ref: string }
  | { kind: "label"; name: string };

export const STATE = "user/-/state/com.google/";
export const LABEL = "user/-/label/";

export function parseStreamId(raw: string | undefined): StreamRef | undefined {
  if (!raw) return undefined;
  const id = raw.trim().replace(/^user\/[^/]+\//, "user/-/");
  if (id.startsWith("feed/")) return { kind: "feed", ref: id.slice(5) };
  if (id.startsWith(LABEL)) return { kind: "label", name: id.slice(LABEL.length) };
  if (id.startsWith(STATE)) {
    const state = id.slice(STATE.length);
    if (state === "reading-list" || state === "fresh") return { kind: "reading-list" };
    if (state === "read") return { kind: "read" };
    if (state === "starred") return { kind: "starred" };
    if (state === "kept-unread") return { kind: "kept-unread" };
  }
  return undefined;
}

/** A feed's stream id. */
export const feedStreamId = (url: string) => `feed/${url}`;
export const labelStreamId = (name: string) => `${LABEL}${name}`;

/** Whether a stream id is the given state, whoever's (`user/<id>/` or `user/-/`). */
export const isState = (id: string, state: string) =>
  id.replace(/^user\/[^/]+\//, "user/-/") === `${STATE}${state}`;
