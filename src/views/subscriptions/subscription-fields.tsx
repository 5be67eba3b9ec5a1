import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button.tsx";
import { DialogActions } from "../../ui/dialog.tsx";
import { Field } from "../../ui/fields.tsx";
import { useCategories } from "./use-categories.ts";

/** A subscription's folder, with the folders in use as suggestions (edit, batch edit). */
export function FolderField(props: {
  value: string;
  onChange(value: string): void;
  testId: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("reader");
  const categories = useCategories();
  return (
    <Field
      label={t("edit.category")}
      value={props.value}
      suggestions={categories}
      maxLength={200}
      onChange={(event) => props.onChange(event.target.value)}
      data-testid={props.testId}
      data-autofocus={props.autoFocus || undefined}
    />
  );
}

/** Cancel and Save at the foot of a subscription dialog's form. */
export function SaveActions(props: { onCancel(): void; saveTestId: string }) {
  const { t } = useTranslation("reader");
  return (
    <DialogActions>
      <Button variant="ghost" onClick={props.onCancel}>
        {t("dialog.cancel")}
      </Button>
      <Button type="submit" data-testid={props.saveTestId}>
        {t("dialog.save")}
      </Button>
    </DialogActions>
  );
}
