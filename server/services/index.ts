import { createLocalSpeech } from "../ai/local-speech.ts";
import { createProviders } from "../ai/providers.ts";
import { createSpeechProvider } from "../ai/speech.ts";
import { createSummaries } from "../ai/summaries.ts";
import { createTranslations } from "../ai/translations.ts";
import type { ServerConfig } from "../config.ts";
import { createKeyBox } from "../crypto/key-box.ts";
import { createSecretBox } from "../crypto/secret-box.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { createCatalogues } from "../discover/catalogues.ts";
import { createTrendingService } from "../discover/trending-service.ts";
import { trendingRanker } from "../discover/trending-thread.ts";
import { fileIconStore } from "../icons/feed-icons.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import { createActionEffects, handleActionEffects } from "../jobs/action-effects.ts";
import { createOpmlImporter } from "../jobs/opml-import.ts";
import { createReadability } from "../jobs/readability.ts";
import { createSubscribeService } from "../jobs/subscribe.ts";
import type { Logger } from "../logger.ts";
import { createPushSender } from "../push/sender.ts";
import { resolveVapidKeys } from "../push/vapid.ts";
import { chosenInstance } from "../storage/feed-route-instances.ts";
import { createAvatarStore } from "../uploads/avatar-store.ts";

export interface ServiceDeps {
  config: ServerConfig;
  database: DatabaseHandle;
  logger: Logger;
  fetcher: Fetcher;
  /** The server's auth secret: the encryption keys at rest derive from it. */
  secret: string;
}

/**
 * The one place the server's services are built, each once, for the routes (app.ts) and the
 * background work (server.ts) alike: encryption boxes, subscribing and OPML import, readability,
 * discover catalogues and trending, AI providers, summaries, translations and speech, push, file
 * stores. It also wires what action rules ask for after new entries are stored (push, webhooks).
 */
export function composeServices({ config, database, logger, fetcher, secret }: ServiceDeps) {
  const secretBox = createSecretBox(secret);
  const keyBox = createKeyBox(secret);
  const feedRouteFor = (userId: string) => chosenInstance(database, secretBox, userId);
  const catalogues = createCatalogues(config.ingest.feedRouteBaseUrl, fetcher, feedRouteFor);
  const subscriber = createSubscribeService(database, fetcher, {
    feedRouteBaseUrl: config.ingest.feedRouteBaseUrl,
    feedRouteFor,
  });
  const importer = createOpmlImporter(database, subscriber, logger, {
    concurrency: config.opml.importConcurrency,
    perHost: config.opml.importPerHost,
    maxSubscriptionsPerUser: config.maxSubscriptionsPerUser,
  });
  const trending = createTrendingService(
    database,
    { refreshMs: config.trendingRefreshSeconds * 1000, logger },
    trendingRanker(database),
  );
  const readability = createReadability(database, fetcher);
  const providers = createProviders({ config: config.ai, fetcher, database, box: keyBox });
  const summaries = createSummaries({ database, readability, provider: providers.server });
  const translations = createTranslations({ database, readability, provider: providers.server });
  const push = createPushSender({
    database,
    fetcher,
    vapid: resolveVapidKeys(config.push, config.dataDir),
    logger,
  });
  handleActionEffects(
    database,
    createActionEffects({
      database,
      fetcher,
      push,
      webhookSecret: config.webhookSecret ?? secret,
      logger,
    }),
  );
  return {
    fetcher,
    secretBox,
    keyBox,
    catalogues,
    subscriber,
    importer,
    trending,
    readability,
    providers,
    summaries,
    translations,
    // The operator's endpoint when set, else the local engine (espeak-ng) when there is one.
    speech: createSpeechProvider(config.ai.speech, fetcher) ?? createLocalSpeech(config.ai.speech),
    push,
    avatars: createAvatarStore(config.uploads),
    feedIconFiles: fileIconStore(config.dataDir),
  };
}

export type Services = ReturnType<typeof composeServices>;
