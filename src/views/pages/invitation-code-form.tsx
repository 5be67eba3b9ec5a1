import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../contract/api/info.ts";
import { useAppServices } from "../../runtime/app-services.tsx";
import { useSessionService } from "../../session/session-context.tsx";
import { Button } from "../../ui/button.tsx";
import { FIELD_CLASS, LABEL_CLASS } from "../../ui/fields.tsx";
import { useAccountAction } from "../settings/account/use-account-action.ts";

/**
 * The invitation code: required; submit stays disabled until there is one; the
 * server's words for a refused code show on the field. A valid code makes the trial account a
 * plain one (the session is reloaded with the new role).
 */
export function InvitationCodeForm({ onActivated }: { onActivated(): void }) {
  const { t } = useTranslation("accounts");
  const { api } = useAppServices();
  const session = useSessionService();
  const action = useAccountAction();
  const [code, setCode] = useState("");
  const id = useId();
  const valid = code.trim().length >= 1;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!valid) return;
    const done = await action.run(() =>
      api.call(endpointInfo.invitations.use, { code: code.trim() }, { silent: true }),
    );
    if (!done) return;
    await session.refresh();
    onActivated();
  }

  const error = action.error
    ? [action.error.message, action.error.reason].filter(Boolean).join(": ")
    : null;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 text-left"
      data-testid="invitation-form"
    >
      <div>
        <label htmlFor={id} className={LABEL_CLASS}>
          {t("invitation.code")}
        </label>
        <input
          id={id}
          value={code}
          required
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            action.setError(null);
          }}
          className={`${FIELD_CLASS} font-mono uppercase`}
          data-testid="invitation-code"
        />
        {error ? (
          <p
            id={`${id}-error`}
            role="alert"
            className="mt-1 text-sm text-red-600 dark:text-red-400"
            data-testid="invitation-error"
          >
            {error}
          </p>
        ) : null}
      </div>
      <Button
        type="submit"
        className="w-full"
        loading={action.busy}
        disabled={!valid}
        data-testid="invitation-submit"
      >
        {t("invitation.activate")}
      </Button>
    </form>
  );
}
