import type { DomainEvent, EventData, EventName } from "../events.ts";
import { entryStarred, entryUnstarred } from "./collections.ts";
import { allEntriesMarkedRead, entriesMarkedRead, entryMarkedUnread } from "./entries.ts";
import type { Statement } from "./statement.ts";
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

type Materializers = { [Name in EventName]: (data: EventData[Name]) => Statement[] };

/** Each event's pure materializer: the SQL writes that bring the tables up to date. */
const materializers: Materializers = {
  FeedSubscribed: feedSubscribed,
  SubscriptionConfirmed: subscriptionConfirmed,
  FeedsUnsubscribed: feedsUnsubscribed,
  SubscriptionEdited: subscriptionEdited,
  SubscriptionsBatchEdited: subscriptionsBatchEdited,
  CategoryRenamed: categoryRenamed,
  CategoryDeleted: categoryDeleted,
  CategoryViewChanged: categoryViewChanged,
  EntriesMarkedRead: entriesMarkedRead,
  EntryMarkedUnread: entryMarkedUnread,
  AllEntriesMarkedRead: allEntriesMarkedRead,
  EntryStarred: entryStarred,
  EntryUnstarred: entryUnstarred,
};

/** The tables materializers write: the queries to notify after a command or a rebuild. */
export const MATERIALIZED_TABLES = ["subscriptions", "feeds", "unread", "entries", "collections"];

export function materialize(event: DomainEvent): Statement[] {
  const run = materializers[event.name] as (data: unknown) => Statement[];
  return run(event.data);
}

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(materializers, name);
}

export { runStatements, type Statement } from "./statement.ts";
