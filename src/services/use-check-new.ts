import { useCallback, useEffect, useState } from "react";
import { endpointInfo } from "../../contract/api/info.ts";
import { local, select } from "../db/local-sql.ts";
import { selectRows } from "../db/select-rows.ts";
import type { TimelineQuery } from "../queries/index.ts";
import { timelineScope } from "../sync/pager.ts";
import type { RuntimeServices } from "./runtime-services.ts";

const newestInsert = select(
  local.selectFrom("entries").select((eb) => eb.fn.max<string | null>("inserted_at").as("at")),
);

/** How often the open timeline asks the server for newer entries while shown (and on focus). */
export const CHECK_NEW_INTERVAL_MS = 60_000;

/**
 * The "new entries" pill: polls `GET /entries/check-new` for the open timeline with the newest
 * insert time stored locally; `bringIn` pulls them (they land above what is read, the position kept).
 */
export function useCheckNew(reader: RuntimeServices | undefined, query: TimelineQuery) {
  const key = JSON.stringify(query);
  const [hasNew, setHasNew] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the query.
  useEffect(() => {
    setHasNew(false);
    // Stars and saved searches have no "new since" on the server.
    if (!reader || query.feed.kind === "collections" || query.feed.kind === "search") return;
    let stopped = false;
    const check = async () => {
      if (stopped || !reader.connectivity.browserOnline) return;
      const scope = await timelineScope(reader.db, query);
      // Newer than anything stored here (pulls without entries move no clock of ours).
      const [newest] = await selectRows(reader.db, newestInsert);
      if (!scope || stopped || !newest?.at) return;
      const request = {
        insertedAfter: newest.at,
        ...(scope.view !== undefined ? { view: scope.view } : {}),
        ...(scope.feedId ? { feedId: scope.feedId } : {}),
        ...(scope.feedIdList ? { feedIdList: scope.feedIdList.join(",") } : {}),
        ...(scope.read === false ? { read: "false" as const } : {}),
      };
      try {
        const { data } = await reader.api.call(endpointInfo.entries.checkNew, request, {
          silent: true,
        });
        if (!stopped) setHasNew(data.has_new);
      } catch {
        // A missed check is retried at the next interval or focus.
      }
    };
    // Polls only while the page is shown: a hidden tab or minimised window wakes for nothing,
    // and catches up the moment it shows again.
    let timer: ReturnType<typeof setInterval> | undefined;
    const poll = () => {
      clearInterval(timer);
      timer = undefined;
      if (document.visibilityState === "hidden") return;
      timer = setInterval(() => void check(), CHECK_NEW_INTERVAL_MS);
    };
    const onVisibility = () => {
      poll();
      if (document.visibilityState === "visible") void check();
    };
    const onFocus = () => void check();
    poll();
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [reader, key]);

  const bringIn = useCallback(async () => {
    setHasNew(false);
    await reader?.engine.pull({ entries: true });
  }, [reader]);
  return { hasNew, bringIn };
}
