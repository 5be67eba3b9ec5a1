import { isCurrentMedia, isPlayingMedia, player, usePlayer } from "../../player/index.ts";

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

/** Plays the request, or pauses / resumes it when it is the player's current episode. */
export function togglePlayback(request: PlayRequest) {
  if (isCurrentMedia(player.getState(), request.src, request.entryId)) {
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

/**
 * Whether the episode `entryId` (at `src`) is the player's media and is playing (or loading to
 * play): per entry, since episodes may share one enclosure URL.
 */
export function useAudioPlaying(src: string | undefined, entryId: string | undefined): boolean {
  return usePlayer((state) => isPlayingMedia(state, src, entryId));
}
