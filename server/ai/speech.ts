import { CodedError } from "../coded-error.ts";
import type { AiConfig } from "../config.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import { providerError } from "./chat/provider.ts";
import { SpeechCache, speechCacheKey } from "./speech-cache.ts";

/** What one /audio/speech call takes at most (OpenAI's documented input limit). */
export const SPEECH_INPUT_CHARS = 4_096;
/** Audio one call may answer (about an hour of MP3): a provider cannot fill the disk or RAM. */
const MAX_AUDIO_BYTES = 64 * 1024 * 1024;

export interface SpeechAudio {
  contentType: string;
  /** The audio of every piece of the text, in order, as it arrives. */
  body: AsyncIterable<Uint8Array>;
  /** Its length when known before sending (players then know the duration and can seek). */
  bytes?: number;
}

/**
 * The operator's OpenAI-compatible text-to-speech provider (`POST {base}/audio/speech`,
 * {model, input, voice, response_format}), through the guarded fetcher like the chat provider.
 * A text longer than one call takes is read in pieces cut at sentence ends; their MP3 streams
 * are sent one after the other (MP3 frames concatenate). The first call is made before
 * answering, so a refusal becomes a coded error rather than a broken stream. An entry's audio
 * is kept on disk per (entry, voice, model, text) up to `cacheBytes`: a replay calls no one.
 */
export function createSpeechProvider(config: AiConfig["speech"], fetcher: Fetcher) {
  const baseUrl = config.baseUrl;
  if (!baseUrl) return null;
  const endpoint = `${baseUrl}/audio/speech`;
  const cache = config.cacheBytes > 0 ? new SpeechCache(config.cacheDir, config.cacheBytes) : null;

  async function open(input: string, voice: string, signal: AbortSignal) {
    const response = await fetcher.send(endpoint, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: config.model, input, voice, response_format: "mp3" }),
      signal,
    });
    if (response.status < 200 || response.status >= 300) {
      for await (const _chunk of response.body) {
        // Drained: the error body is not shown to users.
      }
      throw providerError(`the speech provider answered ${response.status}`);
    }
    return response;
  }

  return {
    /** `entryId`: the entry read, whose audio is then cached. */
    async speak(
      text: string,
      signal: AbortSignal,
      voice = config.voice,
      entryId?: string,
    ): Promise<SpeechAudio> {
      const read = text.slice(0, config.maxChars);
      const pieces = speechPieces(read, SPEECH_INPUT_CHARS);
      if (pieces.length === 0) throw new CodedError(1002, "this entry has no text to read");
      const key =
        cache && entryId !== undefined
          ? speechCacheKey({ entryId, voice, model: config.model, text: read })
          : undefined;
      if (cache && key) {
        const cached = await cache.read(key);
        // Asked for as MP3, so stored as such.
        if (cached) return { contentType: "audio/mpeg", body: cached };
      }
      const first = await open(pieces[0]!, voice, signal);
      async function* body(): AsyncGenerator<Uint8Array> {
        let sent = 0;
        for (let index = 0; index < pieces.length; index++) {
          const response = index === 0 ? first : await open(pieces[index]!, voice, signal);
          for await (const chunk of response.body) {
            sent += chunk.length;
            if (sent > MAX_AUDIO_BYTES) throw providerError("the speech audio was too long");
            yield chunk;
          }
        }
      }
      const contentType = first.headers["content-type"] || "audio/mpeg";
      return { contentType, body: cache && key ? cache.record(key, body()) : body() };
    },
  };
}

export type SpeechProvider = NonNullable<ReturnType<typeof createSpeechProvider>>;

/** The text cut into pieces of at most `max` characters, at sentence ends where it can. */
export function speechPieces(text: string, max: number): string[] {
  const flat = text.replace(/\s+/g, " ").trim();
  const pieces: string[] = [];
  let rest = flat;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const sentenceEnd = Math.max(
      ...[". ", "! ", "? ", "。", "！", "？"].map((mark) => window.lastIndexOf(mark)),
    );
    const cut =
      sentenceEnd > max / 2
        ? sentenceEnd + 1
        : window.lastIndexOf(" ") > max / 2
          ? window.lastIndexOf(" ")
          : max;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}
