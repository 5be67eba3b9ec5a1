import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { type FeedSelection, timelineLink } from "../../../contract/routes.ts";
import { runCommand } from "../../commands/run.ts";
import type { SavedSearchItem } from "../../queries/saved-searches.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { Dialog, DialogActions } from "../../ui/dialog.tsx";
import { Field } from "../../ui/fields.tsx";
import { SearchIcon } from "../../ui/icons.tsx";
import { MenuItem, MenuSeparator, RowMenu } from "../../ui/menu.tsx";
import { ROW, ROW_ACTIVE } from "../subscriptions/row-style.ts";
import { useSavedSearches } from "./use-saved-searches.ts";

/**
 * The saved searches in the subscription column: each opens as a timeline (`search-{id}`),
 * with a menu to rename or delete it. Nothing shows until one is saved.
 */
export function SavedSearchList(props: { view: number; selection: FeedSelection | undefined }) {
  const { t } = useTranslation("search");
  const searches = useSavedSearches();
  if (searches.length === 0) return null;
  return (
    <section aria-label={t("saved.heading")} className="mt-3" data-testid="saved-searches">
      <h2 className="px-2.5 pb-1 text-xs font-semibold text-zinc-500">{t("saved.heading")}</h2>
      <ul className="space-y-px">
        {searches.map((search) => (
          <SavedSearchRow
            key={search.id}
            search={search}
            view={search.filters.view ?? props.view}
            active={props.selection?.kind === "search" && props.selection.searchId === search.id}
          />
        ))}
      </ul>
    </section>
  );
}

function SavedSearchRow(props: { search: SavedSearchItem; view: number; active: boolean }) {
  const { search } = props;
  const { t } = useTranslation("search");
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);
  const close = () => setMenuOpen(false);
  return (
    <li data-testid={`saved-search-${search.id}`}>
      <RowMenu
        open={menuOpen}
        onOpenChange={setMenuOpen}
        label={t("saved.menu", { name: search.name })}
        testId={`saved-search-${search.id}`}
        row={
          <Link
            {...timelineLink({
              view: props.view,
              feed: { kind: "search", searchId: search.id },
            })}
            className={`${ROW} ${props.active ? ROW_ACTIVE : ""}`}
            aria-current={props.active ? "page" : undefined}
            title={search.keyword}
            data-testid="saved-search-link"
          >
            <SearchIcon size={16} className="shrink-0 text-muted" />
            <span className="min-w-0 flex-1 truncate">{search.name}</span>
          </Link>
        }
      >
        <MenuItem
          testId="saved-search-rename"
          onSelect={() => {
            close();
            setDialog("rename");
          }}
        >
          {t("saved.rename")}
        </MenuItem>
        <MenuSeparator />
        <MenuItem
          danger
          testId="saved-search-delete"
          onSelect={() => {
            close();
            setDialog("delete");
          }}
        >
          {t("saved.delete")}
        </MenuItem>
      </RowMenu>
      <Dialog
        open={dialog === "rename"}
        onClose={() => setDialog(null)}
        title={t("saved.renameTitle")}
        testId="rename-saved-search-dialog"
      >
        <RenameForm
          name={search.name}
          onClose={() => setDialog(null)}
          onRename={(name) => runCommand("savedSearches.rename", {}, { searchId: search.id, name })}
        />
      </Dialog>
      <ConfirmDialog
        open={dialog === "delete"}
        title={t("saved.deleteTitle")}
        body={t("saved.deleteBody", { name: search.name })}
        confirmLabel={t("saved.delete")}
        onConfirm={() => runCommand("savedSearches.delete", {}, { searchId: search.id })}
        onClose={() => setDialog(null)}
        testId="delete-saved-search"
      />
    </li>
  );
}

function RenameForm(props: { name: string; onClose(): void; onRename(name: string): void }) {
  const { t } = useTranslation("search");
  const [value, setValue] = useState(props.name);
  function submit(event: FormEvent) {
    event.preventDefault();
    const name = value.trim();
    if (!name) return;
    props.onRename(name);
    props.onClose();
  }
  return (
    <form onSubmit={submit}>
      <Field
        label={t("saved.name")}
        value={value}
        maxLength={200}
        required
        onChange={(event) => setValue(event.target.value)}
        data-testid="rename-saved-search-input"
        data-autofocus
      />
      <DialogActions>
        <Button variant="ghost" onClick={props.onClose}>
          {t("saved.cancel")}
        </Button>
        <Button type="submit" disabled={!value.trim()} data-testid="rename-saved-search-save">
          {t("saved.save")}
        </Button>
      </DialogActions>
    </form>
  );
}
