import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../ui/icon-button.tsx";
import { CloseIcon } from "../ui/icons.tsx";
import { Modal } from "../ui/modal.tsx";
import { onControlEvent } from "./bus.ts";

// The list (every command's keys, grouped) loads with the first opening, not before the first
// paint; the dialog's frame and its opening event stay here.
const ShortcutList = lazy(() =>
  import("./shortcut-list.tsx").then((m) => ({ default: m.ShortcutList })),
);

/** The keyboard shortcut list dialog, opened with ? or Shift+/. */
export function ShortcutsDialog({ web }: { web: boolean }) {
  const { t } = useTranslation("controls");
  const [open, setOpen] = useState(false);
  useEffect(() => onControlEvent("shortcuts-dialog", () => setOpen(true)), []);

  return (
    <Modal
      open={open}
      onClose={() => setOpen(false)}
      label={t("shortcuts.title")}
      testId="shortcuts-dialog"
      className="m-auto w-[min(56rem,calc(100vw-2rem))]"
    >
      <div className="flex items-start justify-between gap-4 border-b border-zinc-200 px-6 py-4 dark:border-zinc-800">
        <div>
          <h2 className="text-lg font-semibold">{t("shortcuts.title")}</h2>
          <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">
            {t("shortcuts.description")}
          </p>
        </div>
        <IconButton onClick={() => setOpen(false)} label={t("shortcuts.close")}>
          <CloseIcon size={18} />
        </IconButton>
      </div>
      <div className="max-h-[70vh] overflow-y-auto px-6 pt-5">
        {open ? (
          <Suspense fallback={null}>
            <ShortcutList web={web} />
          </Suspense>
        ) : null}
      </div>
    </Modal>
  );
}
