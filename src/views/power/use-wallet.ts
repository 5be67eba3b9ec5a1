import { useEffect } from "react";
import { useAppServices } from "../../runtime/app-services.tsx";
import { type ReadState, useReloadableRead } from "../../services/server-read.ts";
import { readWallet, type Wallet } from "./wallet-calls.ts";

const listeners = new Set<() => void>();

/** After a money action: every screen showing the wallet reads it again. */
export function announceWalletChange(): void {
  for (const listener of listeners) listener();
}

/** This user's wallet (null before one exists), read again after any money action. */
export function useWallet(): [ReadState<Wallet | null>, () => Promise<void>] {
  const { api } = useAppServices();
  const [state, reload] = useReloadableRead(api, "wallet", (client, _input, signal) =>
    readWallet(client, signal),
  );
  useEffect(() => {
    const listener = () => void reload();
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [reload]);
  return [state, reload];
}
