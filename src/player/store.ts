import { type KeyValueStorage, readJson, writeJson } from "../settings/storage.ts";
import { isCurrentMedia, type PlayerAction, playerReducer, restorePlayerState } from "./reducer.ts";
import { PLAYER_SEEK_STEP_S, PLAYER_TICK_MS, type PlayerMeta, type PlayerState } from "./state.ts";

/** The media element, as the store drives it (a fake in tests). */
export interface MediaPort {
  load(src: string): void;
  play(): Promise<void>;
  pause(): void;
  /** Seconds; applied once the media knows its timeline. */
  seek(time: number): void;
  setVolume(volume: number): void;
  setRate(rate: number): void;
  setMuted(muted: boolean): void;
  currentTime(): number;
}

export interface PlayerTimers {
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface PlayerStoreOptions {
  storage?: KeyValueStorage;
  storageKey?: string;
  timers?: PlayerTimers;
}

export interface Player {
  getState(): PlayerState;
  subscribe(listener: () => void): () => void;
  /** Plays `src` (resumes when it is the current media) and shows the corner player. */
  play(src: string, meta?: PlayerMeta): void;
  pause(): void;
  /** Play when paused, pause when playing or loading. */
  toggle(): void;
  /** Seeks by `seconds` (default: forward by the 5 s step; negative goes back). */
  seek(seconds?: number): void;
  seekTo(time: number): void;
  setVolume(volume: number): void;
  setRate(rate: number): void;
  /** Mutes or unmutes; toggles without an argument. */
  mute(muted?: boolean): void;
  /** Hides the player and pauses (closing never keeps it playing). */
  close(): void;
  /** Connects the one media element; returns the disconnect. */
  attach(port: MediaPort): () => void;
  /** What the media element reports (playing, paused, duration, time, ended). */
  report(action: PlayerAction): void;
}

export const PLAYER_STORAGE_KEY = "follow:player";

const realTimers: PlayerTimers = {
  setInterval: (run, ms) => globalThis.setInterval(run, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as number),
};

/** The player store: a pure reducer, a 1 s time tick while playing, persisted state. */
export function createPlayer(options: PlayerStoreOptions = {}): Player {
  const storageKey = options.storageKey ?? PLAYER_STORAGE_KEY;
  const timers = options.timers ?? realTimers;
  const listeners = new Set<() => void>();
  let state = restorePlayerState(readJson(options.storage, storageKey));
  let port: MediaPort | undefined;
  let tick: unknown;

  function syncTick() {
    const playing = state.status === "playing" && port !== undefined;
    if (playing && tick === undefined) {
      tick = timers.setInterval(() => {
        if (port) dispatch({ type: "time", currentTime: port.currentTime() });
      }, PLAYER_TICK_MS);
    } else if (!playing && tick !== undefined) {
      timers.clearInterval(tick);
      tick = undefined;
    }
  }

  function dispatch(action: PlayerAction) {
    const next = playerReducer(state, action);
    if (next === state) return;
    state = next;
    writeJson(options.storage, storageKey, state);
    syncTick();
    for (const listener of listeners) listener();
  }

  function startPlayback() {
    const src = state.src;
    port?.play().catch((error: unknown) => {
      // A newer load aborts an older play(); only a failure of the current media pauses.
      if (error instanceof Error && error.name === "AbortError") return;
      if (state.src === src) dispatch({ type: "status", status: "paused" });
    });
  }

  /** Reads the element's exact time before a relative seek: the tick is only once a second. */
  function refreshTime() {
    if (port) dispatch({ type: "time", currentTime: port.currentTime() });
  }

  const player: Player = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    play(src, meta) {
      const changed = !isCurrentMedia(state, src, meta?.entryId);
      dispatch({ type: "play", src, meta });
      if (!port) return;
      if (changed) port.load(src);
      startPlayback();
    },
    pause() {
      port?.pause();
      refreshTime();
      dispatch({ type: "pause" });
    },
    toggle() {
      if (state.status === "paused") {
        if (state.src) player.play(state.src);
      } else {
        player.pause();
      }
    },
    seek(seconds = PLAYER_SEEK_STEP_S) {
      refreshTime();
      dispatch({ type: "seekBy", seconds });
      port?.seek(state.currentTime);
    },
    seekTo(time) {
      dispatch({ type: "seekTo", time });
      port?.seek(state.currentTime);
    },
    setVolume(volume) {
      dispatch({ type: "volume", volume });
      port?.setVolume(state.volume);
      port?.setMuted(state.isMute);
    },
    setRate(rate) {
      dispatch({ type: "rate", rate });
      port?.setRate(state.playbackRate);
    },
    mute(muted) {
      dispatch({ type: "mute", muted });
      port?.setMuted(state.isMute);
    },
    close() {
      port?.pause();
      refreshTime();
      dispatch({ type: "close" });
    },
    attach(next) {
      port = next;
      next.setVolume(state.volume);
      next.setRate(state.playbackRate);
      next.setMuted(state.isMute);
      if (state.src) {
        // After a reload: ready to resume where it stopped, but paused.
        next.load(state.src);
        next.seek(state.currentTime);
        if (state.status !== "paused") startPlayback();
      }
      syncTick();
      return () => {
        if (port === next) port = undefined;
        syncTick();
      };
    },
    report: dispatch,
  };
  return player;
}
