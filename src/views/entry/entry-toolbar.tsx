import { useNavigate, useParams } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { COPY_CHECK_MS } from "../../../contract/constants.ts";
import { ROUTE_ENTRY_PENDING } from "../../../contract/routes.ts";
import { runCommand } from "../../commands/run.ts";
import type { EntryDetail } from "../../queries/index.ts";
import { setReaderSetting, useReaderSettings } from "../../settings/reader.ts";
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
import { useIsMobile } from "../shell/use-is-mobile.ts";
import { entryContext } from "./entry-context.ts";
import { EntrySaveMenu } from "./save-menu.tsx";

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

  const close = () =>
    void navigate({
      to: "/timeline/$timelineId/$feedId/$entryId",
      params: {
        timelineId: params.timelineId ?? "view-0",
        feedId: params.feedId ?? "all",
        entryId: ROUTE_ENTRY_PENDING,
      },
    });

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

  async function share() {
    if (!link) return;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: entry.title ?? undefined, url: link });
        return;
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
      }
    }
    if (await copy()) toast.success(t("entry.linkCopied"));
  }

  const openOriginal = () => {
    if (!link) return false;
    window.open(link, "_blank", "noopener,noreferrer");
  };
  useShortcut("entry.openInBrowser", openOriginal, { enabled: Boolean(link) });
  useShortcut("entry.copyLink", () => void copy(), { enabled: Boolean(link) });
  useShortcut("entry.share", () => void share(), { enabled: Boolean(link) });
  useShortcut("entry.readability", () => props.readability.toggle(), {
    enabled: Boolean(entry.url),
  });

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
      <IconButton
        aria-pressed={entry.read}
        label={entry.read ? t("entry.markUnread") : t("entry.markRead")}
        data-testid="entry-toggle-read"
        onClick={() => runCommand("entries.toggleRead", entryContext(entry))}
      >
        {entry.read ? (
          <CircleCheckIcon size={18} />
        ) : (
          <CircleIcon size={18} className="text-accent" />
        )}
      </IconButton>
      <IconButton
        aria-pressed={entry.starred}
        label={entry.starred ? t("entry.unstar") : t("entry.star")}
        data-testid="entry-toggle-star"
        onClick={() =>
          runCommand(entry.starred ? "collections.unstar" : "collections.star", entryContext(entry))
        }
      >
        <StarIcon
          size={18}
          filled={entry.starred}
          className={entry.starred ? "text-amber-500" : undefined}
        />
      </IconButton>
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
      <IconButton
        label={copied ? t("entry.copied") : t("entry.copyLink")}
        data-testid="entry-copy-link"
        data-copied={copied || undefined}
        disabled={!link}
        onClick={() => void copy()}
      >
        {copied ? <CheckIcon size={18} className="text-green-600" /> : <LinkIcon size={18} />}
      </IconButton>
      <IconButton
        label={t("entry.share")}
        data-testid="entry-share"
        disabled={!link}
        onClick={() => void share()}
      >
        <ShareIcon size={18} />
      </IconButton>
      {link ? (
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
      ) : null}
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
