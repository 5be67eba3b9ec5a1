import { type ChangeEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../../contract/api/info.ts";
import { useAppServices } from "../../../runtime/app-services.tsx";
import { useSessionService } from "../../../session/session-context.tsx";
import { Button } from "../../../ui/button.tsx";
import { FormMessage } from "./form-message.tsx";
import { useAccountAction } from "./use-account-action.ts";

const ACCEPTED = "image/png,image/jpeg,image/gif,image/webp";

/**
 * Uploads a new avatar: the file's bytes go as they are (the server tells the type from them
 * and answers 14000 / 14001 / 14002 in words), then the session is reloaded with the new image.
 */
export function AvatarUpload({ onUploaded }: { onUploaded(url: string): void }) {
  const { t } = useTranslation("accounts");
  const { api } = useAppServices();
  const session = useSessionService();
  const action = useAccountAction();
  const input = useRef<HTMLInputElement>(null);
  const [done, setDone] = useState(false);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setDone(false);
    const answer = await action.run(() =>
      api<{ code: 0; data: { url: string } }>(endpointInfo.uploads.avatar.path, {
        method: "POST",
        body: file,
        headers: { "content-type": file.type || "application/octet-stream" },
        silent: true,
      }),
    );
    if (!answer) return;
    onUploaded(answer.data.url);
    await session.refresh();
    setDone(true);
  }

  return (
    <div className="space-y-2">
      <input
        ref={input}
        type="file"
        accept={ACCEPTED}
        className="hidden"
        onChange={(event) => void upload(event)}
        data-testid="profile-avatar-file"
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        loading={action.busy}
        onClick={() => input.current?.click()}
        data-testid="profile-avatar-upload"
      >
        {t("profile.uploadAvatar")}
      </Button>
      <FormMessage
        error={action.error}
        success={done ? t("profile.avatarSaved") : null}
        testId="profile-avatar"
      />
    </div>
  );
}
