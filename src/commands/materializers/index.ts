import type { Statement } from "../../db/statements.ts";
import type { DomainEvent, EventData, EventName } from "../events.ts";
import { entryStarred, entryUnstarred } from "./collections.ts";
import { allEntriesMarkedRead, entriesMarkedRead, entryMarkedUnread } from "./entries.ts";
import {
  listCreated,
  listDeleted,
  listEdited,
  listFeedsAdded,
  listFeedsRemoved,
  listFollowed,
  listUnfollowed,
} from "./lists.ts";
import { savedSearchDeleted, savedSearchRenamed, searchSaved } from "./saved-searches.ts";
import {
  categoryDeleted,
  categoryRenamed,
  categoryViewChanged,
  feedSubscribed,
  feedsUnsubscribed,
  subscriptionConfirmed,
  subscriptionEdited,
  subscriptionsBatchEdited,
} from "./subscriptions.ts";

/** The local tables events materialize into. */
export type MaterializedTable =
  | "subscriptions"
  | "feeds"
  | "unread"
  | "entries"
  | "collections"
  | "lists"
  | "saved_searches"
  | "manual_unread";

interface Materializer<Data> {
  /** Pure: the SQL writes that bring the tables up to date. */
  run(data: Data): Statement[];
  /** Every table `run` may write: the transaction's scope and the queries to notify. */
  writes: readonly MaterializedTable[];
}

type Materializers = { [Name in EventName]: Materializer<EventData[Name]> };

/** Each event's pure materializer, with the tables it writes. */
const materializers: Materializers = {
  FeedSubscribed: { run: feedSubscribed, writes: ["subscriptions"] },
  SubscriptionConfirmed: {
    run: subscriptionConfirmed,
    writes: ["subscriptions", "feeds", "unread"],
  },
  FeedsUnsubscribed: { run: feedsUnsubscribed, writes: ["subscriptions", "unread"] },
  SubscriptionEdited: { run: subscriptionEdited, writes: ["subscriptions"] },
  SubscriptionsBatchEdited: { run: subscriptionsBatchEdited, writes: ["subscriptions"] },
  CategoryRenamed: { run: categoryRenamed, writes: ["subscriptions"] },
  // Deleting with its subscriptions unsubscribes them (their counts go too).
  CategoryDeleted: { run: categoryDeleted, writes: ["subscriptions", "unread"] },
  CategoryViewChanged: { run: categoryViewChanged, writes: ["subscriptions"] },
  EntriesMarkedRead: { run: entriesMarkedRead, writes: ["unread", "entries", "manual_unread"] },
  EntryMarkedUnread: { run: entryMarkedUnread, writes: ["unread", "entries", "manual_unread"] },
  AllEntriesMarkedRead: {
    run: allEntriesMarkedRead,
    writes: ["unread", "entries", "manual_unread"],
  },
  EntryStarred: { run: entryStarred, writes: ["collections"] },
  EntryUnstarred: { run: entryUnstarred, writes: ["collections"] },
  ListCreated: { run: listCreated, writes: ["lists"] },
  ListEdited: { run: listEdited, writes: ["lists"] },
  ListDeleted: { run: listDeleted, writes: ["lists", "subscriptions"] },
  ListFeedsAdded: { run: listFeedsAdded, writes: ["lists"] },
  ListFeedsRemoved: { run: listFeedsRemoved, writes: ["lists"] },
  // Read from the event log itself until the server has it (src/queries/actions.ts).
  ActionRulesSaved: { run: () => [], writes: [] },
  ListFollowed: { run: listFollowed, writes: ["subscriptions"] },
  ListUnfollowed: { run: listUnfollowed, writes: ["subscriptions"] },
  SearchSaved: { run: searchSaved, writes: ["saved_searches"] },
  SavedSearchRenamed: { run: savedSearchRenamed, writes: ["saved_searches"] },
  SavedSearchDeleted: { run: savedSearchDeleted, writes: ["saved_searches"] },
};

/** The tables materializers write: the queries to notify after a rebuild. */
export const MATERIALIZED_TABLES: readonly MaterializedTable[] = [
  ...new Set(Object.values(materializers).flatMap((m) => m.writes)),
];

function materializerOf(event: DomainEvent): Materializer<unknown> {
  return materializers[event.name] as Materializer<unknown>;
}

export function materialize(event: DomainEvent): Statement[] {
  return materializerOf(event).run(event.data);
}

/** The tables some events' materializers write (as declared beside each one above). */
export function tablesWritten(events: readonly DomainEvent[]): MaterializedTable[] {
  return [...new Set(events.flatMap((event) => materializerOf(event).writes))];
}

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(materializers, name);
}
