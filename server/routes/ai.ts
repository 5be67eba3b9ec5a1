import { Schema } from "effect";
import type { TranslationField } from "../../contract/ai.ts";
import type { SummaryLine } from "../../contract/api/ai.ts";
import { endpoints } from "../../contract/api/index.ts";
import { htmlToText } from "../../contract/html/text.ts";
import { listDailyReports } from "../ai/daily/reports.ts";
import type { LocalSpeech } from "../ai/local-speech.ts";
import type { Providers } from "../ai/providers.ts";
import type { SpeechProvider } from "../ai/speech.ts";
import type { Summaries } from "../ai/summaries.ts";
import type { Translations } from "../ai/translations.ts";
import type { Auth } from "../auth.ts";
import { CodedError } from "../coded-error.ts";
import type { KeyBox } from "../crypto/key-box.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { byteRange } from "../http/byte-range.ts";
import { passThrough, route } from "../http/route.ts";
import type { Logger } from "../logger.ts";
import { deleteUserProvider, getUserProvider, putUserProvider } from "../storage/ai-providers.ts";
import { findVisibleEntry } from "../storage/entry-queries.ts";
import { userRouter } from "./context.ts";

type Line = (typeof SummaryLine)["Encoded"];

export function aiRoutes(
  auth: Auth,
  database: DatabaseHandle,
  services: {
    summaries: Summaries;
    translations: Translations;
    providers: Providers;
    box: KeyBox;
    speech: SpeechProvider | LocalSpeech | null;
  },
  logger: Logger,
) {
  const { summaries, translations, providers, box, speech } = services;
  /** Whether entries can be read aloud here: an endpoint, or a local engine that runs. */
  const speaks = async () =>
    speech !== null && (!("available" in speech) || (await speech.available()));
  const app = userRouter(auth, database);
  const ai = endpoints.ai;

  async function keyFor(
    userId: string,
    query: { id: string; language?: string; target?: "content" | "readabilityContent" },
  ) {
    const found = await findVisibleEntry(database, userId, query.id);
    if (!found) throw new ApiError(3000);
    return {
      entry: found.entry,
      language: query.language ?? "en",
      target: query.target ?? "content",
      // The user's own provider writes (and alone reads) their summaries.
      source: await providers.choose(userId),
    };
  }

  route(app, ai.summary, async ({ request }, c) => {
    const result = await summaries.summarize(await keyFor(c.get("userId"), request));
    return {
      code: 0 as const,
      data: result.summary,
      ...(result.kind ? { kind: result.kind } : {}),
    };
  });

  route(app, ai.summaryStream, async ({ request }, c) => {
    const key = await keyFor(c.get("userId"), request);
    return (async function* (): AsyncGenerator<Line> {
      try {
        for await (const event of summaries.stream(key)) {
          if (event.type === "delta") yield { type: "delta", text: event.text };
          else if (event.type === "done")
            yield {
              type: "done",
              summary: event.result.summary,
              ...(event.result.kind ? { kind: event.result.kind } : {}),
            };
          else yield errorLine(event.error);
        }
      } catch (error) {
        yield errorLine(error);
      }
    })();
  });

  route(app, ai.translation, async ({ request }, c) => {
    const found = await findVisibleEntry(database, c.get("userId"), request.id);
    if (!found) throw new ApiError(3000);
    const fields = request.fields.split(",") as TranslationField[];
    const choice = await providers.choose(c.get("userId"));
    const data = await translations.translate(found.entry, request.language, fields, choice);
    return { code: 0 as const, data };
  });

  route(app, ai.config, async (_input, c) => {
    const provider = await providers.for(c.get("userId"));
    return {
      code: 0 as const,
      data: {
        summary: provider ? ("model" as const) : ("extractive" as const),
        translation: provider !== null,
        speech: await speaks(),
      },
    };
  });

  route(app, ai.provider, async (_input, c) => {
    const own = await getUserProvider(database, box, c.get("userId"));
    return {
      code: 0 as const,
      data: own ? { baseUrl: own.baseUrl, model: own.model, hasKey: Boolean(own.apiKey) } : null,
    };
  });

  route(app, ai.setProvider, async ({ request }, c) => {
    await putUserProvider(database, box, c.get("userId"), request);
    return { code: 0 as const };
  });

  route(app, ai.removeProvider, async (_input, c) => {
    await deleteUserProvider(database, c.get("userId"));
    return { code: 0 as const };
  });

  route(app, ai.dailyReports, async ({ request }, c) => ({
    code: 0 as const,
    data: await listDailyReports(database, c.get("userId"), request.limit ?? 2),
  }));

  const decodeSpeechQuery = Schema.decodeUnknownSync(ai.speech.request);
  passThrough(app, ai.speech, async (c) => {
    let query: { id: string; voice?: string };
    try {
      query = decodeSpeechQuery(c.req.query());
    } catch {
      throw new ApiError(1002, "expected ?id=<entry id>[&voice=<name>]", 400);
    }
    if (!speech || !(await speaks()))
      throw new ApiError(
        1005,
        "no speech engine: install espeak-ng on the server or set AI_SPEECH_BASE_URL",
        503,
      );
    const found = await findVisibleEntry(database, c.get("userId"), query.id);
    if (!found) throw new ApiError(3000);
    const { entry } = found;
    const text = [entry.title, htmlToText(entry.content ?? entry.description ?? "")]
      .filter(Boolean)
      .join(". ");
    // The provider stops when the listener does.
    const audio = await speech.speak(text, c.req.raw.signal, query.voice, entry.id);
    if (audio.bytes !== undefined) {
      // Audio made whole (the local engine's) is served by range, so players can seek in it.
      const chunks: Uint8Array[] = [];
      for await (const chunk of audio.body) chunks.push(chunk);
      const whole = Buffer.concat(chunks);
      const range = byteRange(c.req.header("range"), whole.length);
      const headers = {
        "content-type": audio.contentType,
        "accept-ranges": "bytes",
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      };
      if (!range)
        return new Response(whole, {
          headers: { ...headers, "content-length": String(whole.length) },
        });
      const [start, end] = range;
      return new Response(whole.subarray(start, end + 1), {
        status: 206,
        headers: {
          ...headers,
          "content-length": String(end - start + 1),
          "content-range": `bytes ${start}-${end}/${whole.length}`,
        },
      });
    }
    const iterator = audio.body[Symbol.asyncIterator]();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await iterator.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (error) {
          logger.warn({ err: error }, "speech stream failed");
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return?.();
      },
    });
    return new Response(stream, {
      headers: {
        "content-type": audio.contentType,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  });

  function errorLine(error: unknown): Line {
    if (error instanceof CodedError)
      return { type: "error", ...error.toBody(), reason: error.reason };
    logger.error({ err: error }, "summary failed");
    return { type: "error", ...new ApiError(1005).toBody(), reason: null };
  }

  return app;
}
