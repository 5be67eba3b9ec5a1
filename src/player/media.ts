import type { MediaPort, Player } from "./store.ts";

/**
 * Drives one <audio>/<video> element for the player and reports its events back. A seek before
 * the media knows its timeline is kept and applied on loadedmetadata.
 */
export function bindMediaElement(element: HTMLMediaElement, player: Player): () => void {
  let pendingSeek: number | undefined;
  const report = player.report;

  const port: MediaPort = {
    load(src) {
      pendingSeek = undefined;
      element.src = src;
      element.load();
    },
    play: () => element.play(),
    pause: () => element.pause(),
    seek(time) {
      if (element.readyState >= HTMLMediaElement.HAVE_METADATA) element.currentTime = time;
      else pendingSeek = time;
    },
    setVolume: (volume) => {
      element.volume = volume;
    },
    setRate: (rate) => {
      element.playbackRate = rate;
      element.defaultPlaybackRate = rate;
    },
    setMuted: (muted) => {
      element.muted = muted;
    },
    currentTime: () => element.currentTime,
  };

  const listeners: [string, () => void][] = [
    ["playing", () => report({ type: "status", status: "playing" })],
    ["waiting", () => report({ type: "status", status: "loading" })],
    ["pause", () => !element.ended && report({ type: "pause" })],
    ["ended", () => report({ type: "ended" })],
    ["error", () => report({ type: "status", status: "paused" })],
    ["seeked", () => report({ type: "time", currentTime: element.currentTime })],
    [
      "loadedmetadata",
      () => {
        report({ type: "duration", duration: element.duration });
        if (pendingSeek !== undefined) {
          element.currentTime = pendingSeek;
          pendingSeek = undefined;
        }
      },
    ],
    ["durationchange", () => report({ type: "duration", duration: element.duration })],
  ];
  for (const [name, listener] of listeners) element.addEventListener(name, listener);
  const detach = player.attach(port);
  return () => {
    detach();
    for (const [name, listener] of listeners) element.removeEventListener(name, listener);
  };
}
