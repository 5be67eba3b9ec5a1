import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ACTION_FIELDS, ACTION_OPERATORS } from "../../../contract/action-fields.ts";
import type { ActionResult } from "../../../contract/actions.ts";
import { regexProblem } from "../../../contract/actions-match.ts";
import { isTagName } from "../../../contract/entities/tag-name.ts";
import { Button } from "../../ui/button.tsx";
import { Checkbox, ChoiceSelect, FIELD_CLASS } from "../../ui/fields.tsx";
import { newKey, type RuleDraft } from "./rule-draft.ts";

/** The flags a rule can give an entry, in the order the editor lists them. */
const FLAGS = [
  "star",
  "silence",
  "block",
  "newEntryNotification",
  "summary",
  "translation",
  "readability",
  "sourceContent",
  "dedupe",
] as const;

/** One rule: name, its tests (all or any), what it does, and how many recent entries it hits. */
export function RuleCard(props: {
  index: number;
  draft: RuleDraft;
  onChange(draft: RuleDraft): void;
  onRemove(): void;
  preview: { count: number; titles: string[] };
}) {
  const { t } = useTranslation("ai");
  const { draft, onChange, index } = props;
  const set = (patch: Partial<RuleDraft>) => onChange({ ...draft, ...patch });
  const setResult = (patch: Partial<ActionResult>) =>
    set({ result: { ...draft.result, ...patch } });
  const rewrites = draft.result.rewriteRules ?? [];
  const webhooks = draft.result.webhooks ?? [];

  return (
    <section
      className="space-y-4 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
      data-testid="action-rule"
      aria-label={draft.name || t("actions.untitled")}
    >
      <div className="flex flex-wrap items-center gap-3">
        <input
          className={`${FIELD_CLASS} max-w-xs`}
          value={draft.name}
          aria-label={t("actions.name")}
          onChange={(event) => set({ name: event.target.value })}
          data-testid="rule-name"
        />
        <Checkbox
          label={t("actions.enabled")}
          checked={!draft.disabled}
          onChange={(event) => set({ disabled: !event.target.checked })}
        />
        <span className="ml-auto text-sm text-zinc-500" data-testid="rule-preview">
          {t("actions.preview", { count: props.preview.count })}
        </span>
        <Button variant="ghost" size="sm" onClick={props.onRemove}>
          {t("actions.remove")}
        </Button>
      </div>

      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">
          {t("actions.when")}{" "}
          <ChoiceSelect
            className={`${FIELD_CLASS} inline-block w-auto`}
            aria-label={t("actions.match")}
            value={draft.match}
            choices={[
              { value: "all" as const, label: t("actions.all") },
              { value: "any" as const, label: t("actions.any") },
            ]}
            onChange={(match) => set({ match })}
          />
        </legend>
        {draft.tests.map((test, i) => {
          const problem = test.operator === "regex" ? regexProblem(test.value) : null;
          const update = (patch: Partial<typeof test>) =>
            set({ tests: draft.tests.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
          return (
            <div
              key={test.key}
              className="flex flex-wrap items-center gap-2"
              data-testid="rule-test"
            >
              <ChoiceSelect
                className={`${FIELD_CLASS} w-auto`}
                aria-label={t("actions.field")}
                value={test.field}
                choices={ACTION_FIELDS.map((field) => ({
                  value: field,
                  label: t(`actions.fields.${field}`),
                }))}
                onChange={(field) => update({ field })}
              />
              <ChoiceSelect
                className={`${FIELD_CLASS} w-auto`}
                aria-label={t("actions.operator")}
                value={test.operator}
                choices={ACTION_OPERATORS.map((operator) => ({
                  value: operator,
                  label: t(`actions.operators.${operator}`),
                }))}
                onChange={(operator) => update({ operator })}
                data-testid="rule-operator"
              />
              <input
                className={`${FIELD_CLASS} w-auto flex-1`}
                value={test.value}
                aria-label={t("actions.value")}
                aria-invalid={problem !== null}
                onChange={(event) => update({ value: event.target.value })}
                data-testid="rule-value"
              />
              <Button
                variant="ghost"
                size="sm"
                onClick={() => set({ tests: draft.tests.filter((_, j) => j !== i) })}
              >
                {t("actions.removeCondition")}
              </Button>
              {problem ? (
                <p
                  className="basis-full text-sm text-red-600"
                  role="alert"
                  data-testid="rule-regex-error"
                >
                  {problem}
                </p>
              ) : null}
            </div>
          );
        })}
        <Button
          variant="text"
          size="sm"
          onClick={() =>
            set({
              tests: [
                ...draft.tests,
                { key: newKey(), field: "entry_title", operator: "contains", value: "" },
              ],
            })
          }
        >
          {t("actions.addCondition")}
        </Button>
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t("actions.then")}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {FLAGS.map((flag) => (
            <Checkbox
              key={flag}
              label={t(`actions.flags.${flag}`)}
              checked={draft.result[flag] === true}
              onChange={(event) => setResult({ [flag]: event.target.checked || undefined })}
              data-testid={`rule-flag-${flag}`}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t("actions.rewrites")}</legend>
        {rewrites.map((rewrite, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never moved.
          <div key={i} className="flex gap-2">
            <input
              className={FIELD_CLASS}
              aria-label={t("actions.find")}
              value={rewrite.from}
              onChange={(event) =>
                setResult({
                  rewriteRules: rewrites.map((r, j) =>
                    j === i ? { ...r, from: event.target.value } : r,
                  ),
                })
              }
            />
            <input
              className={FIELD_CLASS}
              aria-label={t("actions.replace")}
              value={rewrite.to}
              onChange={(event) =>
                setResult({
                  rewriteRules: rewrites.map((r, j) =>
                    j === i ? { ...r, to: event.target.value } : r,
                  ),
                })
              }
            />
          </div>
        ))}
        <Button
          variant="text"
          size="sm"
          onClick={() => setResult({ rewriteRules: [...rewrites, { from: "", to: "" }] })}
        >
          {t("actions.addRewrite")}
        </Button>
      </fieldset>

      <RuleTagsField
        tags={draft.result.tags ?? []}
        onChange={(tags) => setResult({ tags: tags.length > 0 ? tags : undefined })}
      />

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t("actions.webhooks")}</legend>
        {webhooks.map((hook, i) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never moved.
            key={i}
            className={FIELD_CLASS}
            type="url"
            aria-label={t("actions.webhookUrl")}
            value={hook}
            onChange={(event) =>
              setResult({ webhooks: webhooks.map((h, j) => (j === i ? event.target.value : h)) })
            }
          />
        ))}
        <Button variant="text" size="sm" onClick={() => setResult({ webhooks: [...webhooks, ""] })}>
          {t("actions.addWebhook")}
        </Button>
      </fieldset>

      {props.preview.titles.length > 0 ? (
        <ul
          className="list-disc pl-5 text-sm text-zinc-600 dark:text-zinc-400"
          aria-label={t("actions.matches")}
        >
          {props.preview.titles.map((title, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list, rebuilt whole.
            <li key={i}>{title}</li>
          ))}
        </ul>
      ) : null}
      <span className="sr-only">{index + 1}</span>
    </section>
  );
}

/** Most tags a rule gives an entry (the API's limit). */
const MAX_RULE_TAGS = 5;

/** The tags a rule gives matching entries, typed as a comma-separated list. */
function RuleTagsField(props: { tags: readonly string[]; onChange(tags: string[]): void }) {
  const { t } = useTranslation("ai");
  // The typed text is kept as typed (a trailing comma, a half-typed name) while the rule gets names.
  const [text, setText] = useState(() => props.tags.join(", "));
  const names = (value: string) => [
    ...new Set(
      value
        .split(",")
        .map((name) => name.trim().replace(/\s+/g, " "))
        .filter(isTagName),
    ),
  ];
  const tooMany = names(text).length > MAX_RULE_TAGS;
  return (
    <label className="block space-y-1">
      <span className="text-sm font-medium">{t("actions.tags")}</span>
      <input
        className={FIELD_CLASS}
        value={text}
        placeholder={t("actions.tagsPlaceholder")}
        data-testid="rule-tags"
        onChange={(event) => {
          setText(event.target.value);
          props.onChange(names(event.target.value).slice(0, MAX_RULE_TAGS));
        }}
      />
      {tooMany ? (
        <span className="block text-xs text-amber-700" role="status">
          {t("actions.tagsTooMany", { count: MAX_RULE_TAGS })}
        </span>
      ) : null}
    </label>
  );
}
