import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { bodyLimitByLength } from "./body-limit.ts";

function app() {
  const hono = new Hono();
  hono.use("*", bodyLimitByLength({ maxSize: 10, onError: (c) => c.text("too large", 413) }));
  hono.all("*", async (c) => c.text(`got ${(await c.req.text()).length}`));
  return hono;
}

function chunked(text: string) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const ch of text) controller.enqueue(new TextEncoder().encode(ch));
      controller.close();
    },
  });
}

describe("bodyLimitByLength", () => {
  it("passes bodies within the limit by their Content-Length", async () => {
    const response = await app().request("/", { method: "POST", body: "0123456789" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("got 10");
  });

  it("refuses a Content-Length over the limit", async () => {
    const response = await app().request("/", { method: "POST", body: "0123456789a" });
    expect(response.status).toBe(413);
  });

  it("counts bodies without a Content-Length as they stream", async () => {
    const small = await app().request("/", {
      method: "POST",
      body: chunked("01234"),
      duplex: "half",
    } as RequestInit);
    expect(await small.text()).toBe("got 5");
    const large = await app().request("/", {
      method: "POST",
      body: chunked("0123456789abc"),
      duplex: "half",
    } as RequestInit);
    expect(large.status).toBe(413);
  });

  it("does not trust a Content-Length beside Transfer-Encoding", async () => {
    const response = await app().fetch(
      new Request("http://localhost/", {
        method: "POST",
        headers: { "content-length": "1", "transfer-encoding": "chunked" },
        body: chunked("0123456789abc"),
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
  });

  it("lets GET through", async () => {
    expect((await app().request("/")).status).toBe(200);
  });
});
