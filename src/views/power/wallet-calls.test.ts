import { describe, expect, it } from "vitest";
import type { AppServices } from "../../runtime/app-services.tsx";
import {
  readClaimState,
  readTransactions,
  sendTip,
  TRANSACTIONS_PER_PAGE,
} from "./wallet-calls.ts";

/** An API client that records each call and answers from `answer`. */
function recordingApi(answer: (name: string, request: unknown) => unknown) {
  const calls: { name: string; request: unknown; options: Record<string, unknown> }[] = [];
  const api = {
    call: async (
      endpoint: { name: string },
      request: unknown,
      options: Record<string, unknown>,
    ) => {
      calls.push({ name: endpoint.name, request, options });
      return answer(endpoint.name, request);
    },
  } as unknown as AppServices["api"];
  return { api, calls };
}

const row = (hash: string) => ({ type: "tip", hash, powerToken: "1" });

describe("wallet calls", () => {
  it("pages transactions by the last hash while pages are full", async () => {
    const full = Array.from({ length: TRANSACTIONS_PER_PAGE }, (_, i) => row(`h${i}`));
    const { api, calls } = recordingApi((_name, request) => ({
      code: 0,
      data: (request as { before?: string }).before ? [row("last")] : full,
    }));
    const signal = new AbortController().signal;
    const first = await readTransactions(api, { type: "tip", cursor: null }, signal);
    expect(first.next).toBe(`h${TRANSACTIONS_PER_PAGE - 1}`);
    const second = await readTransactions(api, { type: null, cursor: first.next }, signal);
    expect(second.next).toBeNull();
    expect(calls.map((c) => c.request)).toEqual([
      { type: "tip", limit: TRANSACTIONS_PER_PAGE },
      { before: `h${TRANSACTIONS_PER_PAGE - 1}`, limit: TRANSACTIONS_PER_PAGE },
    ]);
  });

  it("sends a tip once, with its key, to an entry or a feed, with the code only when asked", async () => {
    const { api, calls } = recordingApi(() => ({ code: 0, data: { transactionHash: "t" } }));
    const headers = { "Idempotency-Key": "k1" };
    await sendTip(api, headers, {
      amount: "5",
      target: { kind: "entry", entryId: "1" },
      totp: undefined,
    });
    await sendTip(api, headers, {
      amount: "5",
      target: { kind: "feed", feedId: "2" },
      totp: "123456",
    });
    expect(calls.map((c) => c.request)).toEqual([
      { amount: "5", entryId: "1" },
      { amount: "5", feedId: "2", TOTPCode: "123456" },
    ]);
    for (const call of calls) {
      expect(call.options).toMatchObject({ retry: false, headers, silent: true });
    }
  });

  it("tells a claim taken today from a day's amount still being computed", async () => {
    const state = (check: boolean, lastClaim: string | null) =>
      readClaimState(
        recordingApi((name) => ({
          code: 0,
          data:
            name === "wallets.claimCheck"
              ? check
              : lastClaim
                ? [{ ...row("c"), type: "claim", createdAt: lastClaim }]
                : [],
        })).api,
        new AbortController().signal,
        "2026-11-28",
      );
    expect(await state(true, null)).toBe("claimable");
    expect(await state(false, "2026-11-28T00:05:00.000Z")).toBe("claimed");
    expect(await state(false, "2026-11-27T23:55:00.000Z")).toBe("computing");
    expect(await state(false, null)).toBe("computing");
  });
});
