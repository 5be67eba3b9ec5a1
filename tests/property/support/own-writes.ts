import { expect } from "vitest";
import type { UserState } from "../../support/sync/state.ts";
import type { LoggedWrite } from "./network.ts";

interface Sent {
  client: number;
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: payloads are checked by the commands' schemas.
  payload: Record<string, any>;
}

/** Commands that may change any entry's read flag or star (folders, subscriptions, mark all read). */
const BROAD = /^(entries\.markAllRead|subscriptions\.|categories\.)/;

/** What a command sets, by thing: `star:<entry>` and `read:<entry>` (the kinds checked here). */
function effects(command: Sent): Map<string, boolean> {
  const p = command.payload;
  switch (command.name) {
    case "collections.star":
    case "collections.unstar":
      return new Map([[`star:${p.entryId}`, command.name === "collections.star"]]);
    case "entries.markRead":
      return new Map(p.entryIds.map((id: string) => [`read:${id}`, true]));
    case "entries.markUnread":
      return new Map([[`read:${p.entryId}`, false]]);
    case "entries.toggleRead":
      return new Map([[`read:${p.entryId}`, p.read]]);
    default:
      return new Map();
  }
}

function touches(command: Sent, key: string): boolean {
  return effects(command).has(key) || BROAD.test(command.name);
}

/**
 * A device never loses its own accepted write: where the server applied nothing touching the
 * same star or read flag after it, the device shows what it wrote, pull or no pull since (a
 * tab's pull of state fetched before the write, written after it, would undo it). Checked when
 * the device is idle. Answers how many writes it checked.
 */
export function checkOwnWrites(
  client: number,
  local: UserState,
  log: readonly LoggedWrite[],
  dispatched: ReadonlyMap<string, Sent>,
): number {
  const applied = log.flatMap((record) => {
    const command = record.key ? dispatched.get(record.key) : undefined;
    const decided = !record.replayed && !(record.status === 409 && record.code === 1);
    return command && decided && record.status < 400 ? [command] : [];
  });
  let checked = 0;
  for (const [index, command] of applied.entries()) {
    if (command.client !== client) continue;
    for (const [key, value] of effects(command)) {
      if (applied.slice(index + 1).some((later) => touches(later, key))) continue;
      const [kind, entryId] = key.split(":") as ["star" | "read", string];
      const shown = kind === "star" ? local.starred.includes(entryId) : local.read[entryId];
      if (shown === undefined) continue;
      expect(shown, `device ${client} shows its own ${command.name} (${key})`).toBe(value);
      checked += 1;
    }
  }
  return checked;
}
