import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { timelineLink } from "../../../contract/routes.ts";
import { type FeedViewType, isFeedViewType } from "../../../contract/views.ts";
import { usePromptAnswer } from "../../commands/hooks.ts";
import { runCommand } from "../../commands/run.ts";
import type { CommandContext } from "../../commands/types.ts";
import type { SubscriptionFolder } from "../../queries/index.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { ChevronDownIcon, FolderIcon } from "../../ui/icons.tsx";
import { MenuItem, MenuLabel, MenuSeparator, RowMenu } from "../../ui/menu.tsx";
import { UnreadBadge } from "../../ui/unread-badge.tsx";
import { VIEW_META } from "../shell/view-meta.tsx";
import { toggleFolder, useFolderCollapsed } from "./folder-state.ts";
import { RenameFolderDialog } from "./rename-folder-dialog.tsx";
import { ROW, ROW_ACTIVE } from "./row-style.ts";

/** A folder (category): a toggle, a link to its timeline, and its menu. */
export function FolderRow(props: {
  folder: SubscriptionFolder;
  view: number;
  active: boolean;
  children: ReactNode;
}) {
  const { folder, view } = props;
  const { t } = useTranslation("reader");
  const { t: tApp } = useTranslation();
  const collapsed = useFolderCollapsed(view, folder.name);
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);
  usePromptAnswer(
    (prompt) =>
      (prompt.kind === "renameFolder" || prompt.kind === "deleteFolder") &&
      prompt.category === folder.name,
    (prompt) => setDialog(prompt.kind === "renameFolder" ? "rename" : "delete"),
  );
  const feedIds = folder.items.flatMap((item) => (item.feedId ? [item.feedId] : []));
  // The folder as a selection: what its menu's and dialogs' commands act on.
  const context: CommandContext = {
    selection: "folder",
    view: isFeedViewType(view) ? view : undefined,
    category: folder.name,
    feedIds,
    categoryFeedIds: feedIds,
  };
  const close = () => setMenuOpen(false);
  const listId = `folder-${view}-${folder.name}`;

  return (
    <li data-testid={`folder-${folder.name}`}>
      <RowMenu
        open={menuOpen}
        onOpenChange={setMenuOpen}
        label={t("folder.menu", { name: folder.name })}
        testId={`folder-${folder.name}`}
        row={
          <>
            <button
              type="button"
              onClick={() => toggleFolder(view, folder.name)}
              aria-expanded={!collapsed}
              aria-controls={listId}
              aria-label={t(collapsed ? "folder.expand" : "folder.collapse", { name: folder.name })}
              data-testid={`folder-toggle-${folder.name}`}
              className="flex size-6 shrink-0 items-center justify-center rounded text-muted hover:bg-zinc-200 dark:hover:bg-zinc-800"
            >
              <ChevronDownIcon
                size={14}
                className={`transition-transform motion-reduce:transition-none ${collapsed ? "-rotate-90" : ""}`}
              />
            </button>
            <Link
              {...timelineLink({ view, feed: { kind: "folder", name: folder.name } })}
              className={`${ROW} pl-1 ${props.active ? ROW_ACTIVE : ""}`}
              aria-current={props.active ? "page" : undefined}
              data-testid={`folder-link-${folder.name}`}
            >
              <FolderIcon size={16} className="shrink-0 text-muted" />
              <span className="min-w-0 flex-1 truncate">{folder.name}</span>
              <UnreadBadge count={folder.unread} testId={`folder-unread-${folder.name}`} />
            </Link>
          </>
        }
      >
        <MenuItem
          testId="menu-mark-read"
          onSelect={() => {
            close();
            runCommand("entries.markAllRead", context);
          }}
        >
          {t("menu.markAllRead")}
        </MenuItem>
        <MenuItem
          testId="menu-rename"
          onSelect={() => {
            close();
            setDialog("rename");
          }}
        >
          {t("menu.rename")}
        </MenuItem>
        <MenuSeparator />
        <MenuLabel>{t("menu.changeView")}</MenuLabel>
        {VIEW_META.map((meta) => (
          <MenuItem
            key={meta.view}
            checked={meta.view === view}
            testId={`menu-view-${meta.view}`}
            onSelect={() => {
              close();
              runCommand("categories.changeView", context, { view: meta.view as FeedViewType });
            }}
          >
            {tApp(meta.labelKey)}
          </MenuItem>
        ))}
        <MenuSeparator />
        <MenuItem
          danger
          testId="menu-delete"
          onSelect={() => {
            close();
            setDialog("delete");
          }}
        >
          {t("menu.deleteFolder")}
        </MenuItem>
      </RowMenu>
      {collapsed ? null : (
        <ul id={listId} className="space-y-px">
          {props.children}
        </ul>
      )}
      <RenameFolderDialog
        open={dialog === "rename"}
        name={folder.name}
        onClose={() => setDialog(null)}
        onRename={(to) => runCommand("categories.rename", context, { to })}
      />
      <ConfirmDialog
        open={dialog === "delete"}
        title={t("deleteFolder.title", { name: folder.name })}
        body={t("deleteFolder.body")}
        confirmLabel={t("menu.deleteFolder")}
        testId="delete-folder-dialog"
        onClose={() => setDialog(null)}
        onConfirm={() => runCommand("categories.delete", context, { confirmed: true })}
      />
    </li>
  );
}
