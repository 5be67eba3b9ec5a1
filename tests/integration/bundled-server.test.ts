import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient } from "../support/http-client.ts";

/**
 * `npm start` runs the server from its bundle (dist/server, scripts/build-server.ts) with the
 * flags and environment of scripts/server-process.json, while every other test runs the sources.
 * This runs the bundle as npm start does, through what a bundle can break: files found next to
 * the code (the ingestion worker thread's script, the error catalogues), lazily loaded chunks
 * (the common-password list), the native SQLite driver and dependencies' modules the bundle
 * replaces (entities' table decoder, scripts/entities-tables.ts).
 */
describe("the server bundle npm start runs", () => {
  let child: ChildProcess;
  let url: string;
  let dataDir: string;
  const feeds = new FeedServer();

  beforeAll(async () => {
    const build = spawnSync(
      process.execPath,
      ["--experimental-strip-types", "scripts/build.ts", "--server-only"],
      { encoding: "utf8" },
    );
    expect(build.status, build.stderr).toBe(0);
    await feeds.start();
    dataDir = mkdtempSync(join(tmpdir(), "follow-bundle-"));
    const launch = JSON.parse(readFileSync("scripts/server-process.json", "utf8")) as {
      nodeFlags: string[];
      env: Record<string, string>;
    };
    child = spawn(process.execPath, [...launch.nodeFlags, "dist/server/main.js"], {
      env: {
        ...process.env,
        ...launch.env,
        NODE_ENV: "test",
        HOST: "127.0.0.1",
        PORT: "0",
        DATA_DIR: dataDir,
        AUTH_SECRET: "bundle-secret-bundle-secret-bundle-secret",
        LOG_LEVEL: "warn",
        INGEST_SCHEDULER: "false",
        FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on("line", (line) => {
        const running = /running at (\S+)/.exec(line);
        if (running) resolve(running[1]!);
      });
      child.once("exit", (code) => reject(new Error(`bundled server exited: ${code}`)));
    });
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await feeds.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a common password in the reader's language (catalogue and lazy chunk found)", async () => {
    const client = new TestClient(url);
    const answer = await client.request("POST", "/api/better-auth/sign-up/email", {
      json: { email: "common@example.com", password: "password123", name: "Reader" },
      headers: { "accept-language": "ja" },
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("このパスワードはよく使われている");
  });

  it("subscribes to a feed through the ingestion worker thread and lists its entries", async () => {
    const feedUrl = feeds.serve(
      "/bundle.xml",
      rssFeed("Bundle feed", [
        {
          guid: "b-2",
          title: "Second",
          date: new Date("2025-05-02T00:00:00Z"),
          // Named references: decoded with entities' tables, which the bundle builds its own way.
          html: "<p>two caf&eacute;s &hellip; &rarr; &notin;</p>",
        },
        {
          guid: "b-1",
          title: "First",
          date: new Date("2025-05-01T00:00:00Z"),
          html: '<p>one<script>alert(1)</script></p><img src="x" onerror="alert(1)">',
        },
      ]),
    );
    const client = new TestClient(url);
    const signUp = await client.signUp("bundle@example.com", "a long bundle pass phrase");
    expect(signUp.status).toBe(200);
    const subscribed = await client.request("POST", "/api/subscriptions", {
      json: { url: feedUrl },
    });
    expect(subscribed.body.code).toBe(0);
    const list = await client.request("POST", "/api/entries", {
      json: { limit: 10, withContent: true },
    });
    expect(list.status).toBe(200);
    const entries = list.body.data.map(
      (item: { entries: { title: string; content: string } }) => item.entries,
    );
    expect(entries.map((entry: { title: string }) => entry.title)).toEqual(["Second", "First"]);
    // The summary is text: its named references decoded.
    expect(list.body.data[0].entries.description).toBe("two cafés … → ∉");
    expect(entries[1].content).toContain("one");
    expect(entries[1].content).not.toMatch(/script|onerror/);
  });
});
