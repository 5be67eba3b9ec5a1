import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "./icon-button.tsx";
import { CloseIcon } from "./icons.tsx";
import { Modal } from "./modal.tsx";

/**
 * A titled modal dialog with a close button, on the kit's one Modal (focus, Escape, backdrop
 * and shortcut scope are handled there). Focus starts on [data-autofocus].
 */
export function Dialog(props: {
  open: boolean;
  onClose(): void;
  title: string;
  description?: string;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
}) {
  const { t } = useTranslation("reader");
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      labelledBy={titleId}
      describedBy={props.description ? descriptionId : undefined}
      testId={props.testId}
      className={`m-auto w-[calc(100%-2rem)] ${props.wide ? "max-w-lg" : "max-w-md"}`}
    >
      <div className="p-5">
        <div className="mb-4 flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-base font-semibold">
              {props.title}
            </h2>
            {props.description ? (
              <p id={descriptionId} className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                {props.description}
              </p>
            ) : null}
          </div>
          <IconButton label={t("dialog.close")} onClick={props.onClose}>
            <CloseIcon size={16} />
          </IconButton>
        </div>
        {props.children}
      </div>
    </Modal>
  );
}

/** The action row at the bottom of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-5 flex justify-end gap-2">{children}</div>;
}
