import { type CommandName, commandInfo, type InputOf } from "./catalog.ts";
import { type CommandHost, commandHost } from "./host.ts";
import { canPrompt, requestPrompt } from "./prompts.ts";
import type { CommandContext, CommandMeta } from "./types.ts";

export type CommandAvailability = "hidden" | "disabled" | "ready";

export type CommandRun =
  | { status: "dispatched"; done: Promise<CommandMeta> }
  | { status: "prompted" }
  | { status: "unavailable" };

const UNAVAILABLE: CommandRun = { status: "unavailable" };

/** Pure: whether a command shows (palette) and can run now, from the context alone. */
export function commandAvailability(
  name: CommandName,
  context: CommandContext,
  host: CommandHost | undefined = commandHost.host(),
): CommandAvailability {
  const info = commandInfo(name);
  if (info.when && !info.when(context)) return "hidden";
  if (!host) return "disabled";
  if (info.fromContext(context) !== undefined) return "ready";
  const prompt = info.prompt?.(context);
  return prompt && canPrompt(prompt) ? "ready" : "disabled";
}

/**
 * The one way to run a command, for the palette, shortcuts, toolbars and menus alike: its
 * payload from the context (and a dialog's answer, `input`), else its dialog; its effects on
 * the view; then dispatch. Without a host yet (the reader still mounting) it runs on the
 * host's arrival. With `input`, a payload it cannot build means "nothing to do", never a
 * second dialog.
 */
export function runCommand<Name extends CommandName>(
  name: Name,
  context: CommandContext = commandHost.context(),
  input?: InputOf<Name>,
  host: CommandHost | undefined = commandHost.host(),
): CommandRun {
  const info = commandInfo(name);
  if (info.when && !info.when(context)) return UNAVAILABLE;
  const payload = (info.fromContext as (c: CommandContext, i?: unknown) => unknown)(context, input);
  if (payload === undefined) {
    if (input !== undefined) return UNAVAILABLE;
    const prompt = info.prompt?.(context);
    return prompt && requestPrompt(prompt) ? { status: "prompted" } : UNAVAILABLE;
  }
  const dispatch = (to: CommandHost) => {
    try {
      const before = to.view ? info.onRun?.(payload as never, to.view) : undefined;
      // A view effect that reads the state the command changes goes first; its failure
      // never stops the command.
      if (before) {
        return before
          .catch((error: unknown) => console.error(error))
          .then(() => to.dispatch(name, payload as never));
      }
      return Promise.resolve(to.dispatch(name, payload as never));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const done = host ? dispatch(host) : commandHost.nextHost().then(dispatch);
  // Callers may ignore the outcome; a refused payload is a bug worth a log, not a crash.
  done.catch((error: unknown) => console.error(error));
  return { status: "dispatched", done };
}

/** For shortcuts: whether the key did something. */
export function ran(run: CommandRun): boolean {
  return run.status !== "unavailable";
}
