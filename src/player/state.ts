/** The player's limits and steps. */
export const PLAYER_VOLUME = 0.8;
export const PLAYER_SEEK_STEP_S = 5;
export const PLAYER_TICK_MS = 1000;
const PLAYER_PLAYBACK_RATE = 1;
export const PLAYBACK_RATES: readonly number[] = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];

/** Loading, then playing or paused. */
export type PlayerStatus = "loading" | "playing" | "paused";
export type MediaKind = "audio" | "video";

/** What the corner player shows about the media; given with `play`. */
export interface PlayerMeta {
  entryId?: string;
  title?: string;
  /** The feed's title. */
  feed?: string;
  image?: string;
  listId?: string;
  kind?: MediaKind;
}

/** What the player keeps across reloads, plus what the corner player displays. */
export interface PlayerState {
  show: boolean;
  volume: number;
  /** Seconds; 0 until known. */
  duration: number;
  playbackRate: number;
  status: PlayerStatus;
  /** Seconds. */
  currentTime: number;
  src: string | null;
  listId: string | null;
  isMute: boolean;
  entryId: string | null;
  title: string | null;
  feed: string | null;
  image: string | null;
  kind: MediaKind;
}

export const INITIAL_PLAYER_STATE: PlayerState = {
  show: false,
  volume: PLAYER_VOLUME,
  duration: 0,
  playbackRate: PLAYER_PLAYBACK_RATE,
  status: "paused",
  currentTime: 0,
  src: null,
  listId: null,
  isMute: false,
  entryId: null,
  title: null,
  feed: null,
  image: null,
  kind: "audio",
};
