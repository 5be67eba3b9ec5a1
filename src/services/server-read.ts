import { useCallback, useEffect, useRef, useState } from "react";
import type { Endpoint, RequestOf, ResponseOf } from "../../contract/api/endpoint.ts";
import type { EndpointInfo } from "../../contract/api/info.ts";
import { type CallArgs, INVALID_REQUEST_CODE } from "../api/call.ts";
import type { ApiFetch } from "../api/client.ts";
import { errorLine, errorText } from "../api/error-text.ts";
import { isFetchError } from "../api/fetch-error.ts";
import { translate } from "../i18n/index.ts";

/** Why a read failed: the catalogue code, one line to show, the server's reason (when it is
 * for people), the error itself. */
export interface ReadFailure {
  code: number | undefined;
  message: string;
  reason: string | undefined;
  error: unknown;
}

/**
 * A read of the server as a screen shows it. `input` is what was asked (the keyword, the URL):
 * a screen may still be showing an answer for an older input while a newer one loads.
 */
export type ReadState<T, Input = unknown> =
  | { status: "idle" }
  | { status: "loading"; input: Input }
  | { status: "ready"; input: Input; data: T }
  | ({ status: "failed"; input: Input } & ReadFailure);

/** The state of a read that always has something to ask for (never idle). */
export type LoadState<T, Input = unknown> = Exclude<ReadState<T, Input>, { status: "idle" }>;

export interface ReadOptions {
  /** Waits this long after the input changes before reading (what is being typed). */
  delayMs?: number;
  /** A new value reads the same input again, showing the last answer until the new one. */
  revision?: number;
  /** The line shown for a failure, when the catalogue's is not the best (a local refusal). */
  describe?: (error: unknown) => string | undefined;
  /** Called once a read's answer or failure is shown. */
  onSettled?: () => void;
}

/**
 * A failure's line: a refused request's reason alone (it says what to change), else the
 * catalogue's message with the reason.
 */
export function readFailure(error: unknown, describe?: ReadOptions["describe"]): ReadFailure {
  const code = isFetchError(error) ? error.code : undefined;
  const { reason } = errorText(error, translate);
  const message =
    describe?.(error) ??
    (code === INVALID_REQUEST_CODE && reason ? reason : errorLine(error, translate));
  return { code, message, reason, error };
}

const IDLE = { status: "idle" } as const;

/**
 * One read's life, outside React: after `delayMs`, shows loading (unless `quiet`: the same
 * input read again), then the answer or the failure, unless cancelled first. Returns the
 * cancel, which also aborts the request in flight.
 */
export function runRead<Source, Input, T>(
  source: Source,
  input: Input,
  read: (source: Source, input: Input, signal: AbortSignal) => Promise<T>,
  show: (state: LoadState<T, Input>) => void,
  options: Pick<ReadOptions, "delayMs" | "describe" | "onSettled"> & { quiet?: boolean } = {},
): () => void {
  const { delayMs = 0, quiet = false, describe, onSettled } = options;
  const controller = new AbortController();
  const start = () => {
    if (!quiet) show({ status: "loading", input });
    read(source, input, controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        show({ status: "ready", input, data });
        onSettled?.();
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        show({ status: "failed", input, ...readFailure(error, describe) });
        onSettled?.();
      },
    );
  };
  const timer = delayMs > 0 ? setTimeout(start, delayMs) : undefined;
  if (timer === undefined) start();
  return () => {
    clearTimeout(timer);
    controller.abort();
  };
}

/**
 * One read at a time of what `input` names, through `source` (the API client, or the runtime's
 * services): a null input reads nothing (idle); an undefined source waits (loading); a new input,
 * source or revision aborts the read in flight, and so does unmounting. An input is compared by
 * value, so a request object made at each render does not read again.
 */
