import { useState } from "react";
import { useTranslation } from "react-i18next";
import { of } from "rxjs";
import { usePromptAnswer } from "../../commands/hooks.ts";
import { runCommand } from "../../commands/run.ts";
import { tagNameOf } from "../../commands/tags.info.ts";
import { entryTags$ } from "../../queries/highlights.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { FIELD_CLASS } from "../../ui/fields.tsx";
import { IconButton } from "../../ui/icon-button.tsx";
import { StrokeIcon } from "../../ui/icons.tsx";

function TagIcon() {
  return (
    <StrokeIcon size={18}>
      <path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
    </StrokeIcon>
  );
}

/**
 * The entry toolbar's tags: a button opening the entry's tags, to add and remove them. It also
 * answers the palette's "Add tag" (the dialog asks for the tag).
 */
export function EntryTagsButton({ entryId }: { entryId: string }) {
  const { t } = useTranslation("reader");
  const [open, setOpen] = useState(false);
  usePromptAnswer(
    (request) => request.kind === "tagEntry" && request.entryId === entryId,
    () => setOpen(true),
  );
  return (
    <>
      <IconButton
        label={t("entryTags.button")}
        data-testid="entry-tags-button"
        onClick={() => setOpen(true)}
      >
        <TagIcon />
      </IconButton>
      {open ? <EntryTagsDialog entryId={entryId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function EntryTagsDialog(props: { entryId: string; onClose(): void }) {
  const { t } = useTranslation("reader");
  const reader = useRuntime();
  const db = reader?.db;
  const tags = useLiveQuery(
    () => (db ? entryTags$(db, props.entryId) : of([])),
    [db, props.entryId],
  );
  const [typed, setTyped] = useState("");
  const tag = tagNameOf(typed);
  const add = () => {
    if (!tag) return;
    runCommand("tags.add", { entryId: props.entryId }, { tag, entryId: props.entryId });
    setTyped("");
  };
  return (
    <Dialog open onClose={props.onClose} title={t("entryTags.title")} testId="entry-tags-dialog">
      <ul className="mb-3 flex flex-wrap gap-2" data-testid="entry-tags">
        {(tags ?? []).length === 0 ? (
          <li className="text-sm text-muted">{t("entryTags.none")}</li>
        ) : null}
        {(tags ?? []).map((name) => (
          <li
            key={name}
            data-testid="entry-tag"
            data-tag={name}
            className="flex items-center gap-1 rounded-full bg-zinc-100 px-2 py-0.5 text-sm dark:bg-zinc-800"
          >
            {name}
            <button
              type="button"
              aria-label={t("entryTags.remove", { tag: name })}
              onClick={() =>
                runCommand(
                  "tags.remove",
                  { entryId: props.entryId },
                  { tag: name, entryId: props.entryId },
                )
              }
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <input
          data-autofocus
          data-testid="entry-tag-input"
          className={FIELD_CLASS}
          value={typed}
          maxLength={64}
          placeholder={t("entryTags.placeholder")}
          aria-label={t("entryTags.placeholder")}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" disabled={!tag} data-testid="entry-tag-add">
          {t("entryTags.add")}
        </Button>
      </form>
    </Dialog>
  );
}
