import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerClientErrors } from "./client-errors.ts";

describe("requests Node refuses before the app", () => {
  const server = createServer((_request, response) => response.end("ok"));
  let base = "";
  beforeAll(async () => {
    answerClientErrors(server);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((done) => server.close(done)));

  it("answers headers past the limit with 431 and the coded refusal shape", async () => {
    const answer = await fetch(`${base}/?q=${"a".repeat(12_000)}`, {
      headers: { "idempotency-key": "k".repeat(6_000) },
    });
    expect(answer.status).toBe(431);
    expect(await answer.json()).toMatchObject({ code: 1002, message: "Invalid parameter" });
  });

  it("leaves ordinary requests to the app", async () => {
    const answer = await fetch(`${base}/?q=short`);
    expect(await answer.text()).toBe("ok");
  });
});
