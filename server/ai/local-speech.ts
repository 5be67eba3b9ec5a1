import { join } from "node:path";
import { CodedError } from "../coded-error.ts";
import type { AiConfig } from "../config.ts";
import { providerError } from "./chat/provider.ts";
import type { SpeechAudio } from "./speech.ts";
import { SpeechCache, speechCacheKey } from "./speech-cache.ts";

/** Audio one reading may make at most (about 25 minutes of espeak-ng's 22 kHz mono WAV). */
export const LOCAL_SPEECH_MAX_BYTES = 64 * 1024 * 1024;
/** How long the engine's `--version` may take to say it is there. */
const PROBE_MS = 5_000;

/**
 * The server's own speech engine, used when no endpoint is configured: a local command
 * (Debian's espeak-ng) reading the text from stdin and writing WAV to stdout. It runs as a
 * child process (never on the event loop) with the text bounded by `maxChars`, its time by
 * `timeoutSeconds` and its output by LOCAL_SPEECH_MAX_BYTES, and stops when the listener
 * leaves. The audio is made whole before it is sent, so its WAV header states its true length
 * (players then know the duration and can seek, which resuming needs), and kept on disk per
 * (entry, voice, text) like the endpoint's.
 */
export function createLocalSpeech(config: AiConfig["speech"]) {
  const command = config.local.command;
  if (!command) return null;
  // A directory of its own: these files are WAV, the endpoint's MP3.
  const cache =
    config.cacheBytes > 0
      ? new SpeechCache(join(config.cacheDir, "local"), config.cacheBytes)
      : null;
  let probe: Promise<boolean> | undefined;

  return {
    /** Whether the command runs here (looked up once). */
    available(): Promise<boolean> {
      probe ??= run(command, ["--version"], "", PROBE_MS, undefined, 64 * 1024).then(
        () => true,
        () => false,
      );
      return probe;
    },

    async speak(
      text: string,
      signal: AbortSignal,
      voice = config.local.voice,
      entryId?: string,
    ): Promise<SpeechAudio> {
      const read = text.replace(/\s+/g, " ").trim().slice(0, config.maxChars);
      if (!read) throw new CodedError(1002, "this entry has no text to read");
      const key =
        cache && entryId !== undefined
          ? speechCacheKey({ entryId, voice, model: command, text: read })
          : undefined;
      if (cache && key) {
        const cached = await cache.read(key);
        if (cached) {
          // Read whole (bounded like a fresh reading) so its length can be stated.
          const chunks: Uint8Array[] = [];
          for await (const chunk of cached) chunks.push(chunk);
          const wav = Buffer.concat(chunks);
          return { contentType: "audio/wav", body: once(wav), bytes: wav.length };
        }
      }
      const wav = withTrueLength(
        await run(
          command,
          ["--stdout", "-v", voice],
          read,
          config.local.timeoutSeconds * 1000,
          signal,
          LOCAL_SPEECH_MAX_BYTES,
        ),
      );
      return {
        contentType: "audio/wav",
        body: cache && key ? cache.record(key, once(wav)) : once(wav),
        bytes: wav.length,
      };
    },
  };
}

export type LocalSpeech = NonNullable<ReturnType<typeof createLocalSpeech>>;

/** Runs `command` with `input` on stdin; its stdout, or a coded failure (time, size, exit). */
async function run(
  command: string,
  args: string[],
  input: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  maxBytes: number,
): Promise<Buffer> {
  // node:child_process (with its dgram and net handles) loads only for the first local voice.
  const { spawn } = await import("node:child_process");
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "ignore"] });
    const chunks: Buffer[] = [];
    let size = 0;
    let failure: Error | undefined;
    const stop = (error: Error) => {
      failure ??= error;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(
      () => stop(providerError("the speech engine took too long")),
      timeoutMs,
    );
    const onAbort = () => stop(new CodedError(1005, "the listener left"));
    signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) stop(providerError("the speech audio was too long"));
      else chunks.push(chunk);
    });
    // A command that is not there fails here (ENOENT), not with an exit code.
    child.on("error", (error) => stop(error));
    child.stdin.on("error", () => undefined);
    child.stdin.end(input);
    child.on("close", (code) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (failure) reject(failure);
      else if (code !== 0) reject(providerError(`the speech engine exited with ${code}`));
      else resolve(Buffer.concat(chunks));
    });
  });
}

/**
 * A WAV written to a pipe cannot say its length up front (espeak-ng puts a placeholder): with
 * the whole audio in hand, the RIFF and data sizes are set to what it holds.
 */
export function withTrueLength(wav: Buffer): Buffer {
  if (wav.length < 44 || wav.toString("ascii", 0, 4) !== "RIFF") return wav;
  wav.writeUInt32LE(wav.length - 8, 4);
  // The data chunk follows the format chunk (and any others): find it and size it.
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = wav.toString("ascii", at, at + 4);
    if (id === "data") {
      wav.writeUInt32LE(wav.length - at - 8, at + 4);
      break;
    }
    at += 8 + wav.readUInt32LE(at + 4);
  }
  return wav;
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}
