import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FeedSelection } from "../../../contract/routes.ts";
import type { SubscriptionItem } from "../../queries/subscriptions.ts";
import { feedsToFetch, fetchNow } from "../../services/fetch-now.ts";
import type { RuntimeServices } from "../../services/runtime-services.ts";
import { toast } from "../../ui/toaster.tsx";

/**
 * Refetch: the server fetches the feeds the timeline shows now (within its limits: a feed
 * checked a moment ago is not fetched again), entries read in the meantime leave the list
 * (restart), and fresh state is pulled; a toast says what came in, or which feed failed and
 * when the server tries it again.
 * Offline or refused, the local timeline simply stays.
 */
export function useRefetch(
  reader: RuntimeServices | undefined,
  restart: () => void,
  shown: { selection: FeedSelection; view: number; subscriptions: readonly SubscriptionItem[] },
) {
  const { t, i18n } = useTranslation("reader");
  const [refetching, setRefetching] = useState(false);
  const latest = useRef(shown);
  latest.current = shown;
  const refetch = useCallback(async () => {
    if (!reader) return;
    setRefetching(true);
    try {
      const { selection, view, subscriptions } = latest.current;
      const feedIds = feedsToFetch(subscriptions, selection, view);
      const fetched = feedIds.length > 0 ? await fetchNow(reader.api, feedIds) : null;
      restart();
      await reader.engine.pull({ entries: true });
      if (fetched && fetched.asked > 0) {
        const failed = fetched.failed[0];
        const title = (id: string) => subscriptions.find((item) => item.feedId === id)?.title ?? id;
        if (failed) {
          // The server's next try (its backoff, or the site's Retry-After) beside the reason.
          const nextTry = failed.nextCheckAt
            ? t("timeline.fetchNow.nextTry", {
                time: new Intl.DateTimeFormat(i18n.language, {
                  dateStyle: "medium",
                  timeStyle: "short",
                }).format(new Date(failed.nextCheckAt)),
              })
            : "";
          toast.error(t("timeline.fetchNow.failed", { title: title(failed.feedId) }), {
            description: nextTry ? `${failed.message} ${nextTry}` : failed.message,
          });
        } else {
          toast.info(t("timeline.fetchNow.fetched", { count: fetched.inserted }));
        }
      }
    } catch {
      // Nothing to do: the indicator shows offline, the list stays.
    } finally {
      setRefetching(false);
    }
  }, [reader, restart, t, i18n]);
  return { refetch, refetching };
}