export function useRead<Source, Input extends NonNullable<unknown>, T>(
  source: Source | undefined,
  input: Input,
  read: (source: Source, input: Input, signal: AbortSignal) => Promise<T>,
  options?: ReadOptions,
): LoadState<T, Input>;
export function useRead<Source, Input, T>(
  source: Source | undefined,
  input: Input | null,
  read: (source: Source, input: Input, signal: AbortSignal) => Promise<T>,
  options?: ReadOptions,
): ReadState<T, Input>;
export function useRead<Source, Input, T>(
  source: Source | undefined,
  input: Input | null,
  read: (source: Source, input: Input, signal: AbortSignal) => Promise<T>,
  options: ReadOptions = {},
): ReadState<T, Input> {
  const key = input === null ? null : JSON.stringify(input);
  const [state, setState] = useState<ReadState<T, Input>>(
    input === null ? IDLE : { status: "loading", input },
  );
  // The input whose answer (or loading) is on screen: only a revision keeps it there.
  const shown = useRef<string | null>(null);
  const { delayMs = 0, revision, describe } = options;
  const onSettled = useRef(options.onSettled);
  onSettled.current = options.onSettled;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the input, `read` is fixed by the caller.
  useEffect(() => {
    if (input === null || key === null) {
      shown.current = null;
      setState(IDLE);
      return;
    }
    if (source === undefined) {
      setState({ status: "loading", input });
      return;
    }
    const show = (next: ReadState<T, Input>) => {
      shown.current = key;
      setState(next);
    };
    return runRead(source, input, read, show, {
      delayMs,
      quiet: shown.current === key,
      describe,
      onSettled: () => onSettled.current?.(),
    });
  }, [source, key, revision, delayMs]);
  return state;
}

/**
 * A read that writes ask again: `reload` reads the same input once more (what shows stays
 * until the answer) and settles once that answer shows, so a write can wait for its result.
 */
export function useReloadableRead<Source, Input extends NonNullable<unknown>, T>(
  source: Source | undefined,
  input: Input,
  read: (source: Source, input: Input, signal: AbortSignal) => Promise<T>,
  options?: Omit<ReadOptions, "revision" | "onSettled">,
): [LoadState<T, Input>, () => Promise<void>];
export function useReloadableRead<Source, Input, T>(
  source: Source | undefined,
  input: Input | null,
  read: (source: Source, input: Input, signal: AbortSignal) => Promise<T>,
  options?: Omit<ReadOptions, "revision" | "onSettled">,
): [ReadState<T, Input>, () => Promise<void>];
export function useReloadableRead<Source, Input, T>(
  source: Source | undefined,
  input: Input | null,
  read: (source: Source, input: Input, signal: AbortSignal) => Promise<T>,
  options: Omit<ReadOptions, "revision" | "onSettled"> = {},
): [ReadState<T, Input>, () => Promise<void>] {
  const [revision, setRevision] = useState(0);
  const waiting = useRef<(() => void)[]>([]);
  const settle = useCallback(() => {
    for (const resolve of waiting.current.splice(0)) resolve();
  }, []);
  // Unmounted: nothing will answer them.
  useEffect(() => settle, [settle]);
  const state = useRead(source, input, read, { ...options, revision, onSettled: settle });
  const reload = useCallback(
    () =>
      new Promise<void>((resolve) => {
        waiting.current.push(resolve);
        setRevision((n) => n + 1);
      }),
    [],
  );
  return [state, reload];
}

export interface ServerReadOptions<E extends Endpoint, T> extends ReadOptions {
  /** What of the answer the screen keeps (by default all of it). */
  select?: (answer: ResponseOf<E>) => T;
  timeout?: number;
  headers?: Record<string, string>;
}

/**
 * The read of one endpoint for a screen, keyed by its request: loading, then the answer or why
 * it failed (shown inline, so no toast). A null request reads nothing; no API client yet (the
 * runtime still starting) keeps it loading.
 */
export function useServerRead<E extends Endpoint, T = ResponseOf<E>>(
  api: ApiFetch | undefined,
  endpoint: E | EndpointInfo<E>,
  request: RequestOf<E>,
  options?: ServerReadOptions<E, T>,
): LoadState<T, RequestOf<E>>;
export function useServerRead<E extends Endpoint, T = ResponseOf<E>>(
  api: ApiFetch | undefined,
  endpoint: E | EndpointInfo<E>,
  request: RequestOf<E> | null,
  options?: ServerReadOptions<E, T>,
): ReadState<T, RequestOf<E>>;
export function useServerRead<E extends Endpoint, T = ResponseOf<E>>(
  api: ApiFetch | undefined,
  endpoint: E | EndpointInfo<E>,
  request: RequestOf<E> | null,
  options: ServerReadOptions<E, T> = {},
): ReadState<T, RequestOf<E>> {
  const { select, timeout, headers } = options;
  return useRead(
    api,
    request,
    async (client, input, signal) => {
      const callOptions = {
        signal,
        silent: true,
        ...(timeout !== undefined ? { timeout } : {}),
        ...(headers ? { headers } : {}),
      };
      const args = [input, callOptions] as unknown as CallArgs<E>;
      const answer = await client.call(endpoint, ...args);
      return select ? select(answer) : (answer as T);
    },
    options,
  );
}
