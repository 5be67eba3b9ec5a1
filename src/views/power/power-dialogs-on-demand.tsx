import { type ComponentProps, lazy, Suspense } from "react";
import type { BoostDialog as BoostDialogBody } from "./boost-dialog.tsx";
import type { TipDialog as TipDialogBody } from "./tip-dialog.tsx";

// Every feed row and the entry toolbar can open these, few readers do: their forms, amounts and
// wallet calls load with the first opening, not before the timeline's first paint.
const TipLoaded = lazy(() => import("./tip-dialog.tsx").then((m) => ({ default: m.TipDialog })));
const BoostLoaded = lazy(() =>
  import("./boost-dialog.tsx").then((m) => ({ default: m.BoostDialog })),
);

/** The tip dialog (see ./tip-dialog.tsx), loaded when first shown. */
export function TipDialog(props: ComponentProps<typeof TipDialogBody>) {
  return (
    <Suspense fallback={null}>
      <TipLoaded {...props} />
    </Suspense>
  );
}

/** The boost dialog (see ./boost-dialog.tsx), loaded when first shown. */
export function BoostDialog(props: ComponentProps<typeof BoostDialogBody>) {
  return (
    <Suspense fallback={null}>
      <BoostLoaded {...props} />
    </Suspense>
  );
}
