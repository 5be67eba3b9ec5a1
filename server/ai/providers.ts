import type { AiConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import { getUserProvider } from "../storage/ai-providers.ts";
import { type ChatProvider, createChatProvider, type ProviderOptions } from "./chat/provider.ts";
import type { KeyBox } from "./key-box.ts";

/**
 * Which chat provider serves a user: their own (Settings › General › AI, key encrypted at
 * rest), else the operator's (AI_BASE_URL), else none (extractive summaries only). A user's
 * base URL goes through the same guarded fetcher, so it cannot reach private addresses the
 * operator did not allow.
 */
export function createProviders(deps: {
  config: AiConfig;
  fetcher: Fetcher;
  database: DatabaseHandle;
  box: KeyBox;
  options?: ProviderOptions;
}) {
  const server = createChatProvider(deps.config, deps.fetcher, deps.options);
  return {
    server,
    async for(userId: string): Promise<ChatProvider | null> {
      const own = await getUserProvider(deps.database, deps.box, userId);
      if (!own) return server;
      return createChatProvider(
        { ...deps.config, baseUrl: own.baseUrl, apiKey: own.apiKey, model: own.model },
        deps.fetcher,
        deps.options,
      );
    },
  };
}

export type Providers = ReturnType<typeof createProviders>;
