import { lazy, Suspense, useState } from "react";
import type { SubscriptionItem } from "../../queries/index.ts";

// Every feed row carries this dialog; its form (and the server reads behind it) loads the first
// time a row opens it, not before the first paint. Once loaded it stays mounted.
const Dialog = lazy(() =>
  import("./edit-subscription-dialog.tsx").then((m) => ({ default: m.EditSubscriptionDialog })),
);

/** The edit-subscription dialog (see ./edit-subscription-dialog.tsx), loaded on its first open. */
export function EditSubscriptionDialog(props: {
  open: boolean;
  item: SubscriptionItem;
  onClose(): void;
}) {
  const [wanted, setWanted] = useState(false);
  if (props.open && !wanted) setWanted(true);
  if (!wanted && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
