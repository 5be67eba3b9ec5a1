/**
 * How many of a newly followed feed's newest entries start unread (the general setting
 * `newFeedUnread`). A feed with years of archive should not greet the person with thousands of
 * unread entries; older ones stay readable in the timeline, just not counted.
 */
export const NEW_FEED_UNREAD_CHOICES = ["0", "20", "100", "1000"] as const;
export type NewFeedUnread = (typeof NEW_FEED_UNREAD_CHOICES)[number];
export const DEFAULT_NEW_FEED_UNREAD: NewFeedUnread = "100";

/** The count a stored setting stands for; anything unknown is the default. */
export function newFeedUnreadCount(setting: unknown): number {
  const value = typeof setting === "number" ? String(setting) : setting;
  const known = NEW_FEED_UNREAD_CHOICES.find((choice) => choice === value);
  return Number(known ?? DEFAULT_NEW_FEED_UNREAD);
}
