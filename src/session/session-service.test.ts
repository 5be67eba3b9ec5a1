import { describe, expect, it } from "vitest";
import { type EndpointInfo, endpointInfo } from "../../contract/api/info.ts";
import type { SessionResponse } from "../../contract/session.ts";
import type { CallOptions } from "../api/call.ts";
import { FetchError } from "../api/fetch-error.ts";
import { memorySessionCache } from "./session-cache.ts";
import { createSessionService, type SessionFetch } from "./session-service.ts";

const signedIn: SessionResponse = {
  user: {
    id: "1",
    email: "ada@example.com",
    name: "Ada",
    image: null,
    handle: null,
    emailVerified: false,
    twoFactorEnabled: false,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
  },
  role: "user",
  session: { id: "s", expiresAt: "2030-01-01T00:00:00.000Z" },
};

const { getSession, signIn, signUp, signOut } = endpointInfo.auth;

interface Call {
  endpoint: EndpointInfo;
  input?: unknown;
  silent?: boolean | undefined;
}

/** A SessionFetch over plain functions: the answer for an endpoint, with every call recorded. */
function fakeFetch(answer: (endpoint: EndpointInfo) => unknown, calls: Call[] = []): SessionFetch {
  return (async (endpoint: EndpointInfo, input?: unknown, options?: { silent?: boolean }) => {
    calls.push({ endpoint, input, ...(options?.silent ? { silent: true } : {}) });
    return answer(endpoint);
  }) as SessionFetch;
}

function fakeServer(initial: SessionResponse) {
  let current = initial;
  const calls: Call[] = [];
  const fetcher = fakeFetch((endpoint) => {
    if (endpoint === getSession) return current;
    if (endpoint === signIn || endpoint === signUp) {
      current = signedIn;
      return { user: signedIn?.user };
    }
    if (endpoint === signOut) current = null;
    return {};
  }, calls);
  return { fetcher, calls };
}

