import type { ServerService } from "../../../contract/integrations.ts";
import type { ServiceBases } from "../../config.ts";

/** The entry as the services receive it. */
export interface EntryToSave {
  title: string;
  url: string;
  author: string;
  /** Sanitized entry HTML (the readability result when there is one). */
  html: string;
  summary: string;
  /** ISO */
  publishedAt: string;
  imageUrl: string | null;
  language: string | null;
  tags: string[];
  /** The person's highlights of the entry, in reading order, with their notes. */
  highlights?: readonly { exact: string; note: string; color?: string }[];
  /** The tags the person put on the entry. */
  personalTags?: readonly string[];
}

export interface SaveInput {
  entry: EntryToSave;
  /** The integration tab with the secrets filled in. */
  settings: Readonly<Record<string, unknown>>;
  selectedText?: string | undefined;
}

export interface ServiceAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** HTTP as the services use it: through the guarded fetcher, never following a POST's redirect. */
export interface ServiceHttp {
  request(
    method: "GET" | "POST",
    url: string,
    headers: Record<string, string>,
    body?: string | Uint8Array,
  ): Promise<ServiceAnswer>;
}

/** The service refused or failed; `reason` is shown to the user after 'Failed to save to X'. */
export class ServiceFailure extends Error {}

export interface ServiceClient {
  /** Saves the entry; answers the saved item's link when the service gives one. */
  save(input: SaveInput, http: ServiceHttp, bases: ServiceBases): Promise<string | null>;
  /** One authenticated call that changes nothing; throws ServiceFailure when it is refused. */
  test(
    settings: Readonly<Record<string, unknown>>,
    http: ServiceHttp,
    bases: ServiceBases,
  ): Promise<void>;
}

export type ServiceClients = Record<ServerService, ServiceClient>;

export function setting(settings: Readonly<Record<string, unknown>>, name: string): string {
  const value = settings[name];
  return typeof value === "string" ? value.trim() : "";
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A status the service answered, as a reason: its own message when it sent one. */
export function statusFailure(
  service: string,
  answer: ServiceAnswer,
  known: Record<number, string> = {},
) {
  const body = parseJson(answer.text) as {
    message?: unknown;
    detail?: unknown;
    error?: unknown;
  } | null;
  const said = [body?.message, body?.detail, body?.error].find((v) => typeof v === "string") as
    | string
    | undefined;
  const text = known[answer.status] ?? said ?? answer.text.slice(0, 200).trim();
  return new ServiceFailure(`${service} answered ${answer.status}${text ? `: ${text}` : ""}`);
}

/** `{endpoint}/path` for a user-given endpoint (trailing slashes dropped). */
export function joinEndpoint(endpoint: string, path: string): string {
  return `${endpoint.replace(/\/+$/, "")}${path}`;
}
