import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  MEMORY_AUTH_BASE_URL as BASE_URL,
  memoryDatabaseWithAuth,
} from "../../tests/support/memory-auth.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { SessionMemo } from "./session-memo.ts";

const CACHE_SECONDS = 300;

let database: DatabaseHandle;
let auth: Auth;

beforeAll(async () => {
  const built = memoryDatabaseWithAuth({ RATE_LIMIT: "false" });
  ({ database, auth } = built);
  await migrateDatabase(database, auth, built.logger);
});
afterAll(() => database?.close());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

let counter = 0;
/** Signs a new user up and in; returns their id and the Cookie header a browser would send. */
async function signUp() {
  counter += 1;
  const credentials = { email: `memo${counter}@example.com`, password: "correct horse battery" };
  const post = (path: string, body: object) =>
    auth.handler(
      new Request(`${BASE_URL}/api/better-auth/${path}`, {
        method: "POST",
        headers: { origin: BASE_URL, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
  expect((await post("sign-up/email", { ...credentials, name: "Memo" })).status).toBe(200);
  // Sign-up never signs in (it answers alike for a registered address).
  const response = await post("sign-in/email", credentials);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { user: { id: string } };
  const cookies = new Map(
    response.headers.getSetCookie().map((line) => {
      const pair = line.split(";")[0]!;
      const index = pair.indexOf("=");
      return [pair.slice(0, index), pair.slice(index + 1)] as const;
    }),
  );
  const token = [...cookies].find(([name]) => name.endsWith("session_token"))!;
  const data = [...cookies].find(([name]) => name.endsWith("session_data"))!;
  expect(token).toBeDefined();
  expect(data).toBeDefined();
  return {
    userId: body.user.id,
    both: new Headers({ cookie: `${token[0]}=${token[1]}; ${data[0]}=${data[1]}` }),
    tokenOnly: new Headers({ cookie: `${token[0]}=${token[1]}` }),
    data,
  };
}

/** Deletes the user's sessions in the database, as a sign-out elsewhere or a revocation does. */
async function revokeAll(userId: string) {
  await sql`delete from session where "userId" = ${userId}`.execute(database.db);
}

/** Moves `Date` (only) forward; better-auth's cookie-cache expiry reads `Date.now()`. */
function advanceClock(seconds: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now + seconds * 1000);
}

describe("SessionMemo", () => {
  it("answers like better-auth and remembers a cookie-cache answer", async () => {
    const { userId, both } = await signUp();
    const memo = new SessionMemo(auth, database);
    const getSession = vi.spyOn(auth.api, "getSession");
    expect(await memo.resolve(both)).toEqual({ userId, role: "user" });
    expect(await memo.resolve(both)).toEqual({ userId, role: "user" });
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(memo.size).toBe(1);
  });

  it("refuses requests without cookies or with a signed-out session", async () => {
    const memo = new SessionMemo(auth, database);
    expect(await memo.resolve(new Headers())).toBeNull();
    expect(
      await memo.resolve(new Headers({ cookie: "better-auth.session_token=nope" })),
    ).toBeNull();
    const { userId, tokenOnly } = await signUp();
    await revokeAll(userId);
    expect(await memo.resolve(tokenOnly)).toBeNull();
    expect(memo.size).toBe(0);
  });

  it("refuses a revoked session at once, while its cache cookie is still valid", async () => {
    const { userId, both } = await signUp();
    const memo = new SessionMemo(auth, database);
    expect(await memo.resolve(both)).toEqual({ userId, role: "user" });
    expect(memo.size).toBe(1);
    await revokeAll(userId);
    // Neither better-auth's cookie cache nor the memo answer for a session that is gone (L1).
    expect(await auth.api.getSession({ headers: both })).toBeNull();
    expect(await memo.resolve(both)).toBeNull();
    expect(memo.size).toBe(0);
  });

  it("reads a session again when its user changed (an address verified), never signing it out", async () => {
    const { userId, both } = await signUp();
    const memo = new SessionMemo(auth, database);
    expect(await memo.resolve(both)).toEqual({ userId, role: "user" });
    await sql`update "user" set "emailVerified" = ${database.dialect === "postgres" ? true : 1}
      where "id" = ${userId}`.execute(database.db);
    expect(await memo.resolve(both)).toEqual({ userId, role: "user" });
  });

  it("still lets a memo expire with its cache cookie", async () => {
    const { userId, both } = await signUp();
    const memo = new SessionMemo(auth, database);
    const getSession = vi.spyOn(auth.api, "getSession");
    expect(await memo.resolve(both)).toEqual({ userId, role: "user" });
    advanceClock(CACHE_SECONDS - 5);
    expect(await memo.resolve(both)).toEqual({ userId, role: "user" });
    expect(getSession).toHaveBeenCalledTimes(1);
    advanceClock(10);
    expect(await memo.resolve(both)).toEqual({ userId, role: "user" });
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it("checks the database every time when there is no cookie cache", async () => {
    const { userId, tokenOnly } = await signUp();
    const memo = new SessionMemo(auth, database);
    expect(await memo.resolve(tokenOnly)).toEqual({ userId, role: "user" });
    expect(memo.size).toBe(0);
    await revokeAll(userId);
    expect(await memo.resolve(tokenOnly)).toBeNull();
  });

  it("does not let a forged or second cache cookie extend the memo", async () => {
    const { userId, both, data } = await signUp();
    const memo = new SessionMemo(auth, database);
    const decoded = JSON.parse(Buffer.from(data[1], "base64url").toString("utf8"));
    const forged = Buffer.from(
      JSON.stringify({ ...decoded, expiresAt: Date.now() + 86_400_000 }),
    ).toString("base64url");
    // A forged cache cookie alone: better-auth drops it and reads the database; nothing is kept.
    const tokenPair = both.get("cookie")!.split("; ")[0];
    const forgedOnly = new Headers({ cookie: `${tokenPair}; ${data[0]}=${forged}` });
    expect(await memo.resolve(forgedOnly)).toEqual({ userId, role: "user" });
    expect(memo.size).toBe(0);
    // Beside the real one: whatever better-auth decides, the memo stays out of it.
    const twice = new Headers({ cookie: `${both.get("cookie")}; ${data[0]}=${forged}` });
    await memo.resolve(twice);
    expect(memo.size).toBe(0);
    await revokeAll(userId);
    advanceClock(CACHE_SECONDS + 5);
    expect(await memo.resolve(forgedOnly)).toBeNull();
    expect(await memo.resolve(twice)).toBeNull();
  });

  it("keeps one user's answer from another's cookies", async () => {
    const a = await signUp();
    const b = await signUp();
    const memo = new SessionMemo(auth, database);
    expect((await memo.resolve(a.both))?.userId).toBe(a.userId);
    expect((await memo.resolve(b.both))?.userId).toBe(b.userId);
    expect((await memo.resolve(a.both))?.userId).toBe(a.userId);
    expect(memo.size).toBe(2);
  });
});
