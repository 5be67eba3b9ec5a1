import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error.ts";
import { isJsonMediaType, originGuard } from "./origin-guard.ts";

function app() {
  const hono = new Hono();
  hono.use("*", originGuard({ trustedOrigins: ["https://app.example"] }));
  hono.all("*", (c) => c.json({ code: 0 }));
  hono.onError((error, c) =>
    error instanceof ApiError
      ? c.json(error.toBody(), error.status as 400)
      : c.json({ code: 1005 }, 500),
  );
  return hono;
}

function send(method: string, headers: Record<string, string>, body?: string) {
  return app().fetch(
    new Request("http://127.0.0.1:3000/api/reads", {
      method,
      // As on the wire: a body comes with its length.
      headers: {
        host: "127.0.0.1:3000",
        ...(body === undefined ? {} : { "content-length": String(body.length) }),
        ...headers,
      },
      body,
    }),
  );
}

const json = { "content-type": "application/json" };

describe("originGuard", () => {
  it("lets reads through from anywhere", async () => {
    expect((await send("GET", { origin: "http://127.0.0.1:5555" })).status).toBe(200);
  });

  it("accepts writes from the request's own host, configured origins and same-origin pages", async () => {
    expect((await send("POST", { ...json, origin: "http://127.0.0.1:3000" }, "{}")).status).toBe(
      200,
    );
    expect((await send("POST", { ...json, origin: "https://app.example" }, "{}")).status).toBe(200);
    const proxied = { ...json, origin: "http://localhost:5173", "sec-fetch-site": "same-origin" };
    expect((await send("PATCH", proxied, "{}")).status).toBe(200);
    expect((await send("DELETE", { ...json, "sec-fetch-site": "none" }, "{}")).status).toBe(200);
  });

  it("accepts non-browser clients that send neither Origin nor Sec-Fetch-Site", async () => {
    expect((await send("POST", json, "{}")).status).toBe(200);
    expect((await send("POST", {})).status).toBe(200);
  });

  it("refuses writes from another origin of the same host with 403 / 1004", async () => {
    const attempts: Array<Record<string, string>> = [
      { origin: "http://127.0.0.1:5555" },
      { origin: "http://127.0.0.1:5555", "sec-fetch-site": "same-site" },
      { origin: "null", "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "cross-site" },
      { origin: "https://app.example.evil" },
    ];
    for (const headers of attempts) {
      const response = await send("POST", { ...json, ...headers }, "{}");
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(((await response.json()) as { code: number }).code).toBe(1004);
    }
  });

  it("refuses bodies that are not application/json with 400 / 1002, even from a trusted page", async () => {
    for (const type of [
      "text/plain; charset=application/json",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonp",
    ]) {
      const response = await send(
        "POST",
        { "content-type": type, origin: "http://127.0.0.1:3000" },
        "{}",
      );
      expect(response.status, type).toBe(400);
      expect(((await response.json()) as { code: number }).code).toBe(1002);
    }
    expect((await send("POST", { origin: "http://127.0.0.1:3000" }, "{}")).status).toBe(400);
  });

  it("takes raw bytes of types a cross-site page cannot send without a preflight (uploads)", async () => {
    for (const type of ["image/png", "image/webp", "application/octet-stream"]) {
      const response = await send(
        "POST",
        { "content-type": type, origin: "http://127.0.0.1:3000" },
        "bytes",
      );
      expect(response.status, type).toBe(200);
    }
    // Still refused from another origin.
    const foreign = await send(
      "POST",
      { "content-type": "image/png", origin: "https://evil.example" },
      "x",
    );
    expect(foreign.status).toBe(403);
    // "image" without a subtype, or text types dressed up, are not binary.
    for (const type of ["image", "image/", "text/plain; x=image/png"]) {
      const response = await send(
        "POST",
        { "content-type": type, origin: "http://127.0.0.1:3000" },
        "x",
      );
      expect(response.status, type).toBe(400);
    }
  });

  it("reads the media type, not a substring", () => {
    expect(isJsonMediaType("application/json")).toBe(true);
    expect(isJsonMediaType("Application/JSON; charset=utf-8")).toBe(true);
    expect(isJsonMediaType("text/plain; charset=application/json")).toBe(false);
    expect(isJsonMediaType(undefined)).toBe(false);
  });
});
