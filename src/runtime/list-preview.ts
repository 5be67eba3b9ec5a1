import { useEffect, useState } from "react";
import type { Endpoints, ResponseOf } from "../../contract/api/index.ts";
import { endpointInfo } from "../../contract/api/info.ts";
import type { EntryListItem } from "../../contract/reading-models.ts";
import type { ApiFetch } from "../api/client.ts";
import { errorLine } from "../api/error-text.ts";
import { isFetchError } from "../api/fetch-error.ts";
import { translate } from "../i18n/index.ts";

/** A list's public page: the list, its feeds, owner and followers, and its newest entries. */
export type ListPage = ResponseOf<Endpoints["lists"]["get"]>["data"] & {
  entries: readonly EntryListItem[];
};

export type ListPageState =
  | { status: "loading" }
  | { status: "ready"; page: ListPage }
  | { status: "failed"; code: number | undefined; message: string };

const RECENT_ENTRIES = 10;

/** Loads a list's page from the server (anyone signed in may look at any list). */
export function useListPage(api: ApiFetch | undefined, listId: string) {
  const [state, setState] = useState<ListPageState>({ status: "loading" });
  useEffect(() => {
    if (!api) return;
    let live = true;
    setState({ status: "loading" });
    Promise.all([
      api.call(endpointInfo.lists.get, { listId }, { silent: true }),
      api.call(endpointInfo.entries.list, { listId, limit: RECENT_ENTRIES }, { silent: true }),
    ])
      .then(([list, entries]) => {
        if (live) setState({ status: "ready", page: { ...list.data, entries: entries.data } });
      })
      .catch((error: unknown) => {
        if (!live) return;
        setState({
          status: "failed",
          code: isFetchError(error) ? error.code : undefined,
          message: errorLine(error, translate),
        });
      });
    return () => {
      live = false;
    };
  }, [api, listId]);
  return state;
}
