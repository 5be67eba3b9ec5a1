import { Link } from "@tanstack/react-router";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { of } from "rxjs";
import { createIdGenerator } from "../../../contract/ids.ts";
import { DISCOVER_LIST_ROUTE } from "../../../contract/routes.ts";
import type { FeedViewType } from "../../../contract/views.ts";
import { VIEW_NAMES } from "../../../contract/views.ts";
import { runCommand } from "../../commands/run.ts";
import { allSubscriptions$, type OwnedList, ownedLists$ } from "../../queries/index.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { Button, buttonClass } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { Field, Select } from "../../ui/fields.tsx";
import { SettingsSection } from "../../ui/setting-rows.tsx";
import { PageHeader } from "../page.tsx";
import { InboxesSection } from "./inboxes-section.tsx";

/** Ids for lists made here: the same list offline and once synced (random worker number). */
const nextListId = createIdGenerator({ worker: Math.floor(Math.random() * 1024) });

/**
 * Settings › Lists: the lists you curate. Create, edit, delete, add feeds you follow and
 * remove them; every change is a command (shown at once, synced, undone if refused).
 */
export function ListsSettingsPage() {
  const { t } = useTranslation("lists");
  const { t: ta } = useTranslation();
  const reader = useRuntime();
  const lists = useLiveQuery(
    () => (reader ? ownedLists$(reader.db, reader.userId) : of([])),
    [reader],
  );
  const [openId, setOpenId] = useState<string | undefined>();
  const open = lists?.find((l) => l.id === openId);
  return (
    <section data-testid="settings-page-list">
      <PageHeader title={ta("settings.panels.list")} description={t("lists.description")} />
      <div className="space-y-6 p-6">
        <SettingsSection title={t("lists.create")}>
          <CreateListForm userId={reader?.userId} onCreated={setOpenId} />
        </SettingsSection>
        <SettingsSection title={t("lists.yours")}>
          {lists && lists.length > 0 ? (
            <ul data-testid="lists-owned">
              {lists.map((list) => (
                <li key={list.id} className="flex items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <p className="font-medium">{list.title}</p>
                    <p className="text-sm text-zinc-500 dark:text-zinc-400">
                      {t("lists.summary", {
                        count: list.feedIds.length,
                        view: ta(`views.${VIEW_NAMES[list.view] ?? "Articles"}`),
                      })}
                    </p>
                  </div>
                  <Link
                    to={DISCOVER_LIST_ROUTE}
                    params={{ listId: list.id }}
                    className={buttonClass("ghost", "sm")}
                    data-testid={`list-page-${list.id}`}
                  >
                    {t("lists.page")}
                  </Link>
                  <Button
                    variant="outline"
                    size="sm"
                    data-testid={`list-open-${list.id}`}
                    onClick={() => setOpenId(openId === list.id ? undefined : list.id)}
                  >
                    {openId === list.id ? t("lists.close") : t("lists.edit")}
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="p-4 text-sm text-zinc-500" data-testid="lists-empty">
              {t("lists.none")}
            </p>
          )}
        </SettingsSection>
        <InboxesSection />
        {open ? (
          <ListEditor key={open.id} list={open} onDeleted={() => setOpenId(undefined)} />
        ) : null}
      </div>
    </section>
  );
}

function viewChoices(ta: (key: string) => string) {
  return VIEW_NAMES.map((name, value) => ({
    value: value as FeedViewType,
    label: ta(`views.${name}`),
  }));
}

function CreateListForm(props: { userId: string | undefined; onCreated(id: string): void }) {
  const { t } = useTranslation("lists");
  const { t: ta } = useTranslation();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [view, setView] = useState<FeedViewType>(0);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!props.userId || !title.trim()) return;
    const listId = nextListId();
    runCommand(
      "lists.create",
      {},
      {
        listId,
        ownerUserId: props.userId,
        title: title.trim(),
        description: description.trim() || null,
        view,
      },
    );
    setTitle("");
    setDescription("");
    props.onCreated(listId);
  }

  return (
    <form onSubmit={submit} className="grid gap-3 p-4 sm:grid-cols-2">
      <Field
        label={t("lists.title")}
        value={title}
        maxLength={200}
        required
        onChange={(event) => setTitle(event.target.value)}
        data-testid="list-new-title"
      />
      <Select<FeedViewType>
        label={t("lists.view")}
        value={view}
        choices={viewChoices(ta)}
        onChange={setView}
        data-testid="list-new-view"
      />
      <div className="sm:col-span-2">
        <Field
          label={t("lists.descriptionField")}
          value={description}
          maxLength={2000}
          onChange={(event) => setDescription(event.target.value)}
          data-testid="list-new-description"
        />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={!props.userId || !title.trim()} data-testid="list-create">
          {t("lists.createAction")}
        </Button>
      </div>
    </form>
  );
}

function ListEditor(props: { list: OwnedList; onDeleted(): void }) {
  const { list } = props;
  const { t } = useTranslation("lists");
  const { t: ta } = useTranslation();
  const reader = useRuntime();
  const subscriptions = useLiveQuery(
    () => (reader ? allSubscriptions$(reader.db) : of([])),
    [reader],
  );
  const [title, setTitle] = useState(list.title);
  const [description, setDescription] = useState(list.description ?? "");
  const [view, setView] = useState<FeedViewType>(list.view as FeedViewType);
  const [search, setSearch] = useState("");
  const [confirming, setConfirming] = useState(false);
  const feeds = useFeeds(subscriptions);
  const inList = new Set(list.feedIds);
  const matches = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return feeds
      .filter((f) => !inList.has(f.feedId))
      .filter(
        (f) =>
          !needle || f.title.toLowerCase().includes(needle) || f.url.toLowerCase().includes(needle),
      )
      .slice(0, 20);
  }, [feeds, search, inList]);
  const titleOf = (id: string) => feeds.find((f) => f.feedId === id)?.title ?? id;

  function save(event: FormEvent) {
    event.preventDefault();
    runCommand(
      "lists.edit",
      {},
      {
        listId: list.id,
        title: title.trim() || list.title,
        description: description.trim() || null,
        view,
      },
    );
  }

  return (
    <SettingsSection title={t("lists.editing", { title: list.title })}>
      <form onSubmit={save} className="grid gap-3 p-4 sm:grid-cols-2" data-testid="list-editor">
        <Field
          label={t("lists.title")}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          data-testid="list-edit-title"
        />
        <Select<FeedViewType>
          label={t("lists.view")}
          value={view}
          choices={viewChoices(ta)}
          onChange={setView}
        />
        <div className="sm:col-span-2">
          <Field
            label={t("lists.descriptionField")}
            value={description}
            maxLength={2000}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" size="sm" data-testid="list-save">
            {t("lists.save")}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="text-red-700 dark:text-red-300"
            data-testid="list-delete"
            onClick={() => setConfirming(true)}
          >
            {t("lists.delete")}
          </Button>
        </div>
      </form>
      <div className="p-4">
        <p className="font-medium">{t("lists.feeds", { count: list.feedIds.length })}</p>
        <ul className="mt-2" data-testid="list-feeds">
          {list.feedIds.map((id) => (
            <li key={id} className="flex items-center justify-between gap-2 py-1 text-sm">
              <span className="truncate">{titleOf(id)}</span>
              <Button
                size="sm"
                variant="ghost"
                data-testid={`list-remove-${id}`}
                onClick={() =>
                  runCommand("lists.removeFeeds", {}, { listId: list.id, feedIds: [id] })
                }
              >
                {t("lists.remove")}
              </Button>
            </li>
          ))}
        </ul>
        <div className="mt-3">
          <Field
            label={t("lists.search")}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="list-search"
          />
          <ul className="mt-2" data-testid="list-candidates">
            {matches.map((f) => (
              <li key={f.feedId} className="flex items-center justify-between gap-2 py-1 text-sm">
                <span className="truncate">{f.title}</span>
                <Button
                  size="sm"
                  variant="outline"
                  data-testid={`list-add-${f.feedId}`}
                  onClick={() =>
                    runCommand("lists.addFeeds", {}, { listId: list.id, feedIds: [f.feedId] })
                  }
                >
                  {t("lists.add")}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("lists.deleteTitle", { title: list.title })}
        body={t("lists.deleteBody")}
        confirmLabel={t("lists.delete")}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          runCommand("lists.delete", {}, { listId: list.id });
          props.onDeleted();
        }}
        testId="list-delete-dialog"
      />
    </SettingsSection>
  );
}

/** The feeds you follow, for adding to a list. */
function useFeeds(
  subscriptions:
    | { type: string; feedId: string | null; title: string; url: string | null }[]
    | undefined,
) {
  return useMemo(
    () =>
      (subscriptions ?? [])
        .filter((s) => s.type === "feed" && s.feedId)
        .map((s) => ({ feedId: s.feedId as string, title: s.title, url: s.url ?? "" })),
    [subscriptions],
  );
}
