import { lazy, Suspense } from "react";

// Dialogs the shell keeps mounted but shows only when asked: their open state lives in their
// services, so their bodies load just after the first paint instead of before it.
const QuickAddDialog = lazy(() =>
  import("../subscriptions/quick-add-dialog.tsx").then((m) => ({ default: m.QuickAddDialog })),
);
const BatchEditDialog = lazy(() =>
  import("../subscriptions/batch-edit-dialog.tsx").then((m) => ({ default: m.BatchEditDialog })),
);
const OpmlImportDialog = lazy(() =>
  import("../subscriptions/opml-import-dialog.tsx").then((m) => ({ default: m.OpmlImportDialog })),
);
const NewUserGuideHost = lazy(() =>
  import("../onboarding/new-user-guide.tsx").then((m) => ({ default: m.NewUserGuideHost })),
);

/** The shell's deferred dialogs, each loaded on its own after the first paint. */
export function ShellDialogs({ view }: { view: number }) {
  return (
    <Suspense fallback={null}>
      <QuickAddDialog defaultView={view} />
      <BatchEditDialog defaultView={view} />
      <OpmlImportDialog defaultView={view} />
      <NewUserGuideHost />
    </Suspense>
  );
}
