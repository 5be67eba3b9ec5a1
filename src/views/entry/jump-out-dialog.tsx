import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogActions } from "../../ui/dialog.tsx";

/** Asks before leaving for a link in an entry's content (the jumpOutLinkWarn setting). */
export function JumpOutDialog(props: { url: string | null; onClose(): void }) {
  const { t } = useTranslation("reader");
  return (
    <Dialog
      open={props.url !== null}
      onClose={props.onClose}
      title={t("jumpOut.title")}
      description={t("jumpOut.body")}
      testId="jump-out-dialog"
    >
      <p
        className="rounded-lg bg-zinc-100 px-3 py-2 font-mono text-xs break-all dark:bg-zinc-800"
        data-testid="jump-out-url"
      >
        {props.url}
      </p>
      <DialogActions>
        <Button variant="ghost" onClick={props.onClose}>
          {t("dialog.cancel")}
        </Button>
        <Button
          data-testid="jump-out-confirm"
          onClick={() => {
            if (props.url) window.open(props.url, "_blank", "noopener,noreferrer");
            props.onClose();
          }}
        >
          {t("jumpOut.open")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
