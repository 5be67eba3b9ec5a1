import { CopyButton } from "./copy-button.tsx";
import { withToast } from "./toaster.tsx";

/** What the API client asks us to show (structurally the ApiToast of src/api). */
export interface ToastRequest {
  kind: "error" | "activation";
  title: string;
  description?: string | null;
  copyable?: string | null;
  durationMs: number;
}

export interface ToastActions {
  /** Label and target of the activation toast's button. */
  activation: { label: string; onClick(): void };
}

function ToastDescription({ text, copyable }: { text: string; copyable?: string | null }) {
  return (
    <span className="flex items-start gap-2">
      <span className="min-w-0 flex-1 break-words" data-testid="toast-reason">
        {text}
      </span>
      {copyable ? <CopyButton text={copyable} testId="toast-copy" /> : null}
    </span>
  );
}

/** Error toasts carry the reason and a copy button; activation toasts link to the code form. */
export function showToast(request: ToastRequest, actions: ToastActions): void {
  const text = request.description ?? request.copyable ?? undefined;
  const description = text ? (
    <ToastDescription text={text} copyable={request.copyable} />
  ) : undefined;
  withToast((toast) => {
    if (request.kind === "activation") {
      toast.warning(request.title, {
        description,
        duration: request.durationMs,
        action: actions.activation,
      });
    } else toast.error(request.title, { description, duration: request.durationMs });
  });
}
