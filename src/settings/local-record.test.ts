import { describe, expect, it } from "vitest";
import { APP_VERSION } from "../../contract/constants.ts";
import { ENHANCED_SETTINGS, readLocalRecord, runLocalMigrations } from "./local-record.ts";
import { memoryStorage } from "./storage.ts";
import { GENERAL_STORAGE_KEY, LOCAL_RECORD_STORAGE_KEY } from "./storage-keys.ts";

const storedGeneral = (values: object) => ({
  [GENERAL_STORAGE_KEY]: JSON.stringify({ values, updated: 5 }),
});

describe("local settings record (last app version and migrations run on this device)", () => {
  it("records the app version 0.6.1 and v1 on a first start", () => {
    const storage = memoryStorage();
    const { record, ran } = runLocalMigrations(storage);
    expect(APP_VERSION).toBe("0.6.1");
    expect(ran).toEqual(["v1"]);
    expect(record).toEqual({
      appVersion: "0.6.1",
      migrations: ["v1"],
      enhancedSettingsChanged: false,
    });
    expect(JSON.parse(storage.getItem(LOCAL_RECORD_STORAGE_KEY)!)).toEqual(record);
  });

  it("v1 flags enhanced settings that differ from the defaults, not the basic ones", () => {
    const basic = runLocalMigrations(memoryStorage(storedGeneral({ unreadOnly: false })));
    expect(basic.record.enhancedSettingsChanged).toBe(false);
    const sameAsDefault = runLocalMigrations(memoryStorage(storedGeneral({ summary: true })));
    expect(sameAsDefault.record.enhancedSettingsChanged).toBe(false);
    const changed = runLocalMigrations(memoryStorage(storedGeneral({ translation: true })));
    expect(changed.record.enhancedSettingsChanged).toBe(true);
    expect(ENHANCED_SETTINGS).toContain("translation");
  });

  it("runs a completed migration never again, and only new ones in order", () => {
    const storage = memoryStorage();
    runLocalMigrations(storage);
    // The user changes an enhanced setting after v1 ran: v1's flag stays what it recorded.
    storage.setItem(GENERAL_STORAGE_KEY, JSON.stringify({ values: { voice: "Alex" } }));
    const calls: string[] = [];
    const recording = (version: string) => ({
      version,
      run: () => {
        calls.push(version);
        return {};
      },
    });
    const later = [recording("v1"), recording("v2"), recording("v3")];
    const { record, ran } = runLocalMigrations(storage, { migrations: later, appVersion: "0.7.0" });
    expect(calls).toEqual(["v2", "v3"]);
    expect(ran).toEqual(["v2", "v3"]);
    expect(record).toMatchObject({
      appVersion: "0.7.0",
      migrations: ["v1", "v2", "v3"],
      enhancedSettingsChanged: false,
    });
    expect(readLocalRecord(storage)).toEqual(record);
  });

  it("reads a damaged record as a fresh one", () => {
    const storage = memoryStorage({ [LOCAL_RECORD_STORAGE_KEY]: '{"migrations": "v1"' });
    expect(readLocalRecord(storage)).toEqual({ appVersion: APP_VERSION, migrations: [] });
    expect(runLocalMigrations(storage).ran).toEqual(["v1"]);
  });
});
