import { describe, expect, it } from "vitest";
import { memoryStorage } from "../settings/storage.ts";
import { createPlayer, type MediaPort, PLAYER_STORAGE_KEY, type PlayerTimers } from "./store.ts";

function fakeTimers() {
  const intervals = new Map<number, () => void>();
  let id = 0;
  const timers: PlayerTimers = {
    setInterval(run, ms) {
      expect(ms).toBe(1000);
      intervals.set(++id, run);
      return id;
    },
    clearInterval: (handle) => void intervals.delete(handle as number),
  };
  return {
    timers,
    active: () => intervals.size,
    tick: () => {
      for (const run of intervals.values()) run();
    },
  };
}

function fakePort() {
  const calls: string[] = [];
  let time = 0;
  let rejectPlay: Error | undefined;
  const port: MediaPort = {
    load: (src) => void calls.push(`load ${src}`),
    play: () => {
      calls.push("play");
      return rejectPlay ? Promise.reject(rejectPlay) : Promise.resolve();
    },
    pause: () => void calls.push("pause"),
    seek: (t) => {
      time = t;
      calls.push(`seek ${t}`);
    },
    setVolume: (v) => void calls.push(`volume ${v}`),
    setRate: (r) => void calls.push(`rate ${r}`),
    setMuted: (m) => void calls.push(`muted ${m}`),
    currentTime: () => time,
  };
  return {
    port,
    calls,
    setTime: (t: number) => {
      time = t;
    },
    failPlay: (error: Error) => {
      rejectPlay = error;
    },
  };
}

describe("player store", () => {
  it("drives the media element and ticks every second while playing", () => {
    const clock = fakeTimers();
    const media = fakePort();
    const player = createPlayer({ timers: clock.timers });
    player.attach(media.port);
    player.play("a.mp3", { title: "Episode" });
    expect(media.calls).toContain("load a.mp3");
    expect(media.calls.at(-1)).toBe("play");
    expect(clock.active()).toBe(0);

    player.report({ type: "status", status: "playing" });
    expect(clock.active()).toBe(1);
    media.setTime(3);
    clock.tick();
    expect(player.getState().currentTime).toBe(3);

    player.pause();
    expect(player.getState().status).toBe("paused");
    expect(clock.active()).toBe(0);
  });

  it("seeks ±5 s from the element's exact time", () => {
    const media = fakePort();
    const player = createPlayer({ timers: fakeTimers().timers });
    player.attach(media.port);
    player.play("a.mp3");
    player.report({ type: "duration", duration: 60 });
    media.setTime(10.4);
    player.seek();
    expect(player.getState().currentTime).toBeCloseTo(15.4);
    expect(media.calls.at(-1)).toBe("seek 15.4");
    player.seek(-5);
    expect(player.getState().currentTime).toBeCloseTo(10.4);
  });

  it("toggles and closes (hides and pauses)", () => {
    const media = fakePort();
    const player = createPlayer({ timers: fakeTimers().timers });
    player.attach(media.port);
    player.toggle();
    expect(player.getState().src).toBeNull();
    player.play("a.mp3");
    player.report({ type: "status", status: "playing" });
    player.toggle();
    expect(player.getState().status).toBe("paused");
    player.toggle();
    expect(player.getState().status).toBe("loading");
    player.close();
    expect(player.getState()).toMatchObject({ show: false, status: "paused" });
    expect(media.calls.at(-1)).toBe("pause");
  });

  it("pauses when the browser refuses to play, but not for an aborted older play", async () => {
    const media = fakePort();
    const player = createPlayer({ timers: fakeTimers().timers });
    player.attach(media.port);
    const abort = new Error("aborted");
    abort.name = "AbortError";
    media.failPlay(abort);
    player.play("a.mp3");
    await Promise.resolve();
    expect(player.getState().status).toBe("loading");
    media.failPlay(new Error("NotAllowedError"));
    player.play("b.mp3");
    await Promise.resolve();
    await Promise.resolve();
    expect(player.getState().status).toBe("paused");
  });

  it("after a reload shows the stored media paused, ready where it stopped", () => {
    const storage = memoryStorage();
    const first = createPlayer({ storage, timers: fakeTimers().timers });
    first.attach(fakePort().port);
    first.play("a.mp3", { title: "Episode" });
    first.report({ type: "duration", duration: 60 });
    first.report({ type: "status", status: "playing" });
    first.report({ type: "time", currentTime: 25 });
    expect(JSON.parse(storage.getItem(PLAYER_STORAGE_KEY)!).status).toBe("playing");

    const clock = fakeTimers();
    const reloaded = createPlayer({ storage, timers: clock.timers });
    expect(reloaded.getState()).toMatchObject({
      show: true,
      status: "paused",
      src: "a.mp3",
      currentTime: 25,
      title: "Episode",
    });
    const media = fakePort();
    reloaded.attach(media.port);
    expect(media.calls).toEqual(["volume 0.8", "rate 1", "muted false", "load a.mp3", "seek 25"]);
    expect(clock.active()).toBe(0);
  });

  it("applies volume, rate and mute to the element", () => {
    const media = fakePort();
    const player = createPlayer({ timers: fakeTimers().timers });
    player.attach(media.port);
    player.setVolume(0.3);
    player.setRate(1.5);
    player.mute();
    expect(media.calls.slice(-4)).toEqual(["volume 0.3", "muted false", "rate 1.5", "muted true"]);
  });
});
