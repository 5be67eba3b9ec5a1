import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { useAppServices } from "../../app/app-services.tsx";
import { afterContentPainted } from "../../app/first-paint.ts";
import { openDatabase } from "../../db/prewarm.ts";
import { useSession } from "../../session/session-context.tsx";
import {
  forgetSettingsOfPreviousUser,
  type ServerSettingsSync,
  startServerSettingsSync,
} from "../../settings/server-sync.ts";
import { type BootedReader, bootReader, type ReaderServices } from "./boot.ts";
import { useSyncErrorToasts } from "./sync-toasts.ts";

declare global {
  interface Window {
    /**
     * Test and benchmark hook (like the player's): the signed-in reader's database and
     * dispatch, to seed large local stores. Page scripts can already do what it allows.
     */
    __followReader?: ReaderServices;
  }
}

export type ReaderState =
  | { status: "booting" }
  | { status: "ready"; services: ReaderServices }
  | { status: "failed"; error: unknown };

/** The longest the sync engine waits for the first rows to be painted. */
const SYNC_AFTER_PAINT_MAX_WAIT_MS = 3000;

const ReaderContext = createContext<ReaderState>({ status: "booting" });

/**
 * Opens the local database and starts the sync engine for the signed-in user; closes both when
 * the user signs out (the shell unmounts) or another user signs in.
 */
export function ReaderProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { api, connectivity } = useAppServices();
  const [state, setState] = useState<ReaderState>({ status: "booting" });
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    let booted: BootedReader | undefined;
    let cancelled = false;
    setState({ status: "booting" });
    // Sync after the first timeline rows are painted (or 3 s): see bootReader.
    const onTimeline = window.location.pathname.startsWith("/timeline");
    const syncAfter = afterContentPainted(onTimeline ? SYNC_AFTER_PAINT_MAX_WAIT_MS : 0);
    let settings: ServerSettingsSync | undefined;
    const startSettings = (ownerChanged: boolean) => {
      if (cancelled) return;
      if (ownerChanged) forgetSettingsOfPreviousUser();
      settings = startServerSettingsSync({
        api: (path, options) => api(path, options),
        isOnline: () => connectivity.status === "online",
      });
      // Sent in the background: the first paint never waits for the network.
      void settings.pullAndFlush();
    };
    bootReader({ userId, api, connectivity, syncAfter, startSettings, open: openDatabase }).then(
      (reader) => {
        if (cancelled) return void reader.close();
        booted = reader;
        window.__followReader = reader;
        setState({ status: "ready", services: reader });
      },
      (error: unknown) => {
        console.error("The local database could not be opened", error);
        if (!cancelled) setState({ status: "failed", error });
      },
    );
    return () => {
      cancelled = true;
      if (booted && window.__followReader === booted) window.__followReader = undefined;
      void booted?.close();
      settings?.dispose();
    };
  }, [userId, api, connectivity]);

  useSyncErrorToasts(state.status === "ready" ? state.services.engine : undefined);
  return <ReaderContext value={state}>{children}</ReaderContext>;
}

export function useReaderState(): ReaderState {
  return useContext(ReaderContext);
}

/** The reader's services, or undefined while the database opens (or if it failed). */
export function useReader(): ReaderServices | undefined {
  const state = useContext(ReaderContext);
  return state.status === "ready" ? state.services : undefined;
}
