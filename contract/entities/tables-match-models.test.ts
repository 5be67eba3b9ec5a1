import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { runtimeImports } from "../../tests/support/runtime-imports.ts";
import { SessionUser } from "../session.ts";
import { CollectionModel } from "./collection.ts";
import { collectionColumns } from "./collection-table.ts";
import { type Column, integer, json, text } from "./columns.ts";
import { EntryListItem, EntryModel } from "./entry.ts";
import { entryColumns, entryStateColumns } from "./entry-table.ts";
import { EntryTagModel } from "./entry-tag.ts";
import { entryTagColumns } from "./entry-tag-table.ts";
import { FeedAnalytics, FeedModel } from "./feed.ts";
import { feedAnalyticsColumns, feedColumns } from "./feed-table.ts";
import { HighlightModel } from "./highlight.ts";
import { highlightColumns } from "./highlight-table.ts";
import { InboxModel } from "./inbox.ts";
import { inboxColumns } from "./inbox-table.ts";
import { ListModel } from "./list.ts";
import { listColumns } from "./list-table.ts";
import { modelColumns, snakeCase } from "./model-columns.ts";
import { SavedSearch } from "./saved-search.ts";
import { savedSearchColumns } from "./saved-search-table.ts";
import { schemaColumns } from "./schema-columns.ts";
import {
  InboxSubscriptionModel,
  ListSubscriptionModel,
  SubscriptionModel,
} from "./subscription.ts";
import {
  inboxTargetColumns,
  listTargetColumns,
  subscriptionColumns,
} from "./subscription-table.ts";
import { userColumns } from "./user-table.ts";

/** Each table's light column declarations beside the wire model they are typed by. */
const DECLARED: [string, Schema.Struct<Schema.Struct.Fields>, Record<string, Column>][] = [
  ["list", ListModel, listColumns],
  ["feed", FeedModel, feedColumns],
  ["feed analytics", FeedAnalytics, feedAnalyticsColumns],
  ["inbox", InboxModel, inboxColumns],
  ["saved search", SavedSearch, savedSearchColumns],
  ["highlight", HighlightModel, highlightColumns],
  ["entry tag", EntryTagModel, entryTagColumns],
  ["subscription", SubscriptionModel, subscriptionColumns],
  ["list subscription", ListSubscriptionModel, listTargetColumns],
  ["inbox subscription", InboxSubscriptionModel, inboxTargetColumns],
  ["entry", EntryModel, entryColumns],
  ["timeline item", EntryListItem, entryStateColumns],
  ["star", CollectionModel, collectionColumns],
  ["user", SessionUser, userColumns],
];

const shapes = (columns: Record<string, Column>) =>
  Object.fromEntries(
    Object.entries(columns).map(([name, { kind, nullable }]) => [name, { kind, nullable }]),
  );

describe("local tables stay derived from the wire models", () => {
  it.each(DECLARED)("the %s columns store each field as its Schema says", (_, model, columns) => {
    const keys = Object.keys(model.fields).filter((field) => snakeCase(field) in columns);
    expect(keys.length).toBe(Object.keys(columns).length);
    expect(shapes(columns)).toEqual(schemaColumns(model, keys));
  });

  it("loads no Schema: a table and its codec load before the app's first paint", () => {
    const tables = readdirSync(import.meta.dirname).filter((file) => file.endsWith("-table.ts"));
    expect(tables).toContain("entry-table.ts");
    const { modules, chain } = runtimeImports(
      tables.map((file) => join(import.meta.dirname, file)),
    );
    expect(modules.has("effect") ? chain("effect") : []).toEqual([]);
  });

  it("names columns snake_case after the fields", () => {
    const columns = modelColumns<ListModel>()({ ownerUserId: text(), view: integer() });
    expect(Object.keys(columns)).toEqual(["owner_user_id", "view"]);
  });

  it("refuses at compile time a column whose type is not exactly the field's", () => {
    // A nullable field declared NOT NULL, a text field as a number, an optional field as
    // required, a required one as nullable, and a name the model has not.
    // @ts-expect-error description is nullable
    modelColumns<ListModel>()({ description: text() });
    // @ts-expect-error id is text
    modelColumns<ListModel>()({ id: integer() });
    // @ts-expect-error subscriptionCount is optional
    modelColumns<ListModel>()({ subscriptionCount: integer() });
    // @ts-expect-error title is never null
    modelColumns<ListModel>()({ title: text().orNull() });
    // @ts-expect-error feedIds holds strings
    modelColumns<ListModel>()({ feedIds: json<readonly number[]>() });
    // @ts-expect-error the model has no such field
    modelColumns<ListModel>()({ nope: text() });
    expect(schemaColumns(ListModel, ["description"])).toEqual({
      description: { kind: "text", nullable: true },
    });
  });
});
