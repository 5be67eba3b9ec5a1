import { useNavigate, useParams } from "@tanstack/react-router";
import { Fragment, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { COPY_CHECK_MS } from "../../../contract/constants.ts";
import { timelineLink } from "../../../contract/routes.ts";
import { FeedViewType } from "../../../contract/views.ts";
import { runCommand } from "../../commands/run.ts";
import type { EntryDetail } from "../../queries/index.ts";
import { useUISettings } from "../../settings/hooks.ts";
import { setReaderSetting, useReaderSettings } from "../../settings/reader.ts";
import { normalizeToolbarOrder, type ToolbarAction } from "../../settings/toolbar-order.ts";
import { useShortcut } from "../../shortcuts/index.ts";
import { IconButton, iconButtonClass } from "../../ui/icon-button.tsx";
import {
  ArrowLeftIcon,
  BookIcon,
  CheckIcon,
  CircleCheckIcon,
  CircleIcon,
  CloseIcon,
  ExternalIcon,
  LinkIcon,
  ShareIcon,
  StarIcon,
  WideIcon,
  ZenIcon,
} from "../../ui/icons.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { toast } from "../../ui/toaster.tsx";
import { EntryTagsButton } from "../highlights/entry-tags-button.tsx";
import { EntryPowerButtons } from "../power/entry-power-buttons.tsx";
import { useIsMobile } from "../shell/use-is-mobile.ts";
import { entryContext } from "./entry-context.ts";
import { EntrySaveMenu } from "./save-menu.tsx";
import { ShareDialog } from "./share-dialog.tsx";
import { type MoreAction, ToolbarMoreMenu } from "./toolbar-more-menu.tsx";

/** Links drawn as icon buttons. */
const TOOL = iconButtonClass();

/** The entry's actions: read, star, full text, copy link, share, open original, layout. */
export function EntryToolbar(props: {
  entry: EntryDetail;
  readability: { on: boolean; loading: boolean; toggle(): void };
}) {
  const { t } = useTranslation("reader");
  const { entry } = props;
  const settings = useReaderSettings();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const params = useParams({ strict: false });
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const link = entry.url;
  const order = normalizeToolbarOrder(useUISettings().toolbarOrder);

  const close = () =>
    void navigate(
      timelineLink(
        params.timelineId
          ? { timelineId: params.timelineId, feed: params.feedId }
          : { view: FeedViewType.Articles, feed: params.feedId },
      ),
    );

  async function copy(): Promise<boolean> {
    if (!link) return false;
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      toast.error(t("errors:clipboard.copyFailed"));
      return false;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CHECK_MS);
    return true;
  }

  // The share dialog: copy link, the system share sheet, e-mail, X, Telegram, Mastodon.
  const [sharing, setSharing] = useState(false);
  const share = () => {
    if (link) setSharing(true);
  };

  const openOriginal = () => {
    if (!link) return false;
    window.open(link, "_blank", "noopener,noreferrer");
  };
  useShortcut("entry.openInBrowser", openOriginal, { enabled: Boolean(link) });
  useShortcut("entry.copyLink", () => void copy(), { enabled: Boolean(link) });
  useShortcut("entry.share", share, { enabled: Boolean(link) });
  useShortcut("entry.readability", () => props.readability.toggle(), {
    enabled: Boolean(entry.url),
  });

  // Every action as a toolbar button and as a "more" menu item; toolbarOrder says which.
  const toggleRead = () => runCommand("entries.toggleRead", entryContext(entry));
  const toggleStar = () =>
    runCommand(entry.starred ? "collections.unstar" : "collections.star", entryContext(entry));
  const buttons: Record<ToolbarAction, ReactNode> = {
    read: (
      <IconButton
        aria-pressed={entry.read}
        label={entry.read ? t("entry.markUnread") : t("entry.markRead")}
        data-testid="entry-toggle-read"
        onClick={toggleRead}
      >
        {entry.read ? (
          <CircleCheckIcon size={18} />
        ) : (
          <CircleIcon size={18} className="text-accent" />
        )}
      </IconButton>
    ),
    star: (
      <IconButton
        aria-pressed={entry.starred}
        label={entry.starred ? t("entry.unstar") : t("entry.star")}
        data-testid="entry-toggle-star"
        onClick={toggleStar}
      >
        <StarIcon
          size={18}
          filled={entry.starred}
          className={entry.starred ? "text-amber-500" : undefined}
        />
      </IconButton>
    ),
    readability: (
      <IconButton
        className={`${props.readability.on ? "text-accent" : ""}`}
        aria-pressed={props.readability.on}
        label={t("entry.readability")}
        data-testid="entry-readability"
        disabled={!entry.url || props.readability.loading}
        onClick={props.readability.toggle}
      >
        {props.readability.loading ? <Spinner size={16} /> : <BookIcon size={18} />}
      </IconButton>
    ),
    copyLink: (
      <IconButton
        label={copied ? t("entry.copied") : t("entry.copyLink")}
        data-testid="entry-copy-link"
        data-copied={copied || undefined}
        disabled={!link}
        onClick={() => void copy()}
      >
        {copied ? <CheckIcon size={18} className="text-green-600" /> : <LinkIcon size={18} />}
      </IconButton>
    ),
    share: (
      <IconButton
        label={t("entry.share")}
        data-testid="entry-share"
        disabled={!link}
        onClick={share}
      >
        <ShareIcon size={18} />
      </IconButton>
    ),
    openOriginal: link ? (
      <a
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        className={TOOL}
        aria-label={t("entry.openOriginal")}
        title={t("entry.openOriginal")}
        data-testid="entry-open-original"
      >
        <ExternalIcon size={18} />
      </a>
    ) : null,
  };
  const menuItems: Record<ToolbarAction, Omit<MoreAction, "id">> = {
    read: {
      label: entry.read ? t("entry.markUnread") : t("entry.markRead"),
      run: toggleRead,
    },
    star: { label: entry.starred ? t("entry.unstar") : t("entry.star"), run: toggleStar },
    readability: {
      label: t("entry.readability"),
      disabled: !entry.url || props.readability.loading,
      run: props.readability.toggle,
    },
    copyLink: { label: t("entry.copyLink"), disabled: !link, run: () => void copy() },
    share: { label: t("entry.share"), disabled: !link, run: share },
    openOriginal: {
      label: t("entry.openOriginal"),
      disabled: !link,
      run: () => {
        openOriginal();
      },
    },
  };

  return (
    <div
      className="flex h-12 shrink-0 items-center gap-0.5 border-b border-zinc-200 px-2 dark:border-zinc-800"
      role="toolbar"
      aria-label={t("entry.actions")}
      data-testid="entry-toolbar"
    >
      <IconButton
        onClick={close}
        label={mobile ? t("entry.back") : t("entry.close")}
        data-testid="entry-close"
      >
        {mobile ? <ArrowLeftIcon size={18} /> : <CloseIcon size={18} />}
      </IconButton>
      <div className="flex-1" />
      {order.main.map((action) => (
        <Fragment key={action}>{buttons[action]}</Fragment>
      ))}
      {order.more.length > 0 ? (
        <ToolbarMoreMenu
          label={t("entryToolbar.more")}
          actions={order.more.map((action) => ({ id: action, ...menuItems[action] }))}
        />
      ) : null}
      {link && sharing ? (
        <ShareDialog
          open
          entry={{ url: link, title: entry.title }}
          onCopy={copy}
          onClose={() => setSharing(false)}
        />
      ) : null}
      <EntryTagsButton entryId={entry.id} />
      <EntryPowerButtons entry={entry} />
      <EntrySaveMenu entry={entry} />
      {mobile ? null : (
        <>
          <span className="mx-1 h-5 w-px bg-zinc-200 dark:bg-zinc-800" aria-hidden="true" />
          <IconButton
            aria-pressed={settings.wideMode}
            label={t("layout.wideMode")}
            data-testid="toggle-wide-mode"
            onClick={() => setReaderSetting("wideMode", !settings.wideMode)}
          >
            <WideIcon size={18} />
          </IconButton>
          <IconButton
            aria-pressed={settings.zenMode}
            label={t("layout.zenMode")}
            data-testid="toggle-zen-mode"
            onClick={() => setReaderSetting("zenMode", !settings.zenMode)}
          >
            <ZenIcon size={18} />
          </IconButton>
        </>
      )}
    </div>
  );
}
