import type { CommandName, PayloadOf } from "./registry.ts";
import type { CommandContext, CommandMeta, ViewEffects } from "./types.ts";

/** Applies a command locally and queues it for sync (src/sync/dispatch.ts makes one). */
export type Dispatch = <Name extends CommandName>(
  name: Name,
  payload: PayloadOf<Name>,
) => Promise<CommandMeta>;

/**
 * Where commands run: the signed-in runtime's dispatch and the view it runs them in. The
 * reader registers it while mounted (useCommandHost); `dispatch` loads the definitions and
 * Effect on first use, so nothing here weighs on the first paint.
 */
export interface CommandHost {
  dispatch: Dispatch;
  view?: ViewEffects;
}

function createCommandHostStore() {
  const hosts: CommandHost[] = [];
  const waiting: ((host: CommandHost) => void)[] = [];
  const contexts = new Map<number, CommandContext>();
  let context: CommandContext = {};
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
    /** The host now, or the next one registered (a command run while the reader mounts). */
    nextHost(): Promise<CommandHost> {
      const host = hosts.at(-1);
      return host ? Promise.resolve(host) : new Promise((resolve) => waiting.push(resolve));
    },
    setHost(host: CommandHost): () => void {
      hosts.push(host);
      for (const resolve of waiting.splice(0)) resolve(host);
      notify();
      return () => {
        const index = hosts.lastIndexOf(host);
        if (index >= 0) hosts.splice(index, 1);
        notify();
      };
    },
    /** What the screen says now: every published part merged, later parts winning. */
    context: () => context,
    /** Adds one component's part of the context; returns its update and removal. */
    publish(part: CommandContext): { update(part: CommandContext): void; remove(): void } {
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
