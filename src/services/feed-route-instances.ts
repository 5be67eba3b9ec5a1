import { useCallback, useState } from "react";
import type { Endpoint, RequestOf } from "../../contract/api/endpoint.ts";
import type { FeedRouteInstance } from "../../contract/api/feed-route-instances.ts";
import { endpoints } from "../../contract/api/index.ts";
import type { ApiFetch } from "../api/client.ts";
import { errorLine } from "../api/error-text.ts";
import { isFetchError } from "../api/fetch-error.ts";
import { translate } from "../i18n/index.ts";
import { writeOnline } from "./online-write.ts";
import { type LoadState, useReloadableRead } from "./server-read.ts";

const calls = endpoints.feedRouteInstances;

export interface InstancesData {
  instances: readonly FeedRouteInstance[];
  serverInstance: string | null;
  defaultId: string | null;
}

/** A refusal in the person's language (the server's reason for a bad address). */
export function refusalMessage(error: unknown): string {
  if (isFetchError(error) && error.code === 1002 && error.reason) return error.reason;
  return errorLine(error, translate);
}

async function readInstances(api: ApiFetch, _input: "instances", signal: AbortSignal) {
  const answer = await api.call(calls.list, {}, { signal, silent: true });
  return answer.data;
}

/**
 * The person's own feed-route instances and what they do with them. Each change is checked by
 * the server (the address is fetched, the key sealed) before it shows, so it is not optimistic:
 * the list is read again after it, and `revision` grows when the chosen instance may differ.
 */
export function useFeedRouteInstances(api: ApiFetch | undefined) {
  const [state, reload] = useReloadableRead(api, "instances", readInstances, {
    describe: refusalMessage,
  });
  const [revision, setRevision] = useState(0);

  const change = useCallback(
    async <E extends Endpoint>(
      endpoint: E,
      request: RequestOf<E>,
      catalogueMayChange: boolean,
      timeout?: number,
    ) => {
      if (!api) return;
      await writeOnline(api, endpoint, request, {
        silent: true,
        ...(timeout ? { timeout } : {}),
        thenRead: async () => {
          await reload();
          if (catalogueMayChange) setRevision((n) => n + 1);
        },
      });
    },
    [api, reload],
  );

  return {
    state: state satisfies LoadState<InstancesData, "instances">,
    /** Grows each time the chosen instance (so the catalogue) may have changed. */
    revision,
    add: (baseUrl: string, accessKey: string) =>
      change(calls.add, { baseUrl, ...(accessKey ? { accessKey } : {}) }, false, 60_000),
    /** A new address, and a new key (undefined: kept; null: removed); checked again. */
    update: (id: string, baseUrl: string, accessKey: string | null | undefined) =>
      change(
        calls.update,
        { id, baseUrl, ...(accessKey !== undefined ? { accessKey } : {}) },
        true,
        60_000,
      ),
    check: (id: string) => change(calls.check, { id }, true, 60_000),
    remove: (id: string) => change(calls.remove, { id }, true),
    choose: (id: string | null) => change(calls.choose, { id }, true),
  };
}
