import type { ComponentType } from "react";
import { ArticleItem } from "./items/article-item.tsx";
import { AudioItem } from "./items/audio-item.tsx";
import type { ItemProps } from "./items/entry-link.tsx";
import { NotificationItem } from "./items/notification-item.tsx";
import { PictureItem } from "./items/picture-item.tsx";
import { SocialItem } from "./items/social-item.tsx";
import { VideoItem } from "./items/video-item.tsx";

/** How one view lays its timeline out (numbers are the view ids). */
export interface ViewLayout {
  kind: "list" | "masonry" | "grid";
  item: ComponentType<ItemProps>;
  /** First guess of an item's height, before it is measured. */
  estimate: number;
  /**
   * Rows of exactly `estimate` px, never measured: with tens of thousands of rows, every
   * measurement makes the virtualizer re-lay the rows after it, so fixed rows scroll smoothly.
   */
  fixed?: boolean;
  /** Grids: the narrowest a column may get. */
  minLaneWidth?: number;
  /** Lists may be grouped by day; grids are not. */
  groups: boolean;
  /** Grids use the whole main area when no entry is open. */
  wide: boolean;
}

const VIEW_LAYOUTS: Record<number, ViewLayout> = {
  0: { kind: "list", item: ArticleItem, estimate: 100, fixed: true, groups: true, wide: false },
  1: { kind: "list", item: SocialItem, estimate: 140, groups: true, wide: false },
  2: {
    kind: "masonry",
    item: PictureItem,
    estimate: 220,
    minLaneWidth: 180,
    groups: false,
    wide: true,
  },
  3: { kind: "grid", item: VideoItem, estimate: 230, minLaneWidth: 240, groups: false, wide: true },
  4: { kind: "list", item: AudioItem, estimate: 72, fixed: true, groups: true, wide: false },
  5: {
    kind: "list",
    item: NotificationItem,
    estimate: 40,
    fixed: true,
    groups: true,
    wide: false,
  },
};

export function viewLayout(view: number): ViewLayout {
  return VIEW_LAYOUTS[view] ?? VIEW_LAYOUTS[0]!;
}
