import type { ApiCall } from "../../../src/api/call.ts";
import { createApiClient } from "../../../src/api/client.ts";
import { openMemoryDatabase } from "../../../src/db/node.ts";
import type { LocalDatabase } from "../../../src/db/types.ts";
import { openChangeStream } from "../../../src/runtime/change-stream.ts";
import type { BackoffOptions } from "../../../src/sync/backoff.ts";
import {
  type Connectivity,
  createConnectivity,
  manualOnlineSource,
} from "../../../src/sync/connectivity.ts";
import { createDispatcher, type Dispatch } from "../../../src/sync/dispatch.ts";
import {
  createSyncEngine,
  type SyncEngine,
  type SyncEngineOptions,
} from "../../../src/sync/engine.ts";
import type { CommandRejection } from "../../../src/sync/failures.ts";
import { recordingReactions } from "../recording-reactions.ts";

/** Test helpers: a signed-in user and full clients (database, engine, API) against a server. */
export interface Account {
  cookie: string;
  userId: string;
}

export async function signUp(baseUrl: string, email: string): Promise<Account> {
  const origin = new URL(baseUrl).origin;
  const response = await fetch(new URL("/api/better-auth/sign-up/email", baseUrl), {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify({ email, password: "correct horse battery", name: "Reader" }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  // Sign-up never signs in (it answers alike for a registered address): sign in next.
  return signIn(baseUrl, email);
}

/** A new session of an existing account (another device). */
export async function signIn(baseUrl: string, email: string): Promise<Account> {
  const origin = new URL(baseUrl).origin;
  const signIn = await fetch(new URL("/api/better-auth/sign-in/email", baseUrl), {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify({ email, password: "correct horse battery" }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const body = (await signIn.json()) as { user: { id: string } };
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, userId: body.user.id };
}

/** The browser sends the session cookie itself; Node's fetch needs it added. */
export function withCookie(cookie: string, inner: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("cookie", cookie);
    return inner(input, { ...init, headers });
  };
}

export interface TestClient {
  db: LocalDatabase;
  dispatch: Dispatch;
  engine: SyncEngine;
  connectivity: Connectivity;
  /** Plays the browser's online/offline events. */
  setBrowserOnline(online: boolean): void;
  rejections: CommandRejection[];
  /** The API as the reader's pagers call it. */
  call: ApiCall;
  close(): Promise<void>;
}

export async function openTestClient(options: {
  baseUrl: string;
  account: Account;
  /** The transport under the cookie (a fault injector, say). */
  fetch?: typeof fetch;
  backoff?: BackoffOptions;
  engine?: Partial<SyncEngineOptions>;
  /** Hold the server's change stream (GET /sync/stream) as the browser's leader tab does. */
  live?: boolean;
}): Promise<TestClient> {
  const db = await openMemoryDatabase();
  const online = manualOnlineSource(true);
  const connectivity = createConnectivity(online);
  const reactions = recordingReactions();
  reactions.onNetworkResult = (ok) => connectivity.reportNetworkResult(ok);
  const api = createApiClient({
    baseURL: `${options.baseUrl}/api`,
    platform: "web",
    dev: false,
    reactions,
    fetch: withCookie(options.account.cookie, options.fetch),
    clientId: () => "test-client",
    sessionId: () => "test-session",
    retryDelayMs: 5,
  });
  const engine = createSyncEngine({
    db,
    api: api.fetch,
    connectivity,
    userId: options.account.userId,
    backoff: options.backoff ?? { baseMs: 5, maxMs: 50, jitter: false },
    log: () => undefined,
    ...(options.live
      ? {
          liveStream: (lastVersion: string | undefined, signal: AbortSignal) =>
            openChangeStream(api.fetch, lastVersion, signal),
        }
      : {}),
    ...options.engine,
  });
  const rejections: CommandRejection[] = [];
  const subscription = engine.errors$.subscribe((r) => rejections.push(r));
  return {
    db,
    dispatch: createDispatcher({ db }),
    engine,
    connectivity,
    setBrowserOnline: (value) => online.set(value),
    rejections,
    call: api.fetch.call,
    async close() {
      subscription.unsubscribe();
      await engine.stop();
      connectivity.dispose();
      await db.close();
    },
  };
}
