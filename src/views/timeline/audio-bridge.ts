import { player, usePlayer } from "../../player/index.ts";

/**
 * Play buttons into the app's one player (src/player): the Audios view's, and the Videos
 * view's "play in the corner player", which keeps a video going while the user browses.
 */
export interface PlayRequest {
  src: string;
  entryId: string;
  title: string;
  feedTitle?: string | null;
  image?: string | null;
  kind?: "audio" | "video";
}

/** Plays the request, or pauses / resumes it when it is the player's current media. */
export function togglePlayback(request: PlayRequest) {
  if (player.getState().src === request.src) {
    player.toggle();
    return;
  }
  player.play(request.src, {
    entryId: request.entryId,
    title: request.title,
    feed: request.feedTitle ?? undefined,
    image: request.image ?? undefined,
    kind: request.kind ?? "audio",
  });
}

/** Whether `src` is the player's media and is playing (or loading to play). */
export function useAudioPlaying(src: string | undefined): boolean {
  return usePlayer((state) => src !== undefined && state.src === src && state.status !== "paused");
}
