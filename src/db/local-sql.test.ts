import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { local, select, statement } from "./local-sql.ts";

describe("the typed statement builder", () => {
  it("knows the table a write writes", () => {
    expect(statement(local.deleteFrom("lists").where("id", "=", "l")).writes).toBe("lists");
    expect(
      statement(local.updateTable("entries").set({ read: 1 }).where("id", "=", "e")).writes,
    ).toBe("entries");
    const insert = statement(local.insertInto("manual_unread").values({ entry_id: "e" }));
    expect(insert).toMatchObject({ writes: "manual_unread", params: ["e"] });
  });

  it("watches every table a select reads, through joins and subqueries, and no alias", () => {
    const query = select(
      local
        .selectFrom("entries as e")
        .leftJoin("subscriptions as s", "s.feed_id", "e.feed_id")
        .select(["e.id", "s.view", sql<number>`1`.as("one")])
        .where("e.id", "in", local.selectFrom("collections").select("entry_id")),
    );
    expect([...query.reads].sort()).toEqual(["collections", "entries", "subscriptions"]);
  });
});
