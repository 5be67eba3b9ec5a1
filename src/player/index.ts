import { useSyncExternalStore } from "react";
import { browserStorage } from "../settings/storage.ts";
import type { PlayerState } from "./state.ts";
import { createPlayer, type Player } from "./store.ts";

export { isCurrentMedia, isPlayingMedia, type PlayerAction } from "./reducer.ts";
export {
  type MediaKind,
  PLAYBACK_RATES,
  PLAYER_SEEK_STEP_S,
  PLAYER_TICK_MS,
  PLAYER_VOLUME,
  type PlayerMeta,
  type PlayerState,
  type PlayerStatus,
} from "./state.ts";
export type { Player } from "./store.ts";

/**
 * The app's one player. `player.play(src, { entryId, title, feed, image, kind })` from any view;
 * the corner player (mounted at the root) owns the media element and keeps playing across routes.
 */
export const player: Player = createPlayer({ storage: browserStorage() });

/** The player's state (or a slice of it); re-renders when it changes. */
export function usePlayer(): PlayerState;
export function usePlayer<T>(select: (state: PlayerState) => T): T;
export function usePlayer<T>(select?: (state: PlayerState) => T): T | PlayerState {
  const getSnapshot = () => (select ? select(player.getState()) : player.getState());
  return useSyncExternalStore(player.subscribe, getSnapshot, getSnapshot);
}
