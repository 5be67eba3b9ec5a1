import { afterEach, describe, expect, it, vi } from "vitest";
import { clientMigrations } from "../../migrations/client/index.ts";
import { type Migration, type MigrationTarget, migrate } from "./migrate.ts";
import { memoryDatabaseFile, openMemoryDatabase } from "./node.ts";

const table = (version: number, name: string): Migration => ({
  version,
  name,
  up: [`CREATE TABLE ${name} (id TEXT PRIMARY KEY)`],
});

let count = 0;
const uniqueName = () => `migrate-test-${++count}-${Date.now()}`;

async function recorded(name: string, migrations: readonly Migration[]) {
  const db = await openMemoryDatabase({ name, migrations });
  const rows = await db.query("SELECT version FROM _migrations ORDER BY version");
  await db.close();
  return rows.map((row) => row.version);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("client migrations", () => {
  it("create every local entity table plus the event log, outbox and meta", async () => {
    const db = await openMemoryDatabase();
    const rows = await db.query<{ name: string }>(
      "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name",
    );
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining([
        "feeds",
        "subscriptions",
        "inboxes",
        "lists",
        "unread",
        "users",
        "entries",
        "collections",
        "summaries",
        "translations",
        "images",
        "events",
        "outbox",
        "meta",
      ]),
    );
    expect(db.migration).toEqual({ applied: clientMigrations.map((m) => m.version), wiped: false });
    await db.close();
  });

  it("enforce the uniqueness and defaults the spec gives", async () => {
    const db = await openMemoryDatabase();
    const summary = "INSERT INTO summaries (entry_id, summary, language) VALUES (?, ?, ?)";
    await db.execute(summary, ["e1", "s", "en"]);
    await expect(db.execute(summary, ["e1", "again", "en"])).rejects.toThrow(/UNIQUE/);
    await db.execute(summary, ["e1", "s", "ja"]);
    const translation =
      "INSERT INTO translations (entry_id, language, created_at) VALUES (?, ?, '2024-01-01')";
    await db.execute(translation, ["e1", "en"]);
    await expect(db.execute(translation, ["e1", "en"])).rejects.toThrow(/UNIQUE/);
    await db.execute("INSERT INTO images (url, colors) VALUES ('u', '[]')");
    const [image] = await db.query("SELECT created_at FROM images");
    expect(String(image?.created_at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await expect(
      db.execute("INSERT INTO unread (subscription_id, count) VALUES ('feed/1', -1)"),
    ).rejects.toThrow(/CHECK/);
    await expect(
      db.execute(
        "INSERT INTO subscriptions (id, user_id, view, is_private, type) VALUES ('x/1', 'u', 0, 0, 'x')",
      ),
    ).rejects.toThrow(/CHECK/);
    await db.close();
  });
});

describe("migration runner (in order, once, wiped and rerun on failure)", () => {
  it("runs only the migrations newer than the last recorded one, in order", async () => {
    const name = uniqueName();
    expect(await recorded(name, [table(0, "a"), table(2, "c")])).toEqual([0, 2]);

    const db = await openMemoryDatabase({
      name,
      migrations: [table(3, "d"), table(0, "a"), table(1, "b"), table(2, "c"), table(4, "e")],
    });
    // 1 is older than the last recorded version (2), so it never runs.
    expect(db.migration).toEqual({ applied: [3, 4], wiped: false });
    const tables = await db.query("SELECT name FROM sqlite_schema WHERE name = 'b'");
    expect(tables).toEqual([]);
    await db.close();
    expect(
      await recorded(
        name,
        [0, 1, 2, 3, 4].map((v) => table(v, "abcde"[v]!)),
      ),
    ).toEqual([0, 2, 3, 4]);
  });

  it("runs nothing when the database is up to date", async () => {
    const name = uniqueName();
    await recorded(name, clientMigrations);
    const db = await openMemoryDatabase({ name });
    expect(db.migration).toEqual({ applied: [], wiped: false });
    await db.close();
  });

  it("logs a failure, deletes the database and migrates again from scratch", async () => {
    const name = uniqueName();
    const first = await openMemoryDatabase({ name, migrations: [table(0, "a")] });
    await first.execute("INSERT INTO a (id) VALUES ('kept until the reset')");
    // A table the next migration also creates: it fails on this file, not on a fresh one.
    await first.execute("CREATE TABLE b (id TEXT)");
    await first.close();

    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const db = await openMemoryDatabase({ name, migrations: [table(0, "a"), table(1, "b")] });
    expect(db.migration).toEqual({ applied: [0, 1], wiped: true });
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining("migration failed"),
      expect.objectContaining({ message: expect.stringContaining("already exists") }),
    );
    expect(await db.query("SELECT * FROM a")).toEqual([]);
    await db.execute("INSERT INTO b (id) VALUES ('x')");
    await db.close();
  });

  it("throws when the migration fails again after the reset", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken: Migration = { version: 0, name: "broken", up: ["CREATE TABLE ("] };
    await expect(openMemoryDatabase({ migrations: [broken] })).rejects.toThrow(/syntax error/);
  });

  it("rolls a failing migration back as a whole", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const half: Migration = {
      version: 0,
      name: "half",
      up: ["CREATE TABLE half (id TEXT)", "INSERT INTO nowhere VALUES (1)"],
    };
    const name = uniqueName();
    await expect(openMemoryDatabase({ name, migrations: [half] })).rejects.toThrow(/nowhere/);
    const db = await openMemoryDatabase({ name, migrations: [] });
    expect(await db.query("SELECT name FROM sqlite_schema WHERE name = 'half'")).toEqual([]);
    await db.close();
  });

  it("throws 'Missing migration' for a recorded version it does not know, and keeps the data", async () => {
    const name = uniqueName();
    const newer = await openMemoryDatabase({ name, migrations: [table(0, "a"), table(1, "b")] });
    await newer.execute("INSERT INTO a (id) VALUES ('precious')");
    await newer.close();

    await expect(openMemoryDatabase({ name, migrations: [table(0, "a")] })).rejects.toThrow(
      "Missing migration",
    );
    const again = await openMemoryDatabase({ name, migrations: [table(0, "a"), table(1, "b")] });
    expect(await again.query("SELECT id FROM a")).toEqual([{ id: "precious" }]);
    await again.close();
  });

  it("deletes a file that is not a database and starts over", async () => {
    const name = uniqueName();
    await recorded(name, clientMigrations);
    const bytes = await memoryDatabaseFile(name);
    bytes?.fill(0x5a, 0, 100);

    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const db = await openMemoryDatabase({ name });
    expect(db.migration.wiped).toBe(true);
    expect(error).toHaveBeenCalled();
    expect(await db.query("SELECT count(*) AS n FROM _migrations")).toEqual([
      { n: clientMigrations.length },
    ]);
    await db.close();
  });

  it.each([
    ["SQLITE_BUSY", 5],
    ["SQLITE_IOERR_SHORT_READ", 10 | (2 << 8)],
    ["SQLITE_CANTOPEN", 14],
  ])(
    "throws a storage failure (%s) for the caller to retry, and wipes nothing",
    async (_, code) => {
      const refused = Object.assign(new Error("the storage refused"), { code });
      const wipe = vi.fn(async () => undefined);
      const target: MigrationTarget = {
        execute: async () => {
          throw refused;
        },
        inTransaction: (work) => work(),
        wipe,
      };
      await expect(migrate(target, [table(0, "a")])).rejects.toBe(refused);
      expect(wipe).not.toHaveBeenCalled();
    },
  );
});
