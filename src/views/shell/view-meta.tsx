import type { ComponentType, SVGProps } from "react";
import { type FeedViewName, FeedViewType, VIEW_NAMES } from "../../../contract/views.ts";
import {
  ArticlesIcon,
  AudiosIcon,
  NotificationsIcon,
  PicturesIcon,
  SocialIcon,
  VideosIcon,
} from "../../ui/icons.tsx";

type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;

const ICONS: Record<FeedViewName, Icon> = {
  Articles: ArticlesIcon,
  SocialMedia: SocialIcon,
  Pictures: PicturesIcon,
  Videos: VideosIcon,
  Audios: AudiosIcon,
  Notifications: NotificationsIcon,
};

export interface ViewMeta {
  view: FeedViewType;
  name: FeedViewName;
  /** i18n key of the view's label. */
  labelKey: `views.${FeedViewName}`;
  icon: Icon;
}

/** The six views in tab order (Articles, Social, Pictures, Videos, Audio, Notifications). */
export const VIEW_META: ViewMeta[] = VIEW_NAMES.map((name) => ({
  view: FeedViewType[name],
  name,
  labelKey: `views.${name}`,
  icon: ICONS[name],
}));
