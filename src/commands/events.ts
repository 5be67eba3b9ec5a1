import type { ActionRule } from "../../contract/actions.ts";
import type { SavedSearchFilters } from "../../contract/api/saved-searches.ts";
import type { FeedModel } from "../../contract/reading-models.ts";

/**
 * The event catalogue: what happened, in the past tense. Events sit in the local log and are
 * replayed on top of fresh server state, so a name or a field, once shipped, is never renamed
 * or removed: add a new event instead.
 */
export interface EventData {
  /** Optimistic subscription; without a feedId (URL not known locally) it is a placeholder. */
  FeedSubscribed: {
    placeholderId: string;
    url?: string;
    feedId?: string;
    view: number;
    category?: string | null;
    isPrivate?: boolean;
    title?: string | null;
    createdAt: string;
  };
  /** The server's answer to a subscription: the real feed replaces the placeholder. */
  SubscriptionConfirmed: {
    placeholderId: string;
    feed: FeedModel;
    view: number;
    category?: string | null;
    isPrivate?: boolean;
    title?: string | null;
    createdAt: string;
    unread: number;
  };
  FeedsUnsubscribed: { feedIds: string[] };
  SubscriptionEdited: {
    feedId: string;
    view?: number;
    category?: string | null;
    isPrivate?: boolean;
    title?: string | null;
    /** Server-side only (push on new entries): nothing local changes. */
    notify?: boolean;
  };
  SubscriptionsBatchEdited: { feedIds: string[]; category?: string | null; view?: number };
  CategoryRenamed: { feedIds: string[]; from: string; to: string };
  CategoryDeleted: { feedIds: string[]; category: string; deleteSubscriptions: boolean };
  CategoryViewChanged: { feedIds: string[]; category: string; view: number };
  EntriesMarkedRead: { entryIds: string[] };
  EntryMarkedUnread: { entryId: string };
  AllEntriesMarkedRead: {
    view?: number;
    feedIds?: string[];
    excludePrivate?: boolean;
    /** ISO bounds on publishedAt, inclusive. */
    startTime?: string;
    endTime?: string;
  };
  EntryStarred: { entryId: string; feedId?: string; view?: number; createdAt: string };
  EntryUnstarred: { entryId: string };
  ListCreated: {
    listId: string;
    ownerUserId: string;
    title: string;
    description?: string | null;
    image?: string | null;
    view: number;
    fee?: number;
  };
  ListEdited: {
    listId: string;
    title?: string;
    description?: string | null;
    image?: string | null;
    view?: number;
    fee?: number;
  };
  ListDeleted: { listId: string };
  ListFeedsAdded: { listId: string; feedIds: string[] };
  ListFeedsRemoved: { listId: string; feedIds: string[] };
  /** The whole list of the user's action rules, as saved (no local table: read from the log). */
  ActionRulesSaved: { rules: ActionRule[] };
  ListFollowed: { listId: string; userId: string; view: number; createdAt: string };
  ListUnfollowed: { listId: string };
  SearchSaved: {
    searchId: string;
    name: string;
    keyword: string;
    filters: SavedSearchFilters;
    createdAt: string;
  };
  SavedSearchRenamed: { searchId: string; name: string };
  SavedSearchDeleted: { searchId: string };
}

export type EventName = keyof EventData;

export type DomainEvent = {
  [Name in EventName]: { name: Name; data: EventData[Name] };
}[EventName];

export function event<Name extends EventName>(name: Name, data: EventData[Name]): DomainEvent {
  return { name, data } as DomainEvent;
}
