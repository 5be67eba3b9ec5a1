import { type ComponentProps, lazy, Suspense } from "react";
import type { ClaimFeedDialog as ClaimBody } from "./claim-feed-dialog.tsx";
import type { FeedAnalyticsDialog as AnalyticsBody } from "./feed-analytics-dialog.tsx";

// A feed header's claim and analytics dialogs open on a click: their forms and charts load
// then, not before the timeline's first paint.
const ClaimLoaded = lazy(() =>
  import("./claim-feed-dialog.tsx").then((m) => ({ default: m.ClaimFeedDialog })),
);
const AnalyticsLoaded = lazy(() =>
  import("./feed-analytics-dialog.tsx").then((m) => ({ default: m.FeedAnalyticsDialog })),
);

/** The claim dialog (see ./claim-feed-dialog.tsx), loaded when first shown. */
export function ClaimFeedDialog(props: ComponentProps<typeof ClaimBody>) {
  return (
    <Suspense fallback={null}>
      <ClaimLoaded {...props} />
    </Suspense>
  );
}

/** The analytics dialog (see ./feed-analytics-dialog.tsx), loaded when first shown. */
export function FeedAnalyticsDialog(props: ComponentProps<typeof AnalyticsBody>) {
  return (
    <Suspense fallback={null}>
      <AnalyticsLoaded {...props} />
    </Suspense>
  );
}
