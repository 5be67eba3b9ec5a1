import { describe, expect, it } from "vitest";
import { isCurrentMedia, isPlayingMedia, playerReducer } from "./reducer.ts";
import { INITIAL_PLAYER_STATE } from "./state.ts";
import { createPlayer, type MediaPort } from "./store.ts";

const SHARED = "https://pod.example/trailer.mp3";

function port(calls: string[]): MediaPort {
  return {
    load: (src) => void calls.push(`load ${src}`),
    play: () => {
      calls.push("play");
      return Promise.resolve();
    },
    pause: () => void calls.push("pause"),
    seek: () => {},
    setVolume: () => {},
    setRate: () => {},
    setMuted: () => {},
    currentTime: () => 0,
  };
}

describe("play state is per episode, not per URL", () => {
  it("two episodes sharing one enclosure URL: only the playing one shows pause", () => {
    const state = {
      ...playerReducer(INITIAL_PLAYER_STATE, {
        type: "play",
        src: SHARED,
        meta: { entryId: "episode-1" },
      }),
      status: "playing" as const,
    };
    expect(isPlayingMedia(state, SHARED, "episode-1")).toBe(true);
    expect(isPlayingMedia(state, SHARED, "episode-2")).toBe(false);
    expect(isPlayingMedia({ ...state, status: "paused" }, SHARED, "episode-1")).toBe(false);
    expect(isPlayingMedia(state, "https://pod.example/other.mp3", "episode-1")).toBe(false);
    // A caller that does not know the entry still matches by URL.
    expect(isCurrentMedia(state, SHARED)).toBe(true);
    expect(isCurrentMedia(state, undefined, "episode-1")).toBe(false);
  });

  it("playing the other episode switches to it from the start instead of resuming", () => {
    const first = playerReducer(INITIAL_PLAYER_STATE, {
      type: "play",
      src: SHARED,
      meta: { entryId: "episode-1", title: "One" },
    });
    const along = playerReducer(
      { ...first, status: "playing", duration: 100 },
      {
        type: "time",
        currentTime: 40,
      },
    );
    const second = playerReducer(along, {
      type: "play",
      src: SHARED,
      meta: { entryId: "episode-2", title: "Two" },
    });
    expect(second).toMatchObject({ entryId: "episode-2", title: "Two", currentTime: 0 });
    const resumed = playerReducer(
      { ...along, status: "paused" },
      {
        type: "play",
        src: SHARED,
        meta: { entryId: "episode-1" },
      },
    );
    expect(resumed).toMatchObject({ entryId: "episode-1", title: "One", currentTime: 40 });
  });

  it("the store reloads the element for another episode of the same URL", () => {
    const calls: string[] = [];
    const player = createPlayer();
    player.attach(port(calls));
    player.play(SHARED, { entryId: "episode-1" });
    player.play(SHARED, { entryId: "episode-1" });
    expect(calls.filter((call) => call.startsWith("load"))).toHaveLength(1);
    player.play(SHARED, { entryId: "episode-2" });
    expect(calls.filter((call) => call.startsWith("load"))).toHaveLength(2);
    expect(player.getState().entryId).toBe("episode-2");
  });
});
