import type { CommandInfo, CommandName, Dispatch } from "../commands/index.ts";
import { openQuickAdd } from "./bus.ts";
import { commandPayload, type ReaderContext } from "./command-payload.ts";

/**
 * Where the palette and shortcuts send commands: the app's dispatch, and the UI for commands
 * that need input (a folder name, a URL). The reader registers it with useCommandHost.
 */
export interface CommandHost {
  dispatch: Dispatch;
  /** Opens the input a command needs; returns false when there is none for it. */
  prompt?(name: CommandName, context: ReaderContext): boolean | undefined;
  /** Whether `prompt` has an input for this command now; without it, any prompt counts. */
  canPrompt?(name: CommandName, context: ReaderContext): boolean;
}

export type CommandAvailability = "hidden" | "disabled" | "ready";

function createCommandHostStore() {
  const hosts: CommandHost[] = [];
  const contexts = new Map<number, ReaderContext>();
  let context: ReaderContext = {};
  let nextId = 0;
  let version = 0;
  const listeners = new Set<() => void>();
  const notify = () => {
    version++;
    for (const listener of listeners) listener();
  };

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Changes whenever the host or the context does (for useSyncExternalStore). */
    version: () => version,
    host: (): CommandHost | undefined => hosts.at(-1),
    setHost(host: CommandHost): () => void {
      hosts.push(host);
      notify();
      return () => {
        const index = hosts.lastIndexOf(host);
        if (index >= 0) hosts.splice(index, 1);
        notify();
      };
    },
    context: () => context,
    /** Adds one component's part of the context (later parts win); returns its removal. */
    publish(part: ReaderContext): { update(part: ReaderContext): void; remove(): void } {
      const id = nextId++;
      const merge = () => {
        context = Object.assign({}, ...contexts.values());
        notify();
      };
      contexts.set(id, part);
      merge();
      return {
        update(next) {
          contexts.set(id, next);
          merge();
        },
        remove() {
          contexts.delete(id);
          merge();
        },
      };
    },
  };
}

export const commandHost = createCommandHostStore();

/** Pure: whether a command shows in the palette and can run now. */
export function commandAvailability(
  command: CommandInfo<CommandName>,
  context: ReaderContext,
  host: CommandHost | undefined,
): CommandAvailability {
  if (command.when && !command.when(context)) return "hidden";
  if (!host) return "disabled";
  if (commandPayload(command.name, context) !== undefined) return "ready";
  const prompts = host.canPrompt ? host.canPrompt(command.name, context) : Boolean(host.prompt);
  if (prompts || command.name === "subscriptions.subscribe") return "ready";
  return "disabled";
}

/** Runs a command with the current context; false when it cannot run now. */
export function runCommand(
  command: CommandInfo<CommandName>,
  context: ReaderContext = commandHost.context(),
  host: CommandHost | undefined = commandHost.host(),
): boolean {
  if (commandAvailability(command, context, host) !== "ready" || !host) return false;
  const payload = commandPayload(command.name, context);
  if (payload !== undefined) {
    void Promise.resolve(host.dispatch(command.name, payload as never)).catch((error: unknown) =>
      console.error(error),
    );
    return true;
  }
  if (host.prompt && host.prompt(command.name, context) !== false) return true;
  // Subscribing needs a URL: the quick add dialog asks for it.
  if (command.name === "subscriptions.subscribe") {
    openQuickAdd();
    return true;
  }
  return false;
}
