import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PlayerAction, playerReducer, restorePlayerState } from "./reducer.ts";
import { INITIAL_PLAYER_STATE, type PlayerState } from "./state.ts";

const run = (actions: PlayerAction[], from: PlayerState = INITIAL_PLAYER_STATE) =>
  actions.reduce(playerReducer, from);

describe("player reducer", () => {
  it("starts hidden and paused, at 0.8 volume and normal speed", () => {
    expect(INITIAL_PLAYER_STATE).toMatchObject({
      show: false,
      volume: 0.8,
      playbackRate: 1,
      status: "paused",
      currentTime: 0,
      src: null,
      isMute: false,
    });
  });

  it("plays: loading, then playing; a new source starts at zero", () => {
    const loading = run([{ type: "play", src: "a.mp3", meta: { title: "A", entryId: "1" } }]);
    expect(loading).toMatchObject({ show: true, status: "loading", src: "a.mp3", title: "A" });
    const playing = run(
      [
        { type: "status", status: "playing" },
        { type: "time", currentTime: 30 },
      ],
      loading,
    );
    expect(playing).toMatchObject({ status: "playing", currentTime: 30 });
    const other = run([{ type: "play", src: "b.mp3" }], playing);
    expect(other).toMatchObject({ src: "b.mp3", currentTime: 0, title: null, status: "loading" });
  });

  it("resumes the same source where it was", () => {
    const paused = run([
      { type: "play", src: "a.mp3" },
      { type: "duration", duration: 100 },
      { type: "time", currentTime: 42 },
      { type: "pause" },
    ]);
    expect(run([{ type: "play", src: "a.mp3" }], paused)).toMatchObject({
      currentTime: 42,
      status: "loading",
    });
  });

  it("seeks by 5 s steps within the media", () => {
    const at = run([
      { type: "play", src: "a.mp3" },
      { type: "duration", duration: 12 },
      { type: "time", currentTime: 3 },
    ]);
    expect(run([{ type: "seekBy", seconds: 5 }], at).currentTime).toBe(8);
    expect(run([{ type: "seekBy", seconds: -5 }], at).currentTime).toBe(0);
    expect(
      run(
        [
          { type: "seekBy", seconds: 5 },
          { type: "seekBy", seconds: 5 },
        ],
        at,
      ).currentTime,
    ).toBe(12);
  });

  it("keeps the time within [0, duration] whatever happens", () => {
    const action = fc.oneof(
      fc.record({
        type: fc.constant("seekBy" as const),
        seconds: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
      }),
      fc.record({ type: fc.constant("seekTo" as const), time: fc.double() }),
      fc.record({ type: fc.constant("time" as const), currentTime: fc.double() }),
      fc.record({
        type: fc.constant("duration" as const),
        duration: fc.double({ min: 0, max: 1e4, noNaN: true }),
      }),
    );
    fc.assert(
      fc.property(fc.array(action), (actions) => {
        const state = run(actions as PlayerAction[]);
        expect(state.currentTime).toBeGreaterThanOrEqual(0);
        if (state.duration > 0 && actions.at(-1)?.type !== "duration") {
          expect(state.currentTime).toBeLessThanOrEqual(state.duration);
        }
      }),
    );
  });

  it("close hides and pauses", () => {
    const playing = run([
      { type: "play", src: "a.mp3" },
      { type: "status", status: "playing" },
    ]);
    expect(run([{ type: "close" }], playing)).toMatchObject({
      show: false,
      status: "paused",
      src: "a.mp3",
    });
  });

  it("clamps volume, toggles mute, ignores a bad rate", () => {
    const state = run([
      { type: "volume", volume: 3 },
      { type: "mute" },
      { type: "rate", rate: 0 },
      { type: "rate", rate: 1.5 },
    ]);
    expect(state).toMatchObject({ volume: 1, isMute: true, playbackRate: 1.5 });
    expect(run([{ type: "mute" }], state).isMute).toBe(false);
    expect(run([{ type: "volume", volume: 0.5 }], state).isMute).toBe(false);
  });

  it("ends paused at the end", () => {
    const state = run([
      { type: "play", src: "a.mp3" },
      { type: "duration", duration: 9 },
      { type: "status", status: "playing" },
      { type: "ended" },
    ]);
    expect(state).toMatchObject({ status: "paused", currentTime: 9 });
  });
});

describe("restoring after a reload (paused where it was)", () => {
  it("turns a stored playing status into paused and keeps the rest", () => {
    const stored = {
      ...INITIAL_PLAYER_STATE,
      show: true,
      src: "a.mp3",
      status: "playing",
      currentTime: 17,
      duration: 60,
      volume: 0.4,
    };
    expect(restorePlayerState(JSON.parse(JSON.stringify(stored)))).toEqual({
      ...stored,
      status: "paused",
    });
    expect(restorePlayerState({ ...stored, status: "loading" }).status).toBe("paused");
  });

  it("falls back to the defaults for junk", () => {
    expect(restorePlayerState(undefined)).toEqual(INITIAL_PLAYER_STATE);
    expect(restorePlayerState("x")).toEqual(INITIAL_PLAYER_STATE);
    const junk = restorePlayerState({ volume: "loud", src: 3, show: true, kind: "tape" });
    expect(junk).toMatchObject({ volume: 0.8, src: null, show: false, kind: "audio" });
  });
});
