import { endpointInfo } from "../../contract/api/info.ts";
import type { ApiFetch } from "../api/client.ts";

/**
 * Whether the user's subscription pushes each new entry: a server-side setting (the push is
 * sent there), so it is read from the server rather than from the local database.
 */
export async function fetchSubscriptionNotify(api: ApiFetch, feedId: string): Promise<boolean> {
  const { data } = await api.call(endpointInfo.feeds.get, { id: feedId }, { silent: true });
  return data.subscription?.notify === true;
}
