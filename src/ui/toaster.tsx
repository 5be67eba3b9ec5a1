import { lazy, Suspense, useEffect, useState } from "react";
import type { toast as sonnerToast } from "sonner";
import { afterContentPainted } from "../platform/first-paint.ts";

/**
 * Toasts (sonner) load after the first content is painted, or with the first toast: the
 * first paint shows none (issue #5). `toast` has sonner's calls; each runs once the outlet
 * is mounted, so no toast is lost.
 */
const SonnerToaster = lazy(() => import("./sonner-toaster.tsx"));

let requestOutlet: () => void = () => undefined;
const outletRequested = new Promise<void>((resolve) => {
  requestOutlet = resolve;
});
let outletMounted: () => void = () => undefined;
const outletReady = new Promise<void>((resolve) => {
  outletMounted = resolve;
});

type Sonner = typeof sonnerToast;

function later<Kind extends "error" | "success" | "info" | "warning">(kind: Kind): Sonner[Kind] {
  return ((...args: Parameters<Sonner[Kind]>) => {
    withToast((toast) => (toast[kind] as (...a: typeof args) => unknown)(...args));
  }) as Sonner[Kind];
}

/** Runs `show` with sonner's `toast` once the outlet is mounted. */
export function withToast(show: (toast: Sonner) => void): void {
  requestOutlet();
  Promise.all([import("sonner"), outletReady])
    .then(([module]) => show(module.toast))
    .catch((error: unknown) => console.error("Could not show a toast", error));
}

export const toast = {
  error: later("error"),
  success: later("success"),
  info: later("info"),
  warning: later("warning"),
};

/** The one toast outlet, mounted after the first paint or with the first toast. */
export function AppToaster() {
  const [show, setShow] = useState(false);
  useEffect(() => {
    let live = true;
    void Promise.race([outletRequested, afterContentPainted(3000)]).then(() => {
      if (live) setShow(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return show ? (
    <Suspense fallback={null}>
      <SonnerToaster onMounted={outletMounted} />
    </Suspense>
  ) : null;
}
