import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { filter, of } from "rxjs";
import { isActivationCode } from "../../../contract/errors.ts";
import { newFeedUnreadCount } from "../../../contract/new-feed-unread.ts";
import { timelineLink } from "../../../contract/routes.ts";
import { commandProgress$, feedEntryCount$, type SubscriptionItem } from "../../queries/index.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import type { CommandRejection } from "../../runtime/sync-toasts.ts";
import { rejectionMessage } from "../../runtime/sync-toasts.ts";
import { useConnectivityStatus } from "../../runtime/use-sync-status.ts";
import type { RuntimeServices } from "../../services/runtime-services.ts";
import { useGeneralSettings } from "../../settings/hooks.ts";
import { Button } from "../../ui/button.tsx";
import { DialogActions } from "../../ui/dialog.tsx";
import { AlertIcon, CheckIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import type { QuickAddForm } from "./quick-add-dialog.tsx";
import { closeQuickAdd } from "./quick-add-store.ts";
import { useAllSubscriptions } from "./use-categories.ts";

const bare = (url: string | null | undefined) => (url ?? "").replace(/\/+$/, "").toLowerCase();

/**
 * The feed a subscribe command became: the subscription that was not there before it, else
 * one whose feed or site URL is the URL given (already followed).
 */
function findSubscribed(
  subscriptions: readonly SubscriptionItem[],
  before: ReadonlySet<string>,
  url: string,
): { id: string; title: string } | null {
  const fresh = subscriptions.find((s) => s.feedId && !s.pending && !before.has(s.feedId));
  const known =
    fresh ??
    subscriptions.find(
      (s) => s.feedId && (bare(s.url) === bare(url) || bare(s.siteUrl) === bare(url)),
    );
  return known?.feedId ? { id: known.feedId, title: known.title } : null;
}

/** Follows one subscribe command: queued, sent, confirmed with its entries, or refused. */
export function QuickAddProgress(props: {
  reader: RuntimeServices;
  commandId: string;
  form: QuickAddForm;
  /** Feed ids subscribed before this command: the new one is the one not among them. */
  before: ReadonlySet<string>;
  onRetry(): void;
}) {
  const { reader, commandId } = props;
  const { t } = useTranslation("reader");
  const general = useGeneralSettings();
  const navigate = useNavigate();
  const online = useConnectivityStatus() === "online";
  const [rejection, setRejection] = useState<CommandRejection | null>(null);
  const [settled, setSettled] = useState(false);
  const progress = useLiveQuery(() => commandProgress$(reader.db, commandId), [reader, commandId]);
  const subscriptions = useAllSubscriptions();
  // The confirmation leaves the event log with the next pull: keep the feed it named.
  const [confirmedFeed, setConfirmedFeed] = useState(progress?.confirmedFeed ?? null);
  const seen = progress?.confirmedFeed ?? null;
  if (seen && seen.id !== confirmedFeed?.id) setConfirmedFeed(seen);
  const answered = progress !== undefined && !progress.queued;
  const named = seen ?? confirmedFeed;
  const feed = answered
    ? named
      ? { id: named.id, title: named.title ?? named.url }
      : findSubscribed(subscriptions, props.before, props.form.url)
    : null;
  const entries = useLiveQuery(
    () => (feed ? feedEntryCount$(reader.db, feed.id) : of(0)),
    [reader, feed?.id],
  );

  // Answered, but which feed it became is not known here (say, one already followed under
  // another URL): after a moment without a refusal, the subscription stands.
  const unnamed = answered && !feed;
  useEffect(() => {
    if (!unnamed) return;
    const timer = setTimeout(() => setSettled(true), 1500);
    return () => clearTimeout(timer);
  }, [unnamed]);

  // The next step takes the focus: "Open feed" once done, "Try again" after a refusal.
  const root = useRef<HTMLDivElement>(null);
  const step = rejection ? "error" : feed ? "done" : "working";
  useEffect(() => {
    if (step === "working") return;
    root.current
      ?.querySelector<HTMLElement>("[data-testid=quick-add-open], [data-testid=quick-add-retry]")
      ?.focus();
  }, [step]);

  useEffect(() => {
    const subscription = reader.engine.errors$
      .pipe(filter((error) => error.commandId === commandId))
      .subscribe(setRejection);
    return () => subscription.unsubscribe();
  }, [reader, commandId]);

  if (rejection) {
    return (
      <div ref={root} data-testid="quick-add-error" data-code={rejection.code ?? ""}>
        <p className="flex items-start gap-2 text-sm text-red-600 dark:text-red-400" role="alert">
          <AlertIcon size={18} className="mt-0.5 shrink-0" />
          <span>
            {rejectionMessage(rejection)}
            {rejection.code !== undefined ? (
              <span className="ml-1 text-xs opacity-70">
                ({t("quickAdd.code", { code: rejection.code })})
              </span>
            ) : null}
            {rejection.reason ? (
              <span className="mt-1 block text-xs opacity-80">{rejection.reason}</span>
            ) : null}
          </span>
        </p>
        <DialogActions>
          <Button variant="ghost" onClick={closeQuickAdd}>
            {t("dialog.close")}
          </Button>
          {rejection.code !== undefined && isActivationCode(rejection.code) ? (
            // A trial limit (codes 11xx): the way out is an invitation code, not a retry.
            <Button
              onClick={() => {
                closeQuickAdd();
                void navigate({ to: "/invitation" });
              }}
              data-testid="quick-add-activate"
            >
              {t("errors:activation.action")}
            </Button>
          ) : (
            <Button onClick={props.onRetry} data-testid="quick-add-retry">
              {t("quickAdd.retry")}
            </Button>
          )}
        </DialogActions>
      </div>
    );
  }

  if (feed) {
    const open = () => {
      closeQuickAdd();
      void navigate(timelineLink({ view: props.form.view, feed: feed.id }));
    };
    return (
      <div ref={root} data-testid="quick-add-done" data-feed-id={feed.id}>
        <p className="flex items-start gap-2 text-sm" role="status">
          <CheckIcon size={18} className="mt-0.5 shrink-0 text-green-600" />
          <span>
            <span className="font-medium">{t("quickAdd.done", { title: feed.title })}</span>
            <span
              className="block text-zinc-600 dark:text-zinc-400"
              data-testid="quick-add-entries"
            >
              {t("quickAdd.entries", { count: entries ?? 0 })}
            </span>
            <span className="block text-zinc-500" data-testid="quick-add-unread-rule">
              {t("quickAdd.unreadRule", { count: newFeedUnreadCount(general.newFeedUnread) })}
            </span>
          </span>
        </p>
        <DialogActions>
          <Button variant="ghost" onClick={closeQuickAdd}>
            {t("dialog.close")}
          </Button>
          <Button onClick={open} data-testid="quick-add-open">
            {t("quickAdd.openFeed")}
          </Button>
        </DialogActions>
      </div>
    );
  }

  if (unnamed && settled) {
    return (
      <div data-testid="quick-add-done">
        <p className="flex items-center gap-2 text-sm" role="status">
          <CheckIcon size={18} className="shrink-0 text-green-600" />
          {t("quickAdd.doneGeneric")}
        </p>
        <DialogActions>
          <Button onClick={closeQuickAdd}>{t("dialog.close")}</Button>
        </DialogActions>
      </div>
    );
  }

  const waiting = !online && progress?.queued;
  return (
    <div data-testid="quick-add-progress">
      <p className="flex items-center gap-3 text-sm" role="status">
        <Spinner size={16} />
        <span>{waiting ? t("quickAdd.offline") : t("quickAdd.working")}</span>
      </p>
      {progress?.lastError ? (
        <p className="mt-2 text-xs text-muted">
          {t("quickAdd.retrying", { count: progress.attempts })}
        </p>
      ) : null}
      <DialogActions>
        <Button variant="ghost" onClick={closeQuickAdd}>
          {t("quickAdd.background")}
        </Button>
      </DialogActions>
    </div>
  );
}
