import type { AiConfig } from "../config.ts";
import type { KeyBox } from "../crypto/key-box.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import { getUserProvider, providerDigest } from "../storage/ai-providers.ts";
import { type ChatProvider, createChatProvider, type ProviderOptions } from "./chat/provider.ts";

/**
 * The provider serving a user and whose cache its output belongs to: the server's provider's
 * text is shared by everyone it serves (owner ""), a user's own provider's text is theirs alone
 * (owner: their id), under the digest of its base URL and model so a changed endpoint does not
 * serve what the old one wrote.
 */
export interface ProviderChoice {
  provider: ChatProvider | null;
  owner: string;
  key: string;
}

/** The server's provider (or none): its output is stored for everyone it serves. */
export function serverChoice(provider: ChatProvider | null): ProviderChoice {
  return { provider, owner: "", key: "server" };
}

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
  async function choose(userId: string): Promise<ProviderChoice> {
    const own = await getUserProvider(deps.database, deps.box, userId);
    if (!own) return serverChoice(server);
    return {
      provider: createChatProvider(
        { ...deps.config, baseUrl: own.baseUrl, apiKey: own.apiKey, model: own.model },
        deps.fetcher,
        deps.options,
      ),
      owner: userId,
      key: providerDigest(own.baseUrl, own.model),
    };
  }
  return {
    server,
    choose,
    async for(userId: string): Promise<ChatProvider | null> {
      return (await choose(userId)).provider;
    },
  };
}

export type Providers = ReturnType<typeof createProviders>;
