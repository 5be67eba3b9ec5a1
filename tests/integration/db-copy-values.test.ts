import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyInstallation } from "../../scripts/db-copy-run.ts";
import { migrateTarget } from "../../scripts/db-copy-sides.ts";
import { createTestPostgres, type TestPostgres } from "../support/postgres.ts";

const CREATED = "2026-05-01T12:34:56.789Z";
const LINKS = { z: 1, a: { y: [1, "é"], b: null } };
/** Past 2^53: a double would round it. */
const BIG = 9_007_199_254_740_993n;

/**
 * Values whose spelling differs between the dialects (booleans, dates, JSON, 64-bit integers)
 * arrive as what they mean, both ways; what cannot be copied faithfully stops the copy with
 * the place named.
 */
describe("db:copy values and refusals", () => {
  const dir = mkdtempSync(join(tmpdir(), "follow-db-copy-values-"));
  const source = join(dir, "source.sqlite");
  const databases: TestPostgres[] = [];
  const postgres = async () => {
    const created = await createTestPostgres();
    databases.push(created);
    return created;
  };
  const query = async (url: string, text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await migrateTarget(source);
    const db = new SQLite(source);
    db.prepare(
      `insert into user (id, name, email, emailVerified, createdAt, updatedAt, twoFactorEnabled, socialLinks, role)
       values ('u1', 'Zoë 🦘 "quoted"', 'z@example.com', 1, ?, ?, 0, ?, 'user')`,
    ).run(CREATED, CREATED, JSON.stringify(LINKS));
    db.prepare(
      `insert into twoFactor (id, secret, backupCodes, userId, verified, failedVerificationCount, lockedUntil)
       values ('t1', 's', 'c', 'u1', 1, 2, ?)`,
    ).run(CREATED);
    db.prepare("insert into sync_version (user_id, version) values ('u1', ?)").run(BIG);
    db.close();
  }, 60_000);

  afterAll(async () => {
    for (const database of databases) await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("converts booleans, dates, JSON and bigints to PostgreSQL's types and back", async () => {
    const target = await postgres();
    const there = await copyInstallation({ from: source, to: target.url });
    expect(there.ok).toBe(true);
    const [user] = await query(
      target.url,
      `select "emailVerified", "twoFactorEnabled", "socialLinks", "createdAt", name from "user"`,
    );
    expect(user).toEqual({
      emailVerified: true,
      twoFactorEnabled: false,
      socialLinks: LINKS,
      createdAt: new Date(CREATED),
      name: 'Zoë 🦘 "quoted"',
    });
    const [factor] = await query(target.url, `select verified, "lockedUntil" from "twoFactor"`);
    expect(factor).toEqual({ verified: true, lockedUntil: new Date(CREATED) });
    const [version] = await query(target.url, "select version::text as v from sync_version");
    expect(version!.v).toBe(BIG.toString());

    const back = join(dir, "back.sqlite");
    const home = await copyInstallation({ from: target.url, to: back });
    expect(home.ok).toBe(true);
    expect(home.results.map((r) => r.targetChecksum)).toEqual(
      there.results.map((r) => r.sourceChecksum),
    );
    const db = new SQLite(back, { readonly: true });
    try {
      const row = db
        .prepare(`select emailVerified, twoFactorEnabled, socialLinks, createdAt from user`)
        .get() as Record<string, unknown>;
      expect(row.emailVerified).toBe(1);
      expect(row.twoFactorEnabled).toBe(0);
      expect(JSON.parse(row.socialLinks as string)).toEqual(LINKS);
      expect(row.createdAt).toBe(CREATED);
      const stored = db.prepare("select version from sync_version").safeIntegers(true).get() as {
        version: bigint;
      };
      expect(stored.version).toBe(BIG);
    } finally {
      db.close();
    }
  }, 120_000);

  it("refuses text holding U+0000 for PostgreSQL, naming the column", async () => {
    const withNul = join(dir, "nul.sqlite");
    await migrateTarget(withNul);
    const db = new SQLite(withNul);
    const now = "2026-05-01T00:00:00.000Z";
    db.prepare(
      `insert into feed (id, url, title, next_check_at, created_at, updated_at)
       values ('1000000000001', 'https://a.example/feed', ?, ?, ?, ?)`,
    ).run("bad\u0000title", now, now, now);
    db.close();
    const target = await postgres();
    await expect(copyInstallation({ from: withNul, to: target.url })).rejects.toThrow(
      /feed\.title: text holds U\+0000/,
    );
  }, 120_000);

  it("refuses tables it cannot order: a foreign key cycle", async () => {
    const cyclic = join(dir, "cyclic.sqlite");
    await migrateTarget(cyclic);
    const db = new SQLite(cyclic);
    db.exec("create table tree (id text primary key, parent text references tree(id))");
    db.close();
    const target = await postgres();
    await migrateTarget(target.url);
    await query(
      target.url,
      "create table tree (id text primary key, parent text references tree(id))",
    );
    await expect(copyInstallation({ from: cyclic, to: target.url })).rejects.toThrow(
      /cannot order tables tree: their foreign keys form a cycle/,
    );
  }, 120_000);

  it("refuses a table without a primary key, and a table the other side lacks", async () => {
    const keyless = join(dir, "keyless.sqlite");
    await migrateTarget(keyless);
    const db = new SQLite(keyless);
    db.exec("create table notes (body text)");
    db.close();
    const lacking = await postgres();
    await expect(copyInstallation({ from: keyless, to: lacking.url })).rejects.toThrow(
      /the target's schema has no table notes/,
    );
    const having = await postgres();
    await migrateTarget(having.url);
    await query(having.url, "create table notes (body text)");
    await expect(copyInstallation({ from: keyless, to: having.url })).rejects.toThrow(
      /table notes has no primary key/,
    );
  }, 120_000);
});
