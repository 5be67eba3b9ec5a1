import type { EntryModel } from "../../contract/entities/entry.ts";
import type { FeedModel } from "../../contract/entities/feed.ts";

/** A feed as the API sends it, with every optional text empty unless given. */
export function sampleFeed(overrides: Partial<FeedModel> & { id: string }): FeedModel {
  return {
    type: "feed",
    url: `https://feeds.test/${overrides.id}`,
    title: overrides.id,
    description: null,
    image: null,
    siteUrl: null,
    ownerUserId: null,
    errorAt: null,
    errorMessage: null,
    ...overrides,
  };
}

/** An entry as the API sends it, with every optional field empty unless given. */
export function sampleEntry(
  overrides: Partial<EntryModel> & { id: string; feedId: string; publishedAt: string },
): EntryModel {
  return {
    guid: overrides.id,
    title: overrides.id,
    url: null,
    description: null,
    author: null,
    authorUrl: null,
    authorAvatar: null,
    language: null,
    categories: [],
    media: [],
    attachments: [],
    extra: null,
    insertedAt: overrides.publishedAt,
    ...overrides,
  };
}
