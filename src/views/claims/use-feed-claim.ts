import type { FeedClaim } from "../../../contract/api/claims.ts";
import { endpointInfo } from "../../../contract/api/info.ts";
import { useAppServices } from "../../runtime/app-services.tsx";
import { useReloadableRead } from "../../services/server-read.ts";
import { useSession } from "../../session/session-context.tsx";

export interface FeedClaimState {
  feedId: string;
  /** Who claimed it, or null while nobody has. */
  claim: FeedClaim | null;
  /** The signed-in person owns it. */
  mine: boolean;
  reload(): Promise<void>;
}

/**
 * Who claimed a feed, read from the server when the feed is shown (a null feed reads nothing).
 * Undefined until known, and offline: claims are online-only.
 */
export function useFeedClaim(feedId: string | null): FeedClaimState | undefined {
  const { api } = useAppServices();
  const myId = useSession().user?.id;
  const [read, reload] = useReloadableRead(api, feedId, async (client, id, signal) => {
    const answer = await client.call(
      endpointInfo.claims.owners,
      { ids: id },
      { signal, silent: true },
    );
    return answer.data.find((claim) => claim.feedId === id) ?? null;
  });
  if (read.status !== "ready" || !feedId || read.input !== feedId) return undefined;
  const claim = read.data;
  return { feedId, claim, mine: Boolean(claim && myId === claim.ownerUserId), reload };
}
