import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD } from "../support/accounts.ts";
import { FakeS3 } from "../support/fake-s3.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const KEY = {
  accessKeyId: "follow-test",
  secretAccessKey: "s3-secret-for-tests",
  region: "eu-west-1",
};
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);

const s3Env = (s3: FakeS3, secret = KEY.secretAccessKey) => ({
  AUTH_RATE_LIMIT_MAX: "1000",
  S3_ENDPOINT: s3.url,
  S3_BUCKET: "avatars-bucket",
  S3_REGION: KEY.region,
  S3_ACCESS_KEY_ID: KEY.accessKeyId,
  S3_SECRET_ACCESS_KEY: secret,
  S3_PREFIX: "follow/",
});

const upload = (client: TestClient, body: Buffer) =>
  client.request("POST", "/api/uploads/avatar", {
    body: body as unknown as string,
    headers: { "content-type": "image/png" },
  });

/** Avatars in an S3-compatible bucket (S3_* settings) instead of files under DATA_DIR. */
describe("avatars in an S3-compatible bucket", () => {
  let s3: FakeS3;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await new FakeS3({ bucket: "avatars-bucket", ...KEY }).start();
    server = await startTestServer("sqlite", s3Env(s3));
  });
  afterAll(async () => {
    await server?.close();
    await s3?.stop();
  });

  it("stores the upload as a signed object, serves it from the bucket, and replaces it", async () => {
    const client = new TestClient(server.localUrl);
    const email = uniqueEmail("s3");
    await client.signUp(email, PASSWORD);
    const first = await upload(client, PNG);
    expect(first.status).toBe(200);
    const url: string = first.body.data.url;
    const name = url.split("/").pop()!;
    expect([...s3.objects.keys()]).toEqual([`follow/avatars/${name}`]);
    expect(s3.objects.get(`follow/avatars/${name}`)?.type).toBe("image/png");
    expect(existsSync(join(server.dataDir, "uploads", "avatars"))).toBe(false);

    const served = await fetch(new URL(url, server.localUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const second = await upload(client, Buffer.concat([PNG, PNG]));
    expect(second.status).toBe(200);
    expect(s3.objects.has(`follow/avatars/${name}`)).toBe(false);
    expect(s3.objects.size).toBe(1);
    expect((await fetch(new URL(url, server.localUrl))).status).toBe(404);

    // Deleting the account deletes its avatar object too.
    const deleted = await client.request("POST", "/api/better-auth/delete-user", {
      json: { password: PASSWORD },
    });
    expect(deleted.status).toBe(200);
    expect(s3.objects.size).toBe(0);
  });

  it("a bucket that refuses the signature is a coded 14002, and nothing is half-stored", async () => {
    const wrong = await startTestServer("sqlite", s3Env(s3, "not-the-secret"));
    try {
      const client = new TestClient(wrong.localUrl);
      await client.signUp(uniqueEmail("s3-wrong"), PASSWORD);
      const before = s3.objects.size;
      const refused = await upload(client, PNG);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(600);
      expect(refused.body.code).toBe(14002);
      expect(s3.objects.size).toBe(before);
      expect((await client.session()).body.user.image ?? null).toBeNull();
      expect(s3.requests.at(-1)).toMatch(/^PUT \/avatars-bucket\/follow\/avatars\//);
    } finally {
      await wrong.close();
    }
  });
});
