import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { COPY_CHECK_MS } from "../../contract/constants.ts";
import { CheckIcon, CopyIcon } from "./icons.tsx";
import { toast } from "./toaster.tsx";

/** Copies `text`; the icon turns into a check for COPY_CHECK_MS. */
export function CopyButton({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast.error(t("errors:clipboard.copyFailed"));
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CHECK_MS);
  }

  return (
    <button
      type="button"
      onClick={copy}
      data-testid={testId}
      data-copied={copied || undefined}
      aria-label={copied ? t("common.copied") : t("common.copy")}
      title={copied ? t("common.copied") : t("common.copy")}
      className="inline-flex size-6 shrink-0 items-center justify-center rounded-md opacity-70 hover:bg-black/5 hover:opacity-100 dark:hover:bg-white/10"
    >
      {copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
    </button>
  );
}
