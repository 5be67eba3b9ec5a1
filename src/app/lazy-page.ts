import { lazyRouteComponent } from "@tanstack/react-router";
import type { ComponentType } from "react";
import { claimReload } from "./reload-guard.ts";

let reloading = false;

/**
 * A page chunk that still fails after the one allowed reload. Its message deliberately does not
 * start like the browser's, so TanStack Router's own reload-on-missing-module stays out of it
 * (that would be a second reload).
 */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(`Page chunk failed to load: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = "ChunkLoadError";
  }
}

/** Reloads the page if the once-per-session guard allows it; true when a reload is under way. */
function reloadOnce(): boolean {
  if (reloading) return true;
  if (!claimReload(sessionStorageOrUndefined(), Date.now())) return false;
  reloading = true;
  window.location.reload();
  return true;
}

/**
 * A lazily loaded route component. A failed chunk import reloads the page once (the app was
 * probably updated); if that already happened this session, the error reaches the error page.
 */
export function lazyPage<Module extends Record<string, unknown>>(
  importer: () => Promise<Module>,
  exportName: keyof Module & string,
) {
  return lazyRouteComponent(
    () =>
      importer().catch((error: unknown) => {
        // Never settle while the page reloads, so nothing renders a half-broken screen.
        if (reloadOnce()) return new Promise<Module>(() => {});
        throw new ChunkLoadError(error);
      }) as Promise<Record<string, ComponentType>>,
    exportName,
  );
}

/**
 * Vite raises `vite:preloadError` when a chunk preload fails and rethrows unless the event is
 * cancelled. Cancel it only when we are reloading anyway.
 */
export function installPreloadErrorHandler(target: Window = window): void {
  target.addEventListener("vite:preloadError", (event) => {
    if (reloadOnce()) event.preventDefault();
  });
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
