/** Shapes the reading API answers with (SPEC §3 entities, API notes' field names). */
export interface FeedModel {
  type: "feed";
  id: string;
  url: string;
  title: string | null;
  description: string | null;
  image: string | null;
  siteUrl: string | null;
  ownerUserId: string | null;
  errorAt: string | null;
  errorMessage: string | null;
  language?: string | null;
}

export interface FeedAnalytics {
  updatesPerWeek: number;
  subscriptionCount: number;
  latestEntryPublishedAt: string | null;
}

export interface MediaModel {
  type: "photo" | "video";
  url: string;
  width?: number;
  height?: number;
  preview_image_url?: string;
}

export interface AttachmentModel {
  url: string;
  title?: string;
  duration_in_seconds?: number;
  mime_type?: string;
  size_in_bytes?: number;
}

export interface EntryModel {
  id: string;
  feedId: string;
  guid: string;
  title: string | null;
  url: string | null;
  /** Only in detail answers or when withContent is asked for. */
  content?: string | null;
  description: string | null;
  author: string | null;
  authorUrl: string | null;
  authorAvatar: string | null;
  language: string | null;
  categories: string[];
  media: MediaModel[];
  attachments: AttachmentModel[];
  extra: { links?: { url: string; rel?: string; type?: string; title?: string }[] } | null;
  publishedAt: string;
  insertedAt: string;
}

export interface EntryListItem {
  entries: EntryModel;
  feeds: FeedModel;
  read: boolean;
  view: number;
  collections?: { createdAt: string };
}

export interface SubscriptionModel {
  userId: string;
  feedId: string;
  view: number;
  isPrivate: boolean;
  title: string | null;
  category: string | null;
  createdAt: string;
  feeds: FeedModel;
}
