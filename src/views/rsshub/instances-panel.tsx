import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FeedRouteInstance } from "../../../contract/api/feed-route-instances.ts";
import { refusalMessage, type useFeedRouteInstances } from "../../services/feed-route-instances.ts";
import { Button } from "../../ui/button.tsx";
import { Checkbox, FIELD_CLASS, Field, LABEL_CLASS } from "../../ui/fields.tsx";
import { relativeTime } from "../../ui/format.ts";

type Instances = ReturnType<typeof useFeedRouteInstances>;

/**
 * The person's feed-route instances: the server's and their own, each with its last check
 * (reachable, build, latency, error); one is the default their catalogue and rsshub://
 * subscriptions use. A new instance takes an address and, if it asks for one, an access key
 * (kept encrypted on the server and never shown again); both can be changed later.
 */
export function InstancesPanel({ instances }: { instances: Instances }) {
  const { t } = useTranslation("discover");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The instance being chosen (null: the server's), shown checked until the server answers. */
  const [choosing, setChoosing] = useState<string | null | undefined>(undefined);
  const { state } = instances;

  /** Runs one change; answers whether the server took it (else its reason shows). */
  async function run(action: () => Promise<void>): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (refusal) {
      setError(refusalMessage(refusal));
      return false;
    } finally {
      setBusy(false);
    }
  }

  if (state.status !== "ready")
    return state.status === "failed" ? (
      <p className="text-sm text-red-600" role="alert">
        {state.message}
      </p>
    ) : null;
  const { instances: own, serverInstance } = state.data;
  const defaultId = choosing === undefined ? state.data.defaultId : choosing;
  const choose = (id: string | null) => {
    setChoosing(id);
    void run(() => instances.choose(id)).finally(() => setChoosing(undefined));
  };
  return (
    <section
      className="mb-6 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
      data-testid="rsshub-instances"
      aria-busy={busy}
    >
      <h2 className="font-semibold">{t("instances.title")}</h2>
      <p className="mb-3 text-xs text-zinc-500">{t("instances.description")}</p>
      <fieldset className="space-y-2">
        <legend className="sr-only">{t("instances.default")}</legend>
        <InstanceRow
          label={serverInstance ?? t("instances.serverNone")}
          badge={t("instances.server")}
          checked={defaultId === null}
          disabled={busy}
          onChoose={() => choose(null)}
          testId="rsshub-instance-server"
        />
        {own.map((instance) => (
          <InstanceRow
            key={instance.id}
            label={instance.baseUrl}
            badge={instance.hasAccessKey ? t("instances.withKey") : null}
            checked={defaultId === instance.id}
            disabled={busy}
            onChoose={() => choose(instance.id)}
            instance={instance}
            onCheck={() => run(() => instances.check(instance.id))}
            onEdit={(baseUrl, accessKey) =>
              run(() => instances.update(instance.id, baseUrl, accessKey))
            }
            onRemove={() => run(() => instances.remove(instance.id))}
            testId="rsshub-instance"
          />
        ))}
      </fieldset>
      <AddInstanceForm disabled={busy} onAdd={(url, key) => run(() => instances.add(url, key))} />
      {error ? (
        <p className="mt-2 text-sm text-red-600" role="alert" data-testid="rsshub-instance-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function InstanceRow(props: {
  label: string;
  badge: string | null;
  checked: boolean;
  disabled: boolean;
  onChoose: () => void;
  instance?: FeedRouteInstance;
  onCheck?: () => void;
  onEdit?: (baseUrl: string, accessKey: string | null | undefined) => Promise<boolean>;
  onRemove?: () => void;
  testId: string;
}) {
  const { t } = useTranslation("discover");
  const { instance, onEdit } = props;
  const [editing, setEditing] = useState(false);
  return (
    <div
      className="flex flex-wrap items-center gap-2 text-sm"
      data-testid={props.testId}
      data-instance-id={instance?.id}
    >
      <label className="flex min-w-0 flex-1 items-center gap-2">
        <input
          type="radio"
          name="rsshub-default"
          checked={props.checked}
          disabled={props.disabled}
          onChange={props.onChoose}
          data-testid={`${props.testId}-choose`}
        />
        <span className="truncate font-mono text-xs">{props.label}</span>
        {props.badge ? (
          <span className="rounded bg-zinc-100 px-1.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
            {props.badge}
          </span>
        ) : null}
      </label>
      {instance ? <InstanceStatusText instance={instance} /> : null}
      {props.onCheck ? (
        <Button variant="outline" size="sm" disabled={props.disabled} onClick={props.onCheck}>
          {t("instances.check")}
        </Button>
      ) : null}
      {onEdit ? (
        <Button
          variant="outline"
          size="sm"
          disabled={props.disabled}
          onClick={() => setEditing((open) => !open)}
          aria-expanded={editing}
          data-testid="rsshub-instance-edit"
        >
          {t("instances.edit")}
        </Button>
      ) : null}
      {props.onRemove ? (
        <Button
          variant="ghost"
          size="sm"
          disabled={props.disabled}
          onClick={props.onRemove}
          data-testid="rsshub-instance-remove"
        >
          {t("instances.remove")}
        </Button>
      ) : null}
      {editing && instance && onEdit ? (
        <EditInstanceForm
          instance={instance}
          disabled={props.disabled}
          onCancel={() => setEditing(false)}
          onSave={async (baseUrl, accessKey) => {
            if (await onEdit(baseUrl, accessKey)) setEditing(false);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * A new address or key for an instance. The key is never shown: left empty it is kept, and a
 * box removes it. Saving checks the instance again, as adding does.
 */
function EditInstanceForm(props: {
  instance: FeedRouteInstance;
  disabled: boolean;
  onCancel: () => void;
  onSave: (baseUrl: string, accessKey: string | null | undefined) => Promise<void>;
}) {
  const { t } = useTranslation("discover");
  const { instance } = props;
  const [baseUrl, setBaseUrl] = useState(instance.baseUrl);
  const [accessKey, setAccessKey] = useState("");
  const [clearKey, setClearKey] = useState(false);
  // The server sends a saved key only to the address it was given for: a new address needs it
  // typed again (or the key cleared), else the server refuses the change with its reason.
  const keyAgain =
    instance.hasAccessKey &&
    !clearKey &&
    baseUrl.trim().replace(/\/+$/, "") !== instance.baseUrl.replace(/\/+$/, "");
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!baseUrl.trim()) return;
    await props.onSave(baseUrl.trim(), clearKey ? null : accessKey || undefined);
  }
  return (
    <form
      className="grid w-full gap-2 rounded-lg bg-zinc-50 p-3 sm:grid-cols-[2fr_1fr] dark:bg-zinc-900"
      onSubmit={submit}
      aria-label={t("instances.editTitle", { address: instance.baseUrl })}
      data-testid="rsshub-instance-edit-form"
    >
      <Field
        label={t("instances.address")}
        type="url"
        required
        maxLength={500}
        value={baseUrl}
        onChange={(event) => setBaseUrl(event.target.value)}
        data-testid="rsshub-instance-edit-url"
      />
      <Field
        label={t("instances.accessKey")}
        type="password"
        autoComplete="off"
        maxLength={200}
        value={accessKey}
        disabled={clearKey}
        onChange={(event) => setAccessKey(event.target.value)}
        placeholder={
          keyAgain
            ? t("instances.keyAgain")
            : instance.hasAccessKey
              ? t("instances.keepKey")
              : t("instances.accessKeyPlaceholder")
        }
        data-testid="rsshub-instance-edit-key"
      />
      {instance.hasAccessKey ? (
        <Checkbox
          label={t("instances.clearKey")}
          checked={clearKey}
          onChange={(event) => setClearKey(event.target.checked)}
          data-testid="rsshub-instance-edit-clear-key"
        />
      ) : null}
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="ghost" size="sm" onClick={props.onCancel}>
          {t("instances.cancel")}
        </Button>
        <Button
          type="submit"
          size="sm"
          disabled={props.disabled}
          data-testid="rsshub-instance-save"
        >
          {t("instances.save")}
        </Button>
      </div>
    </form>
  );
}

function InstanceStatusText({ instance }: { instance: FeedRouteInstance }) {
  const { t, i18n } = useTranslation("discover");
  const { status } = instance;
  if (!status) return <span className="text-xs text-zinc-500">{t("instances.unchecked")}</span>;
  const when = relativeTime(status.checkedAt, i18n.language);
  // It answers, but its route listing was refused (a missing or wrong key, say).
  const refused = status.reachable && status.error;
  const tone = refused
    ? "text-amber-700 dark:text-amber-400"
    : status.reachable
      ? "text-emerald-700 dark:text-emerald-400"
      : "text-red-600";
  return (
    <span
      className={`text-xs ${tone}`}
      data-testid="rsshub-instance-status"
      data-reachable={status.reachable}
      data-error={status.error ?? undefined}
    >
      {status.reachable
        ? t("instances.reachable", {
            version: status.version ?? t("instances.unknownVersion"),
            ms: status.latencyMs,
            time: when,
          })
        : t("instances.unreachable", { error: status.error ?? "", time: when })}
      {refused ? ` · ${t("instances.listingRefused", { error: status.error })}` : null}
    </span>
  );
}

function AddInstanceForm({
  disabled,
  onAdd,
}: {
  disabled: boolean;
  onAdd: (baseUrl: string, accessKey: string) => Promise<boolean>;
}) {
  const { t } = useTranslation("discover");
  const [baseUrl, setBaseUrl] = useState("");
  const [accessKey, setAccessKey] = useState("");
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!baseUrl.trim()) return;
    // A refused address stays in the field to be corrected.
    if (!(await onAdd(baseUrl.trim(), accessKey))) return;
    setBaseUrl("");
    setAccessKey("");
  }
  return (
    <form className="mt-4 grid gap-2 sm:grid-cols-[2fr_1fr_auto] sm:items-end" onSubmit={submit}>
      <div>
        <label htmlFor="rsshub-instance-url" className={LABEL_CLASS}>
          {t("instances.address")}
        </label>
        <input
          id="rsshub-instance-url"
          type="url"
          required
          maxLength={500}
          value={baseUrl}
          onChange={(event) => setBaseUrl(event.target.value)}
          placeholder="https://rsshub.example.com"
          className={FIELD_CLASS}
          data-testid="rsshub-instance-url"
        />
      </div>
      <div>
        <label htmlFor="rsshub-instance-key" className={LABEL_CLASS}>
          {t("instances.accessKey")}
        </label>
        <input
          id="rsshub-instance-key"
          type="password"
          autoComplete="off"
          maxLength={200}
          value={accessKey}
          onChange={(event) => setAccessKey(event.target.value)}
          placeholder={t("instances.accessKeyPlaceholder")}
          className={FIELD_CLASS}
          data-testid="rsshub-instance-key"
        />
      </div>
      <Button type="submit" disabled={disabled} data-testid="rsshub-instance-add">
        {t("instances.add")}
      </Button>
    </form>
  );
}
