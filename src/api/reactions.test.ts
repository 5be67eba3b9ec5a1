import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ERROR_CODES, ERROR_MESSAGES, httpStatusFor } from "../../contract/errors.ts";
import { recordingReactions } from "../../tests/support/recording-reactions.ts";
import { type ScriptedServer, startScriptedServer } from "../../tests/support/scripted-server.ts";
import { createApiClient } from "./client.ts";
import { FetchError } from "./fetch-error.ts";
import { ACTIVATION_TITLE_FALLBACK, reactToError } from "./reactions.ts";

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

/** Calls the API once against a scripted answer and returns what the app was asked to do. */
async function react(
  status: number,
  body: unknown,
  options: { silent?: boolean; translations?: Record<string, string>; method?: string } = {},
) {
  const reactions = recordingReactions(options.translations);
  const { fetch: api } = createApiClient({
    baseURL: server.baseURL,
    platform: "web",
    dev: false,
    reactions,
    retryDelayMs: 0,
  });
  server.answer = () => ({ status, body });
  const error = await api("/call", { method: options.method, silent: options.silent }).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return reactions;
}

function serverError(code: number, reason?: string) {
  const message = (ERROR_MESSAGES as Record<number, string>)[code] ?? "Something";
  return { code, message, reason };
}

describe("error reactions over HTTP (sign-out on 401, invitation redirect, toasts)", () => {
  it("401 marks the user signed out and shows no toast", async () => {
    const r = await react(401, serverError(1000));
    expect(r.signOuts).toBe(1);
    expect(r.toasts).toEqual([]);
    expect(r.navigations).toEqual([]);
  });

  it("400 with code 1003 navigates to /invitation", async () => {
    const r = await react(400, serverError(1003));
    expect(r.navigations).toEqual(["/invitation"]);
    expect(r.toasts).toEqual([]);
    expect(r.signOuts).toBe(0);
  });

  it("another status with code 1003 is an ordinary error", async () => {
    const r = await react(403, serverError(1003));
    expect(r.navigations).toEqual([]);
    expect(r.toasts).toHaveLength(1);
  });

  it.each([1100, 1101, 1102, 1103])("code %i asks for activation for 100 seconds", async (code) => {
    const r = await react(403, serverError(code, "3 of 3 feeds used"));
    expect(r.toasts).toEqual([
      {
        kind: "activation",
        title: ACTIVATION_TITLE_FALLBACK,
        description: "3 of 3 feeds used",
        durationMs: 100_000,
      },
    ]);
  });

  it("the activation toast is translated and falls back to the code's message", async () => {
    const r = await react(403, serverError(1100), {
      translations: { "errors:activation.title": "有効化してください", "errors:1100": "上限" },
    });
    expect(r.toasts[0]).toMatchObject({ title: "有効化してください", description: "上限" });
  });

  it.each([4007, 4008])("code %i shows no toast", async (code) => {
    const r = await react(400, serverError(code, "wrong code"));
    expect(r.toasts).toEqual([]);
  });

  it("other codes toast the translated message with the reason, copyable, for 5 seconds", async () => {
    const r = await react(404, serverError(2001, "feed 42"), {
      translations: { "errors:2001": "フィードが見つかりません" },
    });
    expect(r.toasts).toEqual([
      {
        kind: "error",
        title: "フィードが見つかりません",
        description: "feed 42",
        copyable: "feed 42",
        durationMs: 5_000,
      },
    ]);
  });

  it("an untranslated code falls back to the server's message", async () => {
    const r = await react(400, { code: 99999, message: "Brand new failure" });
    expect(r.toasts).toEqual([
      {
        kind: "error",
        title: "Brand new failure",
        description: null,
        copyable: null,
        durationMs: 5_000,
      },
    ]);
  });

  it("a body without a code shows the server message, or else a plain line (never the request)", async () => {
    const withMessage = await react(400, { message: "Invalid email or password" });
    expect(withMessage.toasts[0]?.title).toBe("Invalid email or password");
    const bare = await react(404, "not json", { method: "DELETE" });
    expect(bare.toasts[0]?.title).toBe("The server could not complete this. Please try again.");
  });

  it("silent calls show no toast but still sign out", async () => {
    expect((await react(404, serverError(2001), { silent: true })).toasts).toEqual([]);
    expect((await react(403, serverError(1100), { silent: true })).toasts).toEqual([]);
    const r = await react(401, serverError(1000), { silent: true });
    expect(r.signOuts).toBe(1);
  });

  it("a retried GET reacts once, after the retry", async () => {
    const r = await react(503, serverError(1005, "db down"));
    expect(server.requests).toHaveLength(2);
    expect(r.toasts).toHaveLength(1);
    expect(r.networkResults).toEqual([true]);
  });
});

describe("reactToError", () => {
  const error = (status: number | null, data?: unknown) =>
    new FetchError({ method: "GET", url: "http://x/api/a", status, data });

  it("ignores anything that is not an HTTP FetchError", () => {
    const r = recordingReactions();
    reactToError(new Error("boom"), r);
    reactToError("boom", r);
    reactToError(error(null), r);
    expect(r.toasts).toEqual([]);
    expect(r.signOuts).toBe(0);
    expect(r.navigations).toEqual([]);
  });

  it("does exactly one thing, or nothing, for every catalogue code at its status", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ERROR_CODES), fc.boolean(), (code, silent) => {
        const r = recordingReactions();
        const status = httpStatusFor(code);
        reactToError(error(status, serverError(code, "why")), r, { silent });
        const done = r.toasts.length + r.navigations.length + r.signOuts;
        const quiet = silent || code === 4007 || code === 4008;
        if (status === 401 || (status === 400 && code === 1003)) expect(done).toBe(1);
        else expect(done).toBe(quiet ? 0 : 1);
        for (const toast of r.toasts) {
          expect(toast.kind).toBe(String(code).startsWith("11") ? "activation" : "error");
          expect(toast.durationMs).toBe(toast.kind === "activation" ? 100_000 : 5_000);
        }
      }),
    );
  });

  it("any failing status other than 401 with an ordinary code toasts the server message", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 400, max: 599 }).filter((s) => s !== 401),
        fc.constantFrom(...ERROR_CODES.filter((c) => c !== 1003 && c !== 4007 && c !== 4008)),
        fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
        (status, code, reason) => {
          const r = recordingReactions();
          reactToError(error(status, serverError(code, reason)), r);
          expect(r.toasts).toHaveLength(1);
          const toast = r.toasts[0]!;
          if (toast.kind === "error") {
            expect(toast.title).toBe(ERROR_MESSAGES[code]);
            expect(toast.description).toBe(reason ?? null);
            expect(toast.copyable).toBe(reason ?? null);
          }
        },
      ),
    );
  });
});
