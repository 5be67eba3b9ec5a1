import { describe, expect, it } from "vitest";
import { FetchError } from "../../api/fetch-error.ts";
import type { AppServices } from "../../runtime/app-services.tsx";
import { createMoneyAction } from "./money-action.ts";

const api = {} as AppServices["api"];
const refusal = () =>
  new FetchError({
    method: "POST",
    url: "/wallets/transactions/tip",
    status: 400,
    data: { code: 4002, message: "Insufficient balance" },
  });

function action(online = true) {
  let n = 0;
  return createMoneyAction({
    api,
    online: () => online,
    offlineMessage: () => "offline",
    newKey: () => `key-${++n}`,
  });
}

describe("a money action", () => {
  it("is refused offline without sending anything (never queued)", async () => {
    let sent = 0;
    const outcome = await action(false).run(async () => {
      sent += 1;
    });
    expect(outcome).toEqual({ ok: false, refusal: { code: undefined, message: "offline" } });
    expect(sent).toBe(0);
  });

  it("sends the same key again after a lost answer, and a new one after an answer", async () => {
    const money = action();
    const keys: string[] = [];
    const lost = new FetchError({ method: "POST", url: "/wallets/transactions/tip", status: null });
    const refused = refusal();
    const steps = [lost, refused, null, null];
    for (const step of steps) {
      await money.run(async (_api, headers) => {
        keys.push(headers["Idempotency-Key"]!);
        if (step) throw step;
      });
    }
    expect(keys).toEqual(["key-1", "key-1", "key-2", "key-3"]);
  });

  it("keeps the catalogue code of a refusal", async () => {
    const outcome = await action().run(async () => {
      throw refusal();
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.refusal.code).toBe(4002);
  });
});
