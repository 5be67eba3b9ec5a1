import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HANDLE_TAKEN } from "../../server/accounts/profile-rules.ts";
import { PASSWORD } from "../support/accounts.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const update = (client: TestClient, json: unknown) =>
  client.request("POST", "/api/better-auth/update-user", { json });

describe.each(DIALECTS)("profile edits on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT_MAX: "1000" });
  });
  afterAll(() => server?.close());

  async function user(prefix: string) {
    const client = new TestClient(server.localUrl);
    const signUp = await client.signUp(uniqueEmail(prefix), PASSWORD);
    return { client, id: signUp.body.user.id as string };
  }

  it("stores handle, name, bio, website and social links, shown in the session and to others", async () => {
    const { client, id } = await user("profile");
    const handle = `Ada_${Date.now().toString(36)}`;
    const answer = await update(client, {
      name: "Ada Lovelace",
      handle,
      bio: "Counting engines.",
      website: "https://ada.example.com",
      socialLinks: { github: "ada", twitter: "ada_l" },
    });
    expect(answer.status).toBe(200);
    const { user: me } = (await client.session()).body;
    expect(me).toMatchObject({
      name: "Ada Lovelace",
      handle,
      bio: "Counting engines.",
      website: "https://ada.example.com",
      socialLinks: { github: "ada", twitter: "ada_l" },
    });
    const other = await user("viewer");
    const profiles = await other.client.request("POST", "/api/profiles/batch", {
      json: { ids: [id] },
    });
    expect(profiles.body.data[id]).toMatchObject({ name: "Ada Lovelace", handle });
    expect(JSON.stringify(profiles.body)).not.toContain("@example.com");

    // Empty clears; the other fields stay.
    expect((await update(client, { bio: "", handle: "" })).status).toBe(200);
    const cleared = (await client.session()).body.user;
    expect(cleared.bio).toBeNull();
    expect(cleared.handle).toBeNull();
    expect(cleared.website).toBe("https://ada.example.com");
  });

  it("keeps handles unique whatever their case, and says so", async () => {
    const a = await user("handle-a");
    const b = await user("handle-b");
    const handle = `Grace_${Date.now().toString(36)}`;
    expect((await update(a.client, { handle })).status).toBe(200);
    const taken = await update(b.client, { handle: handle.toLowerCase() });
    expect(taken.status).toBe(422);
    expect(taken.body.code).toBe(3);
    expect(taken.body.reason).toBe(HANDLE_TAKEN);
    // Its owner may change its case.
    expect((await update(a.client, { handle: handle.toUpperCase() })).status).toBe(200);
    // Two users without handles never collide.
    expect((await update(a.client, { handle: "" })).status).toBe(200);
    expect((await update(b.client, { handle: "" })).status).toBe(200);
  });

  it("refuses malformed profile values with 400 / 1002", async () => {
    const { client } = await user("bad");
    const bad = [
      { handle: "a b" },
      { handle: "ab" },
      { handle: "x".repeat(31) },
      { handle: 5 },
      { bio: "b".repeat(161) },
      { website: "javascript:alert(1)" },
      { website: "ftp://example.com" },
      { socialLinks: { myspace: "ada" } },
      { socialLinks: { github: "https://github.com/ada" } },
      { socialLinks: ["ada"] },
    ];
    for (const body of bad) {
      const answer = await update(client, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code, JSON.stringify(body)).toBe(1002);
    }
    expect((await client.session()).body.user.handle).toBeNull();
  });

  it("takes only http(s) addresses or uploaded avatars as the image, and says why", async () => {
    const { client } = await user("image");
    for (const image of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "vbscript:msgbox(1)",
      "//evil.example/a.png",
      "/api/uploads/avatars/../../x",
      "https://",
      "http://exa mple.com/a.png",
    ]) {
      const answer = await update(client, { image });
      expect(answer.status, image).toBe(400);
      expect(answer.body.code, image).toBe(1002);
      expect(answer.body.reason, image).toMatch(/image must be/);
    }
    expect((await client.session()).body.user.image).toBeNull();
    for (const image of [
      "https://cdn.example.com/me.png",
      "http://127.0.0.1:9/me.png",
      "/api/uploads/avatars/1800000000000001-abc.png",
    ]) {
      expect((await update(client, { image })).status, image).toBe(200);
      expect((await client.session()).body.user.image).toBe(image);
    }
    // Sign-up takes the same rule.
    const fresh = new TestClient(server.localUrl);
    const signUp = await fresh.request("POST", "/api/better-auth/sign-up/email", {
      json: {
        email: uniqueEmail("image-up"),
        password: PASSWORD,
        name: "I",
        image: "javascript:x",
      },
    });
    expect(signUp.body.code).toBe(1002);
  });

  it("keeps working with every field at its longest (the session cookie stays small)", async () => {
    const { client } = await user("longest");
    const long = {
      name: "n".repeat(100),
      handle: `L${"o".repeat(20)}${Date.now().toString(36)}`.slice(0, 30),
      bio: "界".repeat(160),
      website: `https://example.com/${"w".repeat(180)}`,
      socialLinks: Object.fromEntries(
        ["discord", "facebook", "github", "instagram", "twitter", "youtube"].map((n) => [
          n,
          "x".repeat(40),
        ]),
      ),
    };
    expect((await update(client, long)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      const session = await client.session();
      expect(session.status).toBe(200);
      expect(session.body.user.bio).toBe(long.bio);
      expect((await client.request("GET", "/api/settings")).status).toBe(200);
    }
  });

  it("changes only the signed-in user's profile", async () => {
    const a = await user("own-a");
    const b = await user("own-b");
    await update(b.client, { bio: "B was here", id: a.id, userId: a.id });
    expect((await a.client.session()).body.user.bio ?? null).toBeNull();
    const anonymous = await update(new TestClient(server.localUrl), { bio: "nobody" });
    expect(anonymous.status).toBe(401);
  });
});
