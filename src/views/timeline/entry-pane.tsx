import { useParams } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { isPendingEntry } from "../../../contract/routes.ts";
import { Spinner } from "../../ui/spinner.tsx";
import { NoEntry } from "../entry/no-entry.tsx";

// The entry pane (DOMPurify and the content renderers) loads on first use: the timeline's
// first paint does not wait for it.
const EntryView = lazy(() =>
  import("../entry/entry-view.tsx").then((module) => ({ default: module.EntryView })),
);

/** The entry detail route: the chosen entry, or a calm placeholder while it is `pending`. */
export function EntryPane() {
  const { entryId } = useParams({ strict: false });
  const pending = isPendingEntry(entryId);
  return (
    <div
      className="h-full min-h-0"
      data-testid="timeline-entry"
      data-pending={pending}
      data-entry-id={pending ? "pending" : entryId}
    >
      {pending ? (
        <NoEntry />
      ) : (
        <Suspense
          fallback={
            <div className="flex h-full items-center justify-center text-muted">
              <Spinner size={24} />
            </div>
          }
        >
          <EntryView key={entryId} entryId={entryId!} />
        </Suspense>
      )}
    </div>
  );
}
