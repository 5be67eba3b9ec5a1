import type { TranslationField } from "../../contract/ai.ts";
import type { SummaryLine } from "../../contract/api/ai.ts";
import { endpoints } from "../../contract/api/index.ts";
import { listDailyReports } from "../ai/daily/reports.ts";
import type { KeyBox } from "../ai/key-box.ts";
import type { Providers } from "../ai/providers.ts";
import type { Summaries } from "../ai/summaries.ts";
import type { Translations } from "../ai/translations.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { route } from "../http/route.ts";
import type { Logger } from "../logger.ts";
import { deleteUserProvider, getUserProvider, putUserProvider } from "../storage/ai-providers.ts";
import { findVisibleEntry } from "../storage/entry-queries.ts";
import { userRouter } from "./context.ts";

type Line = (typeof SummaryLine)["Encoded"];

export function aiRoutes(
  auth: Auth,
  database: DatabaseHandle,
  services: { summaries: Summaries; translations: Translations; providers: Providers; box: KeyBox },
  logger: Logger,
) {
  const { summaries, translations, providers, box } = services;
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
    const provider = await providers.for(c.get("userId"));
    const data = await translations.translate(found.entry, request.language, fields, provider);
    return { code: 0 as const, data };
  });

  route(app, ai.config, async (_input, c) => {
    const provider = await providers.for(c.get("userId"));
    return {
      code: 0 as const,
      data: {
        summary: provider ? ("model" as const) : ("extractive" as const),
        translation: provider !== null,
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

  function errorLine(error: unknown): Line {
    if (error instanceof ApiError)
      return { type: "error", ...error.toBody(), reason: error.reason };
    logger.error({ err: error }, "summary failed");
    return { type: "error", ...new ApiError(1005).toBody(), reason: null };
  }

  return app;
}
