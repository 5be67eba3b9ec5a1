import { of } from "rxjs";
import type { ActionRule } from "../../../contract/actions.ts";
import { savedActionRules$ } from "../../queries/actions.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { fetchActionRules } from "../../services/actions.ts";
import type { RuntimeServices } from "../../services/runtime-services.ts";
import { useRead } from "../../services/server-read.ts";

/**
 * The user's rules as the page shows them: the last save on this device while the log holds it
 * (pending or confirmed), else the server's, fetched again whenever the log lets go of a save
 * (a refusal rolls the page back to what the server has).
 */
export function useActionRules(reader: RuntimeServices | null) {
  const db = reader?.db;
  const saved = useLiveQuery(() => (db ? savedActionRules$(db) : of(undefined)), [db]);
  // Read again each time the log lets go of the last save.
  const server = useRead(reader?.api, saved === null ? "rules" : null, fetchActionRules);

  if (saved) return { rules: saved.rules, pending: saved.pending, failed: false };
  const rules: ActionRule[] | null = server.status === "ready" ? server.data : null;
  return { rules, pending: false, failed: server.status === "failed" };
}
