import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogActions } from "../../ui/dialog.tsx";
import { Field } from "../../ui/fields.tsx";

export function RenameFolderDialog(props: {
  open: boolean;
  name: string;
  onClose(): void;
  onRename(to: string): void;
}) {
  const { t } = useTranslation("reader");
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={t("renameFolder.title")}
      testId="rename-folder-dialog"
    >
      <RenameForm {...props} />
    </Dialog>
  );
}

function RenameForm(props: { name: string; onClose(): void; onRename(to: string): void }) {
  const { t } = useTranslation("reader");
  const [value, setValue] = useState(props.name);
  function submit(event: FormEvent) {
    event.preventDefault();
    const to = value.trim();
    if (!to) return;
    props.onRename(to);
    props.onClose();
  }
  return (
    <form onSubmit={submit}>
      <Field
        label={t("renameFolder.name")}
        value={value}
        maxLength={200}
        required
        onChange={(event) => setValue(event.target.value)}
        data-testid="rename-folder-input"
        data-autofocus
      />
      <DialogActions>
        <Button variant="ghost" onClick={props.onClose}>
          {t("dialog.cancel")}
        </Button>
        <Button type="submit" disabled={!value.trim()} data-testid="rename-folder-save">
          {t("dialog.save")}
        </Button>
      </DialogActions>
    </form>
  );
}
