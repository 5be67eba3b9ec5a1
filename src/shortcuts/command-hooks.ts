import { useEffect, useRef } from "react";
import { type CommandHost, commandHost } from "./command-host.ts";
import type { ReaderContext } from "./command-payload.ts";

/**
 * Registers where commands from the palette and shortcuts go while mounted, e.g.
 * `useCommandHost({ dispatch: reader.dispatch, prompt })` in the reader.
 */
export function useCommandHost(host: CommandHost | undefined): void {
  useEffect(() => (host ? commandHost.setHost(host) : undefined), [host]);
}

/**
 * Publishes what this part of the screen knows (the open entry, the selected feed or folder)
 * for commands' `when` and payloads; parts from several components merge, later ones winning.
 */
export function useCommandContext(context: ReaderContext): void {
  const handle = useRef<ReturnType<typeof commandHost.publish> | undefined>(undefined);
  useEffect(() => {
    const published = commandHost.publish({});
    handle.current = published;
    return () => {
      published.remove();
      handle.current = undefined;
    };
  }, []);
  const key = JSON.stringify(context);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the context's value.
  useEffect(() => handle.current?.update(context), [key]);
}
