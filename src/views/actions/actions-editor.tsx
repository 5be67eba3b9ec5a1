import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { of } from "rxjs";
import { regexProblem, ruleMatches } from "../../../contract/actions-match.ts";
import { runCommand } from "../../commands/run.ts";
import { previewEntries$ } from "../../queries/actions.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { Button } from "../../ui/button.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { EmptyState } from "../page.tsx";
import { RuleCard } from "./rule-card.tsx";
import { emptyDraft, fromDraft, type RuleDraft, toDraft } from "./rule-draft.ts";
import { useActionRules } from "./use-action-rules.ts";

/**
 * The Actions page's editor: the rules (loaded from the server, or the last save not yet
 * confirmed), edited as a draft with a live preview against the newest local entries, saved
 * whole by the `actions.save` command, and applied to recent entries on demand.
 */
export function ActionsEditor() {
  const { t } = useTranslation("ai");
  const reader = useRuntime();
  const { rules, pending, failed } = useActionRules(reader ?? null);
  const [drafts, setDrafts] = useState<RuleDraft[] | null>(null);
  const [dirty, setDirty] = useState(false);
  const db = reader?.db;
  const recent = useLiveQuery(() => (db ? previewEntries$(db) : of([])), [db]);

  // The rules shown follow the stored ones until the user edits.
  useEffect(() => {
    if (rules && !dirty) setDrafts(rules.map(toDraft));
  }, [rules, dirty]);

  const built = useMemo(() => (drafts ?? []).map(fromDraft), [drafts]);
  const previews = useMemo(
    () =>
      built.map((rule) => {
        const hits = (recent ?? []).filter((entry) => ruleMatches(rule, entry.subject));
        return { count: hits.length, titles: hits.slice(0, 5).map((e) => e.title ?? "") };
      }),
    [built, recent],
  );
  const invalid = (drafts ?? []).some((draft) =>
    draft.tests.some((test) => test.operator === "regex" && regexProblem(test.value) !== null),
  );

  if (failed && !drafts) return <EmptyState title={t("actions.loadFailed")} />;
  if (!drafts) return <Spinner size={24} label={t("actions.loading")} />;

  const edit = (next: RuleDraft[]) => {
    setDrafts(next);
    setDirty(true);
  };
  const save = () => {
    runCommand("actions.save", {}, { rules: built });
    setDirty(false);
  };

  return (
    <div className="space-y-4" data-testid="actions-editor" data-pending={pending ? "1" : "0"}>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() =>
            edit([...drafts, emptyDraft(t("actions.newName", { n: drafts.length + 1 }))])
          }
          data-testid="rule-add"
        >
          {t("actions.add")}
        </Button>
        <Button onClick={save} disabled={!dirty || invalid} data-testid="rules-save">
          {t("actions.save")}
        </Button>
        <Button
          variant="ghost"
          onClick={() => runCommand("actions.applyToRecent", {}, { days: 7 })}
          disabled={dirty}
          data-testid="rules-apply"
        >
          {t("actions.apply")}
        </Button>
        {pending ? (
          <span className="self-center text-sm text-zinc-500">{t("actions.pending")}</span>
        ) : null}
      </div>
      {drafts.length === 0 ? (
        <EmptyState title={t("actions.emptyTitle")} body={t("actions.emptyBody")} />
      ) : null}
      {drafts.map((draft, index) => (
        <RuleCard
          key={draft.key}
          index={index}
          draft={draft}
          preview={previews[index] ?? { count: 0, titles: [] }}
          onChange={(next) => edit(drafts.map((d, i) => (i === index ? next : d)))}
          onRemove={() => edit(drafts.filter((_, i) => i !== index))}
        />
      ))}
    </div>
  );
}
