import { endpointInfo } from "../../contract/api/info.ts";
import type { PublicProfile } from "../../contract/profiles.ts";
import type { ApiFetch } from "../api/client.ts";
import { createProfileBatcher, PROFILE_STALE_MS, type ProfileBatcher } from "./profile-batcher.ts";
import { useRead } from "./server-read.ts";

/** Read histories of 20 readers, fresh for 5 minutes. */
const READERS_SIZE = 20;

export interface EntryReaders {
  readers: PublicProfile[];
  total: number;
}

const batchers = new WeakMap<ApiFetch, ProfileBatcher>();
const histories = new Map<string, { ids: string[]; total: number; at: number }>();

/** One profile batcher per API client: every screen's asks share its 100 ms window and cache. */
export function profileBatcherFor(api: ApiFetch): ProfileBatcher {
  let batcher = batchers.get(api);
  if (!batcher) {
    batcher = createProfileBatcher(api.call);
    batchers.set(api, batcher);
  }
  return batcher;
}

const NO_READERS: EntryReaders = { readers: [], total: 0 };

async function readEntryReaders(
  api: ApiFetch,
  { entryId, selfId }: { entryId: string; selfId: string | undefined },
  signal: AbortSignal,
): Promise<EntryReaders> {
  let history = histories.get(entryId);
  if (!history || Date.now() - history.at >= PROFILE_STALE_MS) {
    const { data } = await api.call(
      endpointInfo.entries.readHistories,
      { size: READERS_SIZE },
      { params: { id: entryId }, signal, silent: true },
    );
    history = {
      ids: [...data.entryReadHistories.userIds],
      total: data.entryReadHistories.readCount,
      at: Date.now(),
    };
    histories.set(entryId, history);
  }
  const others = history.ids.filter((id) => id !== selfId);
  const batcher = profileBatcherFor(api);
  const profiles = await Promise.all(others.map((id) => batcher.get(id)));
  return {
    readers: profiles.filter((p): p is PublicProfile => p !== undefined),
    total: history.total - (history.ids.includes(selfId ?? "") ? 1 : 0),
  };
}

/**
 * Who else read an entry (co-subscribers whose subscription is not private; the server leaves
 * private ones out), their names and avatars through the batched profiles. Empty while loading,
 * offline, or when the call fails.
 */
export function useEntryReaders(
  api: ApiFetch | undefined,
  entryId: string | undefined,
  selfId: string | undefined,
) {
  const read = useRead(api, entryId ? { entryId, selfId } : null, readEntryReaders);
  return read.status === "ready" ? read.data : NO_READERS;
}
