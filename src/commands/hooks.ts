import { useEffect, useRef, useSyncExternalStore } from "react";
import type { CommandName } from "./catalog.ts";
import { type CommandHost, commandHost } from "./host.ts";
import { answerPrompts, type PromptRequest } from "./prompts.ts";
import { type CommandAvailability, commandAvailability } from "./run.ts";
import type { CommandContext } from "./types.ts";

/** Registers where commands run while mounted (the reader's dispatch and view effects). */
export function useCommandHost(host: CommandHost | undefined): void {
  useEffect(() => (host ? commandHost.setHost(host) : undefined), [host]);
}

/** Whether a button or menu item running this command can run now (follows the host). */
export function useCommandAvailability(
  name: CommandName,
  context: CommandContext,
): CommandAvailability {
  useSyncExternalStore(commandHost.subscribe, commandHost.version, commandHost.version);
  return commandAvailability(name, context);
}

/**
 * Publishes what this part of the screen knows (the open entry, the selected feed or folder)
 * for commands' `when` and payloads; parts from several components merge, later ones winning.
 */
export function useCommandContext(context: CommandContext): void {
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

/**
 * Owns a command's dialog while mounted: `open` runs for the prompts `matches` accepts (the
 * latest callbacks, so they may close over render state).
 */
export function usePromptAnswer(
  matches: (request: PromptRequest) => boolean,
  open: (request: PromptRequest) => void,
  enabled = true,
): void {
  const latest = useRef({ matches, open });
  latest.current = { matches, open };
  useEffect(
    () =>
      enabled
        ? answerPrompts({
            matches: (request) => latest.current.matches(request),
            open: (request) => latest.current.open(request),
          })
        : undefined,
    [enabled],
  );
}
