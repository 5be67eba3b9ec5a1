/** The six timeline views. Numeric values are part of the API and the local database. */
export const FeedViewType = {
  Articles: 0,
  SocialMedia: 1,
  Pictures: 2,
  Videos: 3,
  Audios: 4,
  Notifications: 5,
} as const;

export type FeedViewType = (typeof FeedViewType)[keyof typeof FeedViewType];
export type FeedViewName = keyof typeof FeedViewType;

export const VIEW_NAMES = Object.keys(FeedViewType) as FeedViewName[];
export const VIEW_VALUES = Object.values(FeedViewType) as FeedViewType[];

export function isFeedViewType(value: unknown): value is FeedViewType {
  return typeof value === "number" && (VIEW_VALUES as number[]).includes(value);
}

export function viewName(view: FeedViewType): FeedViewName {
  return VIEW_NAMES[view]!;
}
