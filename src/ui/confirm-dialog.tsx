import { useTranslation } from "react-i18next";
import { Button } from "./button.tsx";
import { Dialog, DialogActions } from "./dialog.tsx";

/** Asks before something that cannot be undone from the screen (unsubscribe, delete folder). */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm(): void;
  onClose(): void;
  testId?: string;
}) {
  const { t } = useTranslation("reader");
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      description={props.body}
      testId={props.testId}
    >
      <DialogActions>
        <Button variant="ghost" onClick={props.onClose} data-autofocus>
          {t("dialog.cancel")}
        </Button>
        <Button
          data-testid={props.testId ? `${props.testId}-confirm` : undefined}
          onClick={() => {
            props.onConfirm();
            props.onClose();
          }}
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
