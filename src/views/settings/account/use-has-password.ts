import { useEffect, useState } from "react";
import { endpointInfo } from "../../../../contract/api/info.ts";
import { useAppServices } from "../../../runtime/app-services.tsx";
import { useServerRead } from "../../../services/server-read.ts";

const listeners = new Set<() => void>();

/** The account's ways to sign in changed (a password was set): every reader asks again. */
export function accountsChanged(): void {
  for (const listener of listeners) listener();
}

/**
 * Whether the account has a password ("credential" among its sign-in accounts): an account
 * made through a provider may not. Undefined until known.
 */
export function useHasPassword(): boolean | undefined {
  const { api } = useAppServices();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((value) => value + 1);
    listeners.add(bump);
    return () => void listeners.delete(bump);
  }, []);
  const read = useServerRead(api, endpointInfo.auth.listAccounts, {}, { revision: version });
  if (read.status === "ready") return read.data.some((a) => a.providerId === "credential");
  // Unknown: offer what most accounts have (a password to change); the server decides.
  return read.status === "failed" ? true : undefined;
}
