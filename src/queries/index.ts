/** Every query the reader makes, in one place; each is a live RxJS observable (liveQuery). */

export { type CommandProgress, commandProgress$, feedEntryCount$ } from "./command-progress.ts";
export {
  type EntryCard,
  type EntryDetail,
  entryCards$,
  entryDetail$,
  entryStarred$,
  translatedTitles$,
} from "./entries.ts";
export { feedLatest$ } from "./feed-activity.ts";
export { type OwnedList, ownedLists$ } from "./lists.ts";
export {
  allSubscriptions$,
  groupSubscriptions,
  type SubscriptionFolder,
  type SubscriptionItem,
  type SubscriptionTree,
  starredCount$,
  subscription$,
  subscriptionTree$,
  viewUnreadTotals$,
} from "./subscriptions.ts";
export {
  type TimelineBounds,
  type TimelinePage,
  type TimelineQuery,
  type TimelineRow,
  timelineIds$,
  timelineSource,
  timelineUnreadCount$,
} from "./timeline.ts";
