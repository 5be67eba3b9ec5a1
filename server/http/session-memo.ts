import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { sessionVersion } from "../accounts/session-role.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";

/** What a route needs of a validated session. */
export interface VerifiedSession {
  userId: string;
  role: string;
}

interface Memo extends VerifiedSession {
  sessionId: string;
  /** The cookie cache's version (accounts/session-role.ts) the answer was made with. */
  version: string;
  /** Epoch ms; the memo is used strictly before this. */
  until: number;
}

/** Bounds memory: about 200 bytes an entry. Oldest entries go first. */
const MAX_ENTRIES = 10_000;

/** better-auth revives ISO dates before checking the cookie cache's signature; so do we. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Session validation for API requests, remembering better-auth's answers that came from its
 * signed cookie cache (`session.cookieCache`).
 *
 * better-auth answers a request that carries a valid, unexpired session-data cookie for its
 * session token from that cookie alone (no database read), so its answer for the same Cookie
 * header is the same until that cookie's `expiresAt` (or the session's own expiry, if sooner);
 * checking the two HMAC signatures again on every request (~1 ms with WebCrypto, a third of an
 * entry-list request) only repeats that answer. This keeps the answer, keyed by a SHA-256 of the
 * whole Cookie header, until then, and no longer. Revocation is not delayed: like better-auth's
 * cookie cache (see `cookieCache.version` in auth.ts), a remembered answer holds only while its
 * session's version is the same (the row exists, the user's role, address and its verification
 * are unchanged), one primary-key join per request. Answers better-auth took from
 * the database (no or expired cache cookie), answers that set or cleared a cookie, and refusals
 * are never kept.
 */
export class SessionMemo {
  private readonly auth: Auth;
  private readonly database: DatabaseHandle;
  private readonly entries = new Map<string, Memo>();

  constructor(auth: Auth, database: DatabaseHandle) {
    this.auth = auth;
    this.database = database;
  }

  get size(): number {
    return this.entries.size;
  }

  async resolve(headers: Headers): Promise<VerifiedSession | null> {
    const cookie = headers.get("cookie");
    const key = cookie ? createHash("sha256").update(cookie).digest("base64url") : undefined;
    if (key) {
      const memo = this.entries.get(key);
      if (memo) {
        if (Date.now() < memo.until) {
          const version = await sessionVersion(this.database, memo.sessionId);
          if (version === memo.version) return { userId: memo.userId, role: memo.role };
          this.entries.delete(key);
          // Revoked: no answer. Changed (a role, an address verified): better-auth reads the
          // session again, its cookie cache having the old version too.
          if (version === undefined) return null;
        } else {
          this.entries.delete(key);
        }
      }
    }
    const { headers: answered, response } = await this.auth.api.getSession({
      headers,
      returnHeaders: true,
    });
    if (!response) return null;
    const session = { userId: response.user.id, role: response.role };
    if (key && cookie && answered.getSetCookie().length === 0) {
      const cached = await this.cacheCookie(cookie, response.session.id, response.user.id);
      const until = Math.min(cached.expiresAt, Date.parse(response.session.expiresAt));
      if (until > Date.now() && cached.version) {
        this.remember(key, {
          ...session,
          sessionId: response.session.id,
          version: cached.version,
          until,
        });
      }
    }
    return session;
  }

  private remember(key: string, memo: Memo) {
    if (this.entries.size >= MAX_ENTRIES) {
      const now = Date.now();
      for (const [k, m] of this.entries) if (m.until <= now) this.entries.delete(k);
      while (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next().value;
        if (oldest === undefined) break;
        this.entries.delete(oldest);
      }
    }
    this.entries.set(key, memo);
  }

  /**
   * The `expiresAt` and version of the request's session-data cookie if it is a single
   * (unchunked) cookie in better-auth's "compact" format, signed with our secret, for this
   * session and user; else an `expiresAt` of 0 (nothing is remembered). Checked here independently of better-auth, so a second, forged
   * cookie cannot lend its expiry to the one better-auth accepted.
   */
  private async cacheCookie(
    cookie: string,
    sessionId: string,
    userId: string,
  ): Promise<{ expiresAt: number; version?: string }> {
    const none = { expiresAt: 0 };
    const context = await this.auth.$context;
    const cache = context.options.session?.cookieCache as { strategy?: string } | undefined;
    const strategy = cache?.strategy ?? "compact";
    if (strategy !== "compact" || typeof context.secret !== "string") return none;
    const name = context.authCookies.sessionData.name;
    const values: string[] = [];
    for (const part of cookie.split(";")) {
      const index = part.indexOf("=");
      const cookieName = (index < 0 ? part : part.slice(0, index)).trim();
      if (cookieName === name || cookieName.startsWith(`${name}.`)) {
        if (cookieName !== name) return none; // chunked: better-auth joins the pieces; not kept
        values.push(part.slice(index + 1).trim());
      }
    }
    const value = values.length === 1 ? values[0]! : "";
    if (!BASE64URL.test(value)) return none;
    try {
      const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"), (_, v) =>
        typeof v === "string" && ISO_DATE.test(v) && !Number.isNaN(Date.parse(v)) ? new Date(v) : v,
      ) as {
        session?: { session?: { id?: unknown }; user?: { id?: unknown }; version?: unknown };
        expiresAt?: unknown;
        signature?: unknown;
      };
      const { session, expiresAt, signature } = parsed;
      if (
        typeof session !== "object" ||
        session === null ||
        typeof expiresAt !== "number" ||
        typeof signature !== "string" ||
        session.session?.id !== sessionId ||
        session.user?.id !== userId
      ) {
        return none;
      }
      const expected = createHmac("sha256", context.secret)
        .update(JSON.stringify({ ...session, expiresAt }))
        .digest();
      const given = Buffer.from(signature, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return none;
      const version = typeof session.version === "string" ? session.version : undefined;
      return version ? { expiresAt, version } : none;
    } catch {
      return none;
    }
  }
}

const memos = new WeakMap<Auth, SessionMemo>();

/** One memo per better-auth instance (each has its own secret and cookie names). */
export function sessionMemoFor(auth: Auth, database: DatabaseHandle): SessionMemo {
  let memo = memos.get(auth);
  if (!memo) {
    memo = new SessionMemo(auth, database);
    memos.set(auth, memo);
  }
  return memo;
}
