import { useEffect, useState } from "react";
import { of } from "rxjs";
import type { ActionRule } from "../../../contract/actions.ts";
import { savedActionRules$ } from "../../queries/actions.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { fetchActionRules } from "../../runtime/actions.ts";
import type { RuntimeServices } from "../../runtime/start-runtime.ts";

/**
 * The user's rules as the page shows them: the last save on this device while the log holds it
 * (pending or confirmed), else the server's, fetched again whenever the log lets go of a save
 * (a refusal rolls the page back to what the server has).
 */
export function useActionRules(reader: RuntimeServices | null) {
  const db = reader?.db;
  const saved = useLiveQuery(() => (db ? savedActionRules$(db) : of(undefined)), [db]);
  const [server, setServer] = useState<ActionRule[] | null>(null);
  const [failed, setFailed] = useState(false);
  const fallBack = saved === null;

  useEffect(() => {
    if (!reader || !fallBack) return;
    let cancelled = false;
    fetchActionRules(reader.api).then(
      (rules) => !cancelled && setServer(rules),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [reader, fallBack]);

  if (saved) return { rules: saved.rules, pending: saved.pending, failed: false };
  return { rules: server, pending: false, failed };
}
