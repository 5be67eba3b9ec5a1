import { useEffect, useRef } from "react";
import { firstValueFrom } from "rxjs";
import { runCommand } from "../../commands/run.ts";
import { player, usePlayer } from "../../player/index.ts";
import { latestPosition$ } from "../../queries/reading-positions.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { thisDeviceId } from "../../services/reading-position/device.ts";

/** Listening time between two saves of an episode's position. */
const SAVE_EVERY_S = 10;
/** A position this close to either end is not worth resuming. */
const EDGE_S = 5;

/**
 * Keeps the corner player's place in each episode (and each entry read aloud) as a reading
 * position of kind audio: every ten seconds of listening and on pause, synced like an
 * article's. Starting an episode the player does not hold resumes at the newest time any
 * device kept for it.
 */
export function PlayerPositions() {
  const db = useRuntime()?.db;
  const entryId = usePlayer((state) => state.entryId);
  const status = usePlayer((state) => state.status);
  const time = usePlayer((state) => Math.floor(state.currentTime));
  const saved = useRef<{ entryId: string; seconds: number } | undefined>(undefined);

  // A new episode: resume where any device stopped, unless the player already moved on.
  useEffect(() => {
    if (!db || !entryId) return;
    let cancelled = false;
    void firstValueFrom(latestPosition$(db, entryId, "audio")).then((position) => {
      const state = player.getState();
      if (cancelled || !position || state.entryId !== entryId || state.currentTime > 1) return;
      const end = state.duration > 0 ? state.duration : Number.POSITIVE_INFINITY;
      if (position.seconds > EDGE_S && position.seconds < end - EDGE_S)
        player.seekTo(position.seconds);
      saved.current = { entryId, seconds: position.seconds };
    });
    return () => {
      cancelled = true;
    };
  }, [db, entryId]);

  useEffect(() => {
    if (!entryId || time <= 0) return;
    const last = saved.current?.entryId === entryId ? saved.current.seconds : undefined;
    const paused = status === "paused";
    if (last !== undefined && (paused ? last === time : Math.abs(time - last) < SAVE_EVERY_S))
      return;
    if (!paused && last === undefined && time < SAVE_EVERY_S) return;
    saved.current = { entryId, seconds: time };
    runCommand(
      "readingPositions.save",
      { entryId },
      { entryId, deviceId: thisDeviceId(), kind: "audio", fraction: 0, quote: "", seconds: time },
    );
  }, [entryId, status, time]);

  return null;
}
