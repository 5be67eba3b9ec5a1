import { DEFAULT_LANGUAGE } from "../../contract/constants.ts";
import {
  DEFAULT_NEW_FEED_UNREAD,
  NEW_FEED_UNREAD_CHOICES,
  type NewFeedUnread,
} from "../../contract/new-feed-unread.ts";
import type { Choices } from "./sanitize.ts";
import type { SpotlightKeyword } from "./spotlight.ts";

export type TranslationMode = "bilingual" | "translation";
export type StartupScreen = "timeline" | "subscription";

/** General settings: reading, marking read, AI, data. */
export interface GeneralSettings {
  language: string;
  translation: boolean;
  translationMode: TranslationMode;
  summary: boolean;
  actionLanguage: string;
  startupScreen: StartupScreen;
  dataPersist: boolean;
  sendAnonymousData: boolean;
  showQuickTimeline: boolean;
  autoGroup: boolean;
  unreadOnly: boolean;
  scrollMarkUnread: boolean;
  hoverMarkUnread: boolean;
  renderMarkUnread: boolean;
  groupByDate: boolean;
  dimRead: boolean;
  jumpOutLinkWarn: boolean;
  enhancedSettings: boolean;
  openLinksInExternalApp: boolean;
  /** A speech voice name; empty means the system's default voice. */
  voice: string;
  /** The daily AI report at 8 AM and 8 PM. */
  dailyReport: boolean;
  /** The IANA zone those 8 o'clocks are in; empty: the server's. */
  timeZone: string;
  /** The slot time of the latest daily report opened or dismissed; empty: none yet. */
  dailyReportSeenAt: string;
  /** How many of a newly followed feed's newest entries start unread. */
  newFeedUnread: NewFeedUnread;
  /** Keywords marked in titles and content (read through normalizeSpotlight). */
  spotlight: SpotlightKeyword[];
}

/**
 * The defaults. Where none was given we chose: dataPersist, showQuickTimeline and autoGroup
 * on (offline reading and tidy folders are the point of the product), sendAnonymousData on (the
 * original product's default; the user can turn it off), voice empty (the system voice).
 */
export const GENERAL_DEFAULTS: GeneralSettings = {
  language: DEFAULT_LANGUAGE,
  translation: false,
  translationMode: "bilingual",
  summary: true,
  actionLanguage: "default",
  startupScreen: "timeline",
  dataPersist: true,
  sendAnonymousData: true,
  showQuickTimeline: true,
  autoGroup: true,
  unreadOnly: true,
  scrollMarkUnread: true,
  hoverMarkUnread: true,
  renderMarkUnread: false,
  groupByDate: true,
  dimRead: false,
  jumpOutLinkWarn: true,
  enhancedSettings: false,
  openLinksInExternalApp: false,
  voice: "",
  dailyReport: true,
  timeZone: "",
  dailyReportSeenAt: "",
  newFeedUnread: DEFAULT_NEW_FEED_UNREAD,
  spotlight: [],
};

export const GENERAL_CHOICES: Choices<GeneralSettings> = {
  translationMode: ["bilingual", "translation"],
  startupScreen: ["timeline", "subscription"],
  newFeedUnread: NEW_FEED_UNREAD_CHOICES,
};
