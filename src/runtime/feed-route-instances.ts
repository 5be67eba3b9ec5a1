import { useCallback, useEffect, useState } from "react";
import type { FeedRouteInstance } from "../../contract/api/feed-route-instances.ts";
import { endpoints } from "../../contract/api/index.ts";
import type { ApiFetch } from "../api/client.ts";
import { errorLine } from "../api/error-text.ts";
import { isFetchError } from "../api/fetch-error.ts";
import { translate } from "../i18n/index.ts";

const calls = endpoints.feedRouteInstances;

export interface InstancesData {
  instances: readonly FeedRouteInstance[];
  serverInstance: string | null;
  defaultId: string | null;
}

export type InstancesState =
  | { status: "loading" }
  | { status: "ready"; data: InstancesData }
  | { status: "failed"; message: string };

/** A refusal in the person's language (the server's reason for a bad address). */
export function refusalMessage(error: unknown): string {
  if (isFetchError(error) && error.code === 1002 && error.reason) return error.reason;
  return errorLine(error, translate);
}

/**
 * The person's own feed-route instances and what they do with them. Each change is checked by
 * the server (the address is fetched, the key sealed) before it shows, so it is not optimistic:
 * the list is read again after it, and `revision` grows when the chosen instance may differ.
 */
export function useFeedRouteInstances(api: ApiFetch | undefined) {
  const [state, setState] = useState<InstancesState>({ status: "loading" });
  const [revision, setRevision] = useState(0);

  const reload = useCallback(async () => {
    if (!api) return;
    try {
      const answer = await api.call(calls.list, {}, { silent: true });
      setState({ status: "ready", data: answer.data });
    } catch (error) {
      setState({ status: "failed", message: refusalMessage(error) });
    }
  }, [api]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const change = useCallback(
    async (write: (client: ApiFetch) => Promise<unknown>, catalogueMayChange: boolean) => {
      if (!api) return;
      try {
        await write(api);
      } finally {
        await reload();
        if (catalogueMayChange) setRevision((n) => n + 1);
      }
    },
    [api, reload],
  );

  return {
    state,
    /** Grows each time the chosen instance (so the catalogue) may have changed. */
    revision,
    add: (baseUrl: string, accessKey: string) =>
      change(
        (client) =>
          client.call(
            calls.add,
            { baseUrl, ...(accessKey ? { accessKey } : {}) },
            { silent: true, timeout: 60_000 },
          ),
        false,
      ),
    /** A new address, and a new key (undefined: kept; null: removed); checked again. */
    update: (id: string, baseUrl: string, accessKey: string | null | undefined) =>
      change(
        (client) =>
          client.call(
            calls.update,
            { id, baseUrl, ...(accessKey !== undefined ? { accessKey } : {}) },
            { silent: true, timeout: 60_000 },
          ),
        true,
      ),
    check: (id: string) =>
      change((client) => client.call(calls.check, { id }, { silent: true, timeout: 60_000 }), true),
    remove: (id: string) =>
      change((client) => client.call(calls.remove, { id }, { silent: true }), true),
    choose: (id: string | null) =>
      change((client) => client.call(calls.choose, { id }, { silent: true }), true),
  };
}
