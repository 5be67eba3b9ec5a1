import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { runCommand } from "../../commands/run.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { fetchOwnProvider } from "../../services/ai/provider.ts";
import { forgetAiCapabilities } from "../../services/ai/translation.ts";
import { useRead } from "../../services/server-read.ts";
import { Button } from "../../ui/button.tsx";
import { Field, HINT_CLASS } from "../../ui/fields.tsx";

/**
 * The user's own OpenAI-compatible provider: base URL, model and key (write-only: the server
 * keeps it encrypted and only says whether one is saved).
 */
export function AiProviderForm() {
  const { t } = useTranslation("ai");
  const reader = useRuntime();
  const [baseUrl, setBaseUrl] = useState("");
  const [model, setModel] = useState("");
  const [apiKey, setApiKey] = useState("");
  const [saved, setSaved] = useState<{ hasKey: boolean; baseUrl: string } | null>(null);
  // The server sends a saved key to the address it was given for only: a new one needs it again
  // (left empty: the new address gets no key).
  const newAddress = saved?.hasKey === true && baseUrl.trim() !== saved.baseUrl;

  const own = useRead(reader?.api, "provider", fetchOwnProvider);
  const found = own.status === "ready" ? own.data : null;
  // What the server has fills the form once it answers.
  useEffect(() => {
    if (!found) return;
    setBaseUrl(found.baseUrl);
    setModel(found.model);
    setSaved({ hasKey: found.hasKey, baseUrl: found.baseUrl });
  }, [found]);

  function save(event: FormEvent) {
    event.preventDefault();
    runCommand(
      "ai.saveProvider",
      {},
      {
        baseUrl: baseUrl.trim(),
        model: model.trim(),
        ...(apiKey || newAddress ? { apiKey } : {}),
      },
    );
    forgetAiCapabilities();
    setSaved({
      hasKey: apiKey !== "" || (saved?.hasKey === true && !newAddress),
      baseUrl: baseUrl.trim(),
    });
    setApiKey("");
  }

  function remove() {
    runCommand("ai.removeProvider", {}, { confirmed: true });
    forgetAiCapabilities();
    setSaved(null);
    setBaseUrl("");
    setModel("");
  }

  return (
    <form className="space-y-3 p-4" onSubmit={save} data-testid="ai-provider-form">
      <div>
        <p className="font-medium">{t("provider.title")}</p>
        <p className={HINT_CLASS}>{t("provider.hint")}</p>
      </div>
      <Field
        label={t("provider.baseUrl")}
        type="url"
        required
        placeholder="http://127.0.0.1:11434/v1"
        value={baseUrl}
        onChange={(event) => setBaseUrl(event.target.value)}
        data-testid="ai-provider-url"
      />
      <Field
        label={t("provider.model")}
        required
        maxLength={200}
        value={model}
        onChange={(event) => setModel(event.target.value)}
        data-testid="ai-provider-model"
      />
      <Field
        label={t("provider.apiKey")}
        type="password"
        autoComplete="off"
        maxLength={500}
        value={apiKey}
        hint={
          newAddress ? t("provider.keyAgain") : saved?.hasKey ? t("provider.keyKept") : undefined
        }
        onChange={(event) => setApiKey(event.target.value)}
        data-testid="ai-provider-key"
      />
      <div className="flex gap-2">
        <Button type="submit" data-testid="ai-provider-save">
          {t("provider.save")}
        </Button>
        {saved ? (
          <Button variant="ghost" onClick={remove} data-testid="ai-provider-remove">
            {t("provider.remove")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
