import { endpointInfo } from "../../../contract/api/info.ts";
import type { ApiFetch } from "../../api/client.ts";

/**
 * Plays the server's reading of an entry (its operator's speech provider) in an <audio>
 * element while the audio still arrives: the MP3 stream is fed to a MediaSource as it comes
 * (playback starts with the first bytes). Where MediaSource cannot take MP3, it is played once
 * whole. Resolves when all audio was received; `signal` stops it.
 */
export async function playServerSpeech(
  api: ApiFetch,
  entryId: string,
  audio: HTMLAudioElement,
  signal: AbortSignal,
): Promise<void> {
  const response = await api.raw<ReadableStream<Uint8Array>, "stream">(
    endpointInfo.ai.speech.path,
    { query: { id: entryId }, responseType: "stream", signal, silent: true },
  );
  const stream = response._data;
  if (!stream) throw new Error("no audio");
  if (typeof MediaSource === "undefined" || !MediaSource.isTypeSupported("audio/mpeg")) {
    const blob = await new Response(stream).blob();
    audio.src = URL.createObjectURL(blob);
    await audio.play();
    return;
  }
  const source = new MediaSource();
  audio.src = URL.createObjectURL(source);
  await new Promise((open) => source.addEventListener("sourceopen", open, { once: true }));
  const buffer = source.addSourceBuffer("audio/mpeg");
  const reader = stream.getReader();
  // Not awaited while feeding: play() settles only once enough audio is buffered, which may
  // need the chunks after the first.
  let played: Promise<unknown> | undefined;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) break;
      // Fetch bodies are never shared memory.
      buffer.appendBuffer(value as Uint8Array<ArrayBuffer>);
      await new Promise((appended) =>
        buffer.addEventListener("updateend", appended, { once: true }),
      );
      played ??= audio.play().then(
        () => undefined,
        (error: unknown) => error,
      );
    }
  } finally {
    reader.releaseLock();
  }
  if (source.readyState === "open") source.endOfStream();
  const failure = await played;
  // Stopping (or pausing) before playback began is not a failure.
  if (failure instanceof Error && failure.name !== "AbortError") throw failure;
}
