import {
  INITIAL_PLAYER_STATE,
  PLAYER_VOLUME,
  type PlayerMeta,
  type PlayerState,
  type PlayerStatus,
} from "./state.ts";

export type PlayerAction =
  | { type: "play"; src: string; meta?: PlayerMeta }
  | { type: "pause" }
  | { type: "status"; status: PlayerStatus }
  | { type: "time"; currentTime: number }
  | { type: "duration"; duration: number }
  | { type: "seekBy"; seconds: number }
  | { type: "seekTo"; time: number }
  | { type: "volume"; volume: number }
  | { type: "rate"; rate: number }
  | { type: "mute"; muted?: boolean }
  | { type: "ended" }
  | { type: "close" };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A time within the media: never negative, never past a known duration. */
function clampTime(state: PlayerState, time: number): number {
  const finite = Number.isFinite(time) ? time : 0;
  return state.duration > 0 ? clamp(finite, 0, state.duration) : Math.max(0, finite);
}

/**
 * Whether `src` (for the episode `entryId`, when given) is the player's current media. Feeds
 * reuse one enclosure URL for several episodes (a trailer, a re-run): the episode is the entry,
 * so another entry with the same URL is other media, not the current one resumed.
 */
export function isCurrentMedia(
  state: Pick<PlayerState, "src" | "entryId">,
  src: string | null | undefined,
  entryId?: string | null,
): boolean {
  if (!src || state.src !== src) return false;
  return entryId == null || state.entryId == null || state.entryId === entryId;
}

/** Whether that media is the one playing (or loading to play): its play button shows pause. */
export function isPlayingMedia(
  state: Pick<PlayerState, "src" | "entryId" | "status">,
  src: string | null | undefined,
  entryId?: string | null,
): boolean {
  return state.status !== "paused" && isCurrentMedia(state, src, entryId);
}

/** The player's state machine (pure). */
export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case "play": {
      if (isCurrentMedia(state, action.src, action.meta?.entryId)) {
        return { ...state, show: true, status: "loading" };
      }
      const meta = action.meta ?? {};
      return {
        ...state,
        show: true,
        status: "loading",
        src: action.src,
        currentTime: 0,
        duration: 0,
        entryId: meta.entryId ?? null,
        title: meta.title ?? null,
        feed: meta.feed ?? null,
        image: meta.image ?? null,
        listId: meta.listId ?? null,
        kind: meta.kind ?? "audio",
      };
    }
    case "pause":
      return state.status === "paused" ? state : { ...state, status: "paused" };
    case "status":
      return state.status === action.status ? state : { ...state, status: action.status };
    case "time": {
      const currentTime = clampTime(state, action.currentTime);
      return currentTime === state.currentTime ? state : { ...state, currentTime };
    }
    case "duration": {
      const duration = Number.isFinite(action.duration) ? Math.max(0, action.duration) : 0;
      return duration === state.duration ? state : { ...state, duration };
    }
    case "seekBy":
      return { ...state, currentTime: clampTime(state, state.currentTime + action.seconds) };
    case "seekTo":
      return { ...state, currentTime: clampTime(state, action.time) };
    case "volume": {
      const volume = clamp(Number.isFinite(action.volume) ? action.volume : state.volume, 0, 1);
      // Raising the volume of a muted player means the user wants to hear it.
      return { ...state, volume, isMute: volume > 0 ? false : state.isMute };
    }
    case "rate":
      return Number.isFinite(action.rate) && action.rate > 0
        ? { ...state, playbackRate: action.rate }
        : state;
    case "mute":
      return { ...state, isMute: action.muted ?? !state.isMute };
    case "ended":
      return { ...state, status: "paused", currentTime: state.duration || state.currentTime };
    case "close":
      return { ...state, show: false, status: "paused" };
  }
}

/**
 * The state after a reload: what was stored, sanitized, with a playing (or loading)
 * status turned into paused, since nothing plays until the user asks again.
 */
export function restorePlayerState(stored: unknown): PlayerState {
  if (typeof stored !== "object" || stored === null) return INITIAL_PLAYER_STATE;
  const input = stored as Record<string, unknown>;
  const state = { ...INITIAL_PLAYER_STATE };
  for (const key of Object.keys(INITIAL_PLAYER_STATE) as (keyof PlayerState)[]) {
    const value = input[key];
    const fallback = INITIAL_PLAYER_STATE[key];
    const nullable = fallback === null && (value === null || typeof value === "string");
    if (nullable || (value !== undefined && typeof value === typeof fallback)) {
      (state as Record<string, unknown>)[key] = value;
    }
  }
  if (state.kind !== "audio" && state.kind !== "video") state.kind = "audio";
  state.volume = clamp(Number.isFinite(state.volume) ? state.volume : PLAYER_VOLUME, 0, 1);
  if (!(state.playbackRate > 0)) state.playbackRate = INITIAL_PLAYER_STATE.playbackRate;
  state.duration = Number.isFinite(state.duration) ? Math.max(0, state.duration) : 0;
  state.currentTime = clampTime(state, state.currentTime);
  state.status = "paused";
  if (!state.src) state.show = false;
  return state;
}
