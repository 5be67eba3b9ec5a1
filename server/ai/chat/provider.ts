import type { AiConfig } from "../../config.ts";
import { ApiError } from "../../http/api-error.ts";
import { IngestError } from "../../ingest/errors.ts";
import type { Fetcher } from "../../ingest/guarded-fetch.ts";
import { timedProvider } from "../../metrics/hooks.ts";
import { sseData } from "./sse.ts";
import { trimToTokens } from "./tokens.ts";

/**
 * An OpenAI-compatible chat-completions provider (OpenAI, Ollama, llama.cpp, vLLM, OpenRouter),
 * called through the guarded fetcher: a provider on loopback needs the operator's private
 * network allow-list, like a feed there would. Answers stream in; a 429 or 5xx (or a dropped
 * connection) before the first token is retried with exponential backoff, honouring
 * Retry-After; the whole call has one deadline; the input is trimmed to the token budget.
 */
export interface ChatRequest {
  system: string;
  /** The outside text (article), trimmed to the budget; `instruction` is sent whole. */
  text: string;
  instruction: string;
  /** Each piece of the answer as it arrives. */
  onDelta?: (delta: string) => void;
  signal?: AbortSignal;
  maxOutputTokens?: number;
}

export interface ChatProvider {
  readonly model: string;
  complete(request: ChatRequest): Promise<string>;
}

export interface ProviderOptions {
  /** First backoff step in ms (doubles each retry); tests shorten it. */
  retryBaseMs?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** The longest answer read from a provider: a summary or translation, never a book. */
const MAX_ANSWER_CHARS = 400_000;
const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const MAX_BACKOFF_MS = 30_000;

export function createChatProvider(
  config: AiConfig,
  fetcher: Fetcher,
  options: ProviderOptions = {},
): ChatProvider | null {
  const baseUrl = config.baseUrl;
  if (!baseUrl) return null;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const sleep = options.sleep ?? abortableSleep;
  const endpoint = `${baseUrl}/chat/completions`;

  async function attempt(request: ChatRequest, signal: AbortSignal): Promise<Attempt> {
    const { text } = trimToTokens(request.text, config.maxInputTokens);
    const body = JSON.stringify({
      model: config.model,
      stream: true,
      messages: [
        { role: "system", content: request.system },
        { role: "user", content: `${request.instruction}\n\n${text}` },
      ],
      ...(request.maxOutputTokens ? { max_tokens: request.maxOutputTokens } : {}),
    });
    const response = await fetcher.send(endpoint, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "text/event-stream",
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body,
      signal,
    });
    if (response.status < 200 || response.status >= 300) {
      const detail = await readErrorDetail(response.body);
      return {
        retryable: RETRY_STATUSES.has(response.status),
        retryAfterMs: retryAfterMs(response.headers["retry-after"]),
        error: providerError(`the AI provider answered ${response.status}${detail}`),
      };
    }
    const isStream = (response.headers["content-type"] ?? "").includes("text/event-stream");
    return { answer: await (isStream ? readStream : readWhole)(response.body, request.onDelta) };
  }

  return timedProvider<ChatProvider>({
    model: config.model,
    async complete(request) {
      const deadline = AbortSignal.timeout(config.timeoutSeconds * 1000);
      const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
      for (let retry = 0; ; retry++) {
        let outcome: Attempt;
        try {
          outcome = await attempt(request, signal);
        } catch (error) {
          if (deadline.aborted)
            throw providerError(`no answer within ${config.timeoutSeconds} s`, 504);
          if (request.signal?.aborted) throw error;
          // The address guard's refusal is the operator's policy: answered as it is (2003).
          if (error instanceof IngestError && error.kind === "blocked-address") throw error;
          if (error instanceof ApiError) throw error;
          outcome = {
            retryable: true,
            retryAfterMs: null,
            error: providerError(
              `the AI provider could not be reached: ${(error as Error).message}`,
            ),
          };
        }
        if ("answer" in outcome) return outcome.answer;
        if (!outcome.retryable || retry >= config.maxRetries) throw outcome.error;
        const backoff = outcome.retryAfterMs ?? retryBaseMs * 2 ** retry;
        try {
          await sleep(Math.min(backoff, MAX_BACKOFF_MS), signal);
        } catch {
          throw providerError(`no answer within ${config.timeoutSeconds} s`, 504);
        }
      }
    },
  });
}

type Attempt =
  | { answer: string }
  | { retryable: boolean; retryAfterMs: number | null; error: ApiError };

async function readStream(
  body: AsyncIterable<Uint8Array>,
  onDelta: ((delta: string) => void) | undefined,
): Promise<string> {
  let answer = "";
  for await (const data of sseData(body)) {
    if (data === "[DONE]") break;
    let chunk: ChatChunk;
    try {
      chunk = JSON.parse(data) as ChatChunk;
    } catch {
      throw providerError("the AI provider sent a malformed stream event");
    }
    if (chunk.error) throw providerError(`the AI provider failed: ${chunk.error.message ?? ""}`);
    const delta = chunk.choices?.[0]?.delta?.content;
    if (typeof delta !== "string" || delta === "") continue;
    answer += delta;
    if (answer.length > MAX_ANSWER_CHARS) throw providerError("the AI answer was too long");
    onDelta?.(delta);
  }
  return answer;
}

/** A provider that ignores `stream: true` answers one JSON completion. */
async function readWhole(
  body: AsyncIterable<Uint8Array>,
  onDelta: ((delta: string) => void) | undefined,
): Promise<string> {
  const text = await readCapped(body, MAX_ANSWER_CHARS * 2);
  let answer: unknown;
  try {
    answer = (JSON.parse(text) as ChatCompletion).choices?.[0]?.message?.content;
  } catch {
    throw providerError("the AI provider sent a malformed answer");
  }
  if (typeof answer !== "string") throw providerError("the AI provider sent no answer");
  onDelta?.(answer);
  return answer;
}

interface ChatChunk {
  choices?: { delta?: { content?: string | null } }[];
  error?: { message?: string };
}
interface ChatCompletion {
  choices?: { message?: { content?: string | null } }[];
}

async function readCapped(body: AsyncIterable<Uint8Array>, max: number): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of body) {
    text += decoder.decode(chunk, { stream: true });
    if (text.length > max) throw providerError("the AI answer was too long");
  }
  return text + decoder.decode();
}

async function readErrorDetail(body: AsyncIterable<Uint8Array>): Promise<string> {
  try {
    const text = await readCapped(body, 4_000);
    const message = (JSON.parse(text) as { error?: { message?: string } }).error?.message;
    return message ? `: ${message.slice(0, 200)}` : "";
  } catch {
    return "";
  }
}

function retryAfterMs(value: string | undefined): number | null {
  if (!value) return null;
  const seconds = Number(value.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

export function providerError(reason: string, status = 502): ApiError {
  return new ApiError(1005, reason, status);
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
