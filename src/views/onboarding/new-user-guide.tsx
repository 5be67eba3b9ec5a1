import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PAGE_PATHS, timelineLink } from "../../../contract/routes.ts";
import { openOpmlImport } from "../../services/opml-import.ts";
import { useSession } from "../../session/session-context.tsx";
import { browserStorage } from "../../settings/storage.ts";
import { openShortcutsDialog } from "../../shortcuts/bus.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { VIEW_META } from "../shell/view-meta.tsx";
import { openQuickAdd } from "../subscriptions/quick-add-store.ts";
import { GUIDE_STEPS, type GuideStep, stepAt } from "./guide-steps.ts";
import { recordGuideShown, shouldShowGuide } from "./guide-store.ts";

/**
 * The new-user guide, once, on the first signed-in screen after an account
 * was made in this browser (the sign-up form, or a provider sign-in that created the account).
 */
export function NewUserGuideHost() {
  const session = useSession();
  const userId = session.status === "authenticated" ? session.user?.id : undefined;
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!userId) return;
    const storage = browserStorage();
    if (!shouldShowGuide(storage, userId)) return;
    recordGuideShown(storage, userId);
    setOpen(true);
  }, [userId]);

  return open ? <NewUserGuide onClose={() => setOpen(false)} /> : null;
}

function NewUserGuide({ onClose }: { onClose(): void }) {
  const { t } = useTranslation("onboarding");
  const [index, setIndex] = useState(0);
  const { step, last } = stepAt(index);
  const leaveFor = (go: () => void) => () => {
    onClose();
    go();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t(`guide.${step}.title`)}
      description={t("guide.progress", { step: index + 1, count: GUIDE_STEPS.length })}
      testId="new-user-guide"
      wide
    >
      <div data-step={step} data-testid="new-user-guide-step">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t(`guide.${step}.body`)}</p>
        <StepDetail step={step} leaveFor={leaveFor} />
      </div>
      <div className="mt-5 flex items-center gap-2">
        <Button variant="ghost" onClick={onClose} data-testid="new-user-guide-skip">
          {t("guide.skip")}
        </Button>
        <span className="flex-1" />
        {index > 0 ? (
          <Button
            variant="outline"
            onClick={() => setIndex(index - 1)}
            data-testid="new-user-guide-back"
          >
            {t("guide.back")}
          </Button>
        ) : null}
        {last ? (
          <Button onClick={onClose} data-testid="new-user-guide-done" data-autofocus>
            {t("guide.done")}
          </Button>
        ) : (
          <Button
            onClick={() => setIndex(index + 1)}
            data-testid="new-user-guide-next"
            data-autofocus
          >
            {t("guide.next")}
          </Button>
        )}
      </div>
    </Dialog>
  );
}

/** What a step offers to do right away; each action closes the guide first. */
function StepDetail(props: { step: GuideStep; leaveFor: (go: () => void) => () => void }) {
  const { t } = useTranslation("onboarding");
  const { t: tApp } = useTranslation();
  const navigate = useNavigate();
  const { step, leaveFor } = props;
  const action = (testId: string, label: string, go: () => void) => (
    <Button variant="outline" size="sm" onClick={leaveFor(go)} data-testid={testId}>
      {label}
    </Button>
  );

  if (step === "views") {
    // Each view opens its timeline: where to start is the newcomer's choice.
    return (
      <ul className="mt-3 grid grid-cols-2 gap-2 text-sm" data-testid="new-user-guide-views">
        {VIEW_META.map(({ name, view, icon: Icon }) => (
          <li key={name}>
            <button
              type="button"
              onClick={leaveFor(() => {
                void navigate(timelineLink({ view }));
              })}
              className="flex w-full items-center gap-2 rounded-lg border border-zinc-200 px-3 py-2 text-left hover:border-accent dark:border-zinc-700"
              data-testid={`new-user-guide-view-${view}`}
            >
              <Icon size={16} className="shrink-0 text-accent" />
              <span>{tApp(`views.${name}`)}</span>
            </button>
          </li>
        ))}
      </ul>
    );
  }
  if (step === "add") {
    return (
      <div className="mt-3 flex flex-wrap gap-2">
        {action("new-user-guide-quick-add", t("guide.add.quickAdd"), () => openQuickAdd())}
        {action("new-user-guide-opml", t("guide.add.opml"), openOpmlImport)}
      </div>
    );
  }
  if (step === "discover") {
    return (
      <div className="mt-3">
        {action("new-user-guide-discover", t("guide.discover.open"), () => {
          void navigate({ to: PAGE_PATHS.discover });
        })}
      </div>
    );
  }
  if (step === "shortcuts") {
    return (
      <div className="mt-3">
        {action("new-user-guide-shortcuts", t("guide.shortcuts.open"), openShortcutsDialog)}
      </div>
    );
  }
  return null;
}
