import { AttachmentModel, EntryListItem, EntryModel, MediaModel } from "./entities/entry.ts";
import { FeedAnalytics, FeedModel } from "./entities/feed.ts";
import { ListModel } from "./entities/list.ts";
import {
  InboxSubscriptionModel,
  ListSubscriptionModel,
  SubscriptionModel,
} from "./entities/subscription.ts";

/**
 * Shapes the reading API answers with, in the API's field names. Declared as Schemas so the
 * client decodes what it gets; the types are what the Schemas decode to. Synced entities'
 * models are declared in ./entities/<entity>.ts (their local tables beside, in
 * <entity>-table.ts) and re-exported here.
 */
export {
  AttachmentModel,
  EntryListItem,
  EntryModel,
  FeedAnalytics,
  FeedModel,
  InboxSubscriptionModel,
  ListModel,
  ListSubscriptionModel,
  MediaModel,
  SubscriptionModel,
};
