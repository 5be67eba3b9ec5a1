import type { AuthErrorText } from "../../../session/auth-error.ts";

/** A form's outcome under it: an error (alert) or a confirmation (status). */
export function FormMessage(props: {
  error?: AuthErrorText | null;
  success?: string | null;
  testId: string;
}) {
  if (props.error) {
    return (
      <p
        role="alert"
        data-testid={`${props.testId}-error`}
        className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300"
      >
        <span className="block font-medium">{props.error.message}</span>
        {props.error.reason ? <span className="mt-0.5 block">{props.error.reason}</span> : null}
      </p>
    );
  }
  if (props.success) {
    return (
      <p
        role="status"
        data-testid={`${props.testId}-success`}
        className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:border-emerald-900/60 dark:bg-emerald-950/40 dark:text-emerald-300"
      >
        {props.success}
      </p>
    );
  }
  return null;
}
