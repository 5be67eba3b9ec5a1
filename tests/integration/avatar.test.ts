import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD } from "../support/accounts.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bytes that start like a PNG (all the server looks at), `size` long. */
const png = (size: number, fill = 7) =>
  Buffer.from([...PNG_HEAD, ...Array.from({ length: size - PNG_HEAD.length }, () => fill)]);

const upload = (client: TestClient, body: Buffer | string, type = "image/png") =>
  client.request("POST", "/api/uploads/avatar", {
    body: body as unknown as string,
    headers: { "content-type": type },
  });

describe.each(DIALECTS)("avatar upload on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      AVATAR_MAX_BYTES: "4096",
    });
  });
  afterAll(() => server?.close());

  async function user(prefix: string) {
    const client = new TestClient(server.localUrl);
    const id = (await client.signUp(uniqueEmail(prefix), PASSWORD)).body.user.id as string;
    return { client, id };
  }

  it("stores an image, makes it the user's image, serves it with its type, and replaces it", async () => {
    const { client } = await user("avatar");
    // The bytes decide the type, not the header.
    const first = await upload(client, png(1000), "application/octet-stream");
    expect(first.status).toBe(200);
    const url: string = first.body.data.url;
    expect(url).toMatch(/^\/api\/uploads\/avatars\/\d+-[a-z0-9]{16}\.png$/);
    expect((await client.session()).body.user.image).toBe(url);
    const served = await fetch(new URL(url, server.localUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(png(1000))).toBe(true);

    const second = await upload(client, png(800, 9));
    expect(second.status).toBe(200);
    expect((await client.session()).body.user.image).toBe(second.body.data.url);
    expect((await fetch(new URL(url, server.localUrl))).status).toBe(404);
  });

  it("refuses what is not an image (14000) or too large (14001), whatever the header says", async () => {
    // A form type a cross-site page could send without a preflight is not taken at all.
    const formType = await upload((await user("form")).client, png(100), "text/plain");
    expect(formType.body.code).toBe(1002);
    const { client } = await user("refused");
    for (const [body, type] of [
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', "image/svg+xml"],
      ["<html><script>alert(1)</script></html>", "image/png"],
      ["", "image/png"],
      ['{"image":"x"}', "application/json"],
    ] as const) {
      const answer = await upload(client, body, type);
      expect(answer.status, body).toBe(400);
      expect(answer.body.code, body).toBe(14000);
    }
    const large = await upload(client, png(5000));
    expect(large.status).toBe(413);
    expect(large.body.code).toBe(14001);
    const huge = await upload(client, png(1_100_000));
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe(14001);
    expect((await client.session()).body.user.image).toBeNull();
  });

  it("needs a session to upload; never changes another user's image", async () => {
    const anonymous = await upload(new TestClient(server.localUrl), png(100));
    expect(anonymous.status).toBe(401);
    const a = await user("owner");
    const b = await user("other");
    const mine = (await upload(a.client, png(200))).body.data.url;
    await upload(b.client, png(300));
    expect((await a.client.session()).body.user.image).toBe(mine);
    expect(
      (await fetch(new URL("/api/uploads/avatars/..%2F..%2Ffollow.sqlite", server.localUrl)))
        .status,
    ).toBe(404);
  });

  it("removes the avatar file with the account", async () => {
    const { client, id } = await user("gone");
    await upload(client, png(300));
    const directory = join(server.dataDir, "uploads", "avatars");
    const owned = () => readdirSync(directory).filter((name) => name.startsWith(`${id}-`));
    expect(owned()).toHaveLength(1);
    const deleted = await client.request("POST", "/api/better-auth/delete-user", {
      json: { password: PASSWORD },
    });
    expect(deleted.status).toBe(200);
    expect(owned()).toEqual([]);
    expect(existsSync(directory)).toBe(true);
  });
});