describe("session service", () => {
  it("starts unknown and loads the session once for concurrent callers", async () => {
    const { fetcher, calls } = fakeServer(signedIn);
    const session = createSessionService(fetcher);
    expect(session.store.get().status).toBe("unknown");
    const [a, b] = await Promise.all([session.ensureLoaded(), session.ensureLoaded()]);
    expect(a).toBe(b);
    expect(a.status).toBe("authenticated");
    expect(a.user?.email).toBe("ada@example.com");
    expect(a.role).toBe("user");
    expect(calls.filter((c) => c.endpoint === getSession)).toHaveLength(1);
    await session.ensureLoaded();
    expect(calls).toHaveLength(1);
  });

  it("is unauthenticated when get-session answers null", async () => {
    const session = createSessionService(fakeServer(null).fetcher);
    expect((await session.ensureLoaded()).status).toBe("unauthenticated");
  });

  it("signs in silently with a JSON body and reloads the session", async () => {
    const { fetcher, calls } = fakeServer(null);
    const session = createSessionService(fetcher);
    await session.ensureLoaded();
    const state = await session.signIn({ email: "ada@example.com", password: "pw" });
    expect(state.status).toBe("authenticated");
    expect(calls[1]).toEqual({
      endpoint: signIn,
      input: { email: "ada@example.com", password: "pw" },
      silent: true,
    });
  });

  it("asks for the second factor when sign-in answers twoFactorRedirect, then signs in with it", async () => {
    let current: SessionResponse = null;
    const calls: Call[] = [];
    const fetcher = fakeFetch((endpoint) => {
      if (endpoint === getSession) return current;
      if (endpoint === signIn) return { twoFactorRedirect: true };
      if (endpoint === endpointInfo.auth.verifyTotp) current = signedIn;
      return {};
    }, calls);
    const session = createSessionService(fetcher);
    const state = await session.signIn({ email: "ada@example.com", password: "pw" });
    expect(state.twoFactorRequired).toBe(true);
    expect(state.status).not.toBe("authenticated");
    expect(calls.some((call) => call.endpoint === getSession)).toBe(false);
    const after = await session.verifySecondFactor("123456", "totp");
    expect(after.status).toBe("authenticated");
    expect(calls.at(-2)).toEqual({
      endpoint: endpointInfo.auth.verifyTotp,
      input: { code: "123456" },
      silent: true,
    });
  });

  it("shows a profile edit at once, and puts the previous user back when it is refused", async () => {
    let refuse = true;
    const fetcher = fakeFetch((endpoint) => {
      if (endpoint === getSession) return signedIn;
      if (endpoint === endpointInfo.auth.updateUser) {
        if (refuse) throw new Error("refused");
        return { status: true };
      }
      return {};
    });
    const session = createSessionService(fetcher);
    await session.ensureLoaded();
    const before = session.store.get().user;
    const seen: (string | undefined)[] = [];
    session.store.subscribe(() => seen.push(session.store.get().user?.name));
    await expect(session.updateProfile({ name: "Grace", bio: "" })).rejects.toThrow("refused");
    expect(seen[0]).toBe("Grace");
    expect(session.store.get().user).toBe(before);
    refuse = false;
    await session.updateProfile({ name: "Grace" });
    expect(session.store.get().status).toBe("authenticated");
  });

  it("signs up with name, e-mail and password", async () => {
    const { fetcher, calls } = fakeServer(null);
    const session = createSessionService(fetcher);
    await session.signUp({ name: "Ada", email: "ada@example.com", password: "longenough" });
    expect(calls[0]?.endpoint).toBe(signUp);
    expect(calls[0]?.input).toEqual({
      email: "ada@example.com",
      password: "longenough",
      name: "Ada",
    });
    // Sign-up signs nobody in: the service signs in next, with the same credentials.
    expect(calls[1]?.endpoint).toBe(signIn);
    expect(calls[1]?.input).toEqual({ email: "ada@example.com", password: "longenough" });
    expect(session.store.get().status).toBe("authenticated");
  });

  it("says to check the inbox when the address already had an account", async () => {
    const fetcher = fakeFetch((endpoint) => {
      if (endpoint === getSession) return null;
      if (endpoint === signIn)
        throw new FetchError({ method: "POST", url: endpoint.path, status: 401 });
      return { token: null, user: signedIn?.user };
    });
    const session = createSessionService(fetcher);
    const state = await session.signUp({
      name: "Ada",
      email: "ada@example.com",
      password: "x y z w v",
    });
    expect(state.checkInbox).toBe(true);
    expect(session.store.get().user).toBeNull();
  });

  it("stops registered work before the sign-out request, and resumes it when that fails", async () => {
    const order: string[] = [];
    let refuse = false;
    const fetcher = fakeFetch((endpoint) => {
      if (endpoint === getSession) return signedIn;
      if (endpoint === signOut) {
        order.push("sign-out request");
        if (refuse) throw new Error("offline");
      }
      return {};
    });
    // Calls still on their way are cancelled once the work has stopped, before the request.
    const session = createSessionService(fetcher, undefined, () => void order.push("abort"));
    await session.ensureLoaded();
    const remove = session.beforeSignOut({
      stop: async () => void order.push("stop"),
      resume: () => void order.push("resume"),
    });
    refuse = true;
    await expect(session.signOut()).rejects.toThrow("offline");
    expect(order).toEqual(["stop", "abort", "sign-out request", "resume"]);
    expect(session.store.get().status).toBe("authenticated");
    refuse = false;
    order.length = 0;
    await session.signOut();
    expect(order).toEqual(["stop", "abort", "sign-out request"]);
    remove();
    order.length = 0;
    await session.signOut();
    expect(order).toEqual(["abort", "sign-out request"]);
  });

  it("signs out and on a 401 forgets the user", async () => {
    const { fetcher, calls } = fakeServer(signedIn);
    const session = createSessionService(fetcher);
    await session.ensureLoaded();
    await session.signOut();
    expect(calls.at(-1)).toEqual({ endpoint: signOut, input: {} });
    expect(session.store.get()).toMatchObject({
      status: "unauthenticated",
      user: null,
      role: null,
    });

    await session.signIn({ email: "a", password: "b" });
    session.markSignedOut();
    expect(session.store.get().user).toBeNull();
  });

  it("reports a failed session load as an error and retries next time", async () => {
    let fail = true;
    const session = createSessionService(
      fakeFetch(() => {
        if (fail) throw new Error("down");
        return null;
      }),
    );
    await expect(session.ensureLoaded()).rejects.toThrow("down");
    expect(session.store.get().status).toBe("error");
    fail = false;
    expect((await session.ensureLoaded()).status).toBe("unauthenticated");
  });

  it("notifies subscribers on change", async () => {
    const session = createSessionService(fakeServer(signedIn).fetcher);
    const seen: string[] = [];
    session.store.subscribe(() => seen.push(session.store.get().status));
    await session.ensureLoaded();
    expect(seen).toEqual(["loading", "authenticated"]);
  });

  it("offline (no answer at all), the last signed-in user is used; a sign-out forgets it", async () => {
    const cache = memorySessionCache();
    let offline = false;
    const fetcher = fakeFetch((endpoint) => {
      if (offline) throw new FetchError({ method: "GET", url: endpoint.path, status: null });
      if (endpoint === getSession) return signedIn;
      return {};
    });
    expect((await createSessionService(fetcher, cache).ensureLoaded()).user?.id).toBe("1");
    offline = true;
    const reloaded = createSessionService(fetcher, cache);
    expect((await reloaded.ensureLoaded()).status).toBe("authenticated");
    offline = false;
    await reloaded.signOut();
    offline = true;
    await expect(createSessionService(fetcher, cache).ensureLoaded()).rejects.toThrow();
  });

  it("a server error is not taken for offline", async () => {
    const cache = memorySessionCache();
    cache.write({ user: signedIn!.user, role: "user" });
    const session = createSessionService(
      fakeFetch((endpoint) => {
        throw new FetchError({ method: "GET", url: endpoint.path, status: 500 });
      }),
      cache,
    );
    await expect(session.ensureLoaded()).rejects.toThrow();
    expect(session.store.get().status).toBe("error");
  });

  it("shows the session before its answer is decoded (first paint); caches it only once it is", async () => {
    const cache = memorySessionCache();
    let pass: () => void = () => undefined;
    const fetcher = (async (_endpoint: EndpointInfo, _input: unknown, options?: CallOptions) => {
      options?.checkLater?.(
        new Promise<void>((resolve) => {
          pass = resolve;
        }),
      );
      return signedIn;
    }) as SessionFetch;
    const session = createSessionService(fetcher, cache);
    expect((await session.refresh()).status).toBe("authenticated");
    expect(cache.read()).toBeNull();
    pass();
    await new Promise((resolve) => setTimeout(resolve));
    expect(cache.read()?.user.id).toBe("1");
  });

  it("an answer found not to match the API after the paint turns the session into that error", async () => {
    const cache = memorySessionCache();
    const mismatch = new FetchError({
      method: "GET",
      url: "/x",
      status: 200,
      data: { code: 1005 },
    });
    let fail: () => void = () => undefined;
    const fetcher = (async (_endpoint: EndpointInfo, _input: unknown, options?: CallOptions) => {
      const check = new Promise<void>((_, reject) => {
        fail = () => reject(mismatch);
      });
      options?.checkLater?.(check);
      return signedIn;
    }) as SessionFetch;
    const session = createSessionService(fetcher, cache);
    expect((await session.refresh()).status).toBe("authenticated");
    fail();
    await new Promise((resolve) => setTimeout(resolve));
    expect(session.store.get()).toMatchObject({ status: "error", user: null, error: mismatch });
    expect(cache.read()).toBeNull();
  });
});
