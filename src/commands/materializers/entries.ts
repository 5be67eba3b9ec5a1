import { Schema } from "effect";
import { EntryModel } from "../../../contract/entities/entry.ts";
import { SubscriptionModel } from "../../../contract/entities/subscription.ts";
import { jsonValues } from "../../db/json-values.ts";
import { local, statement } from "../../db/local-sql.ts";
import { defineEvent } from "../event-definition.ts";

/** Read state of entries, in `entries.read`, with the unread counts and manual unread marks. */
const entry = EntryModel.fields;
const EntryIds = Schema.Array(entry.id);

// Counts move only when the flag really flips, so replaying an event twice changes nothing,
// and they never go below 0.
export const EntriesMarkedRead = defineEvent(
  "EntriesMarkedRead",
  1,
  Schema.Struct({ entryIds: EntryIds }),
  ({ entryIds }) => {
    const ids = jsonValues(entryIds);
    return [
      statement(
        local
          .updateTable("unread")
          .set((eb) => ({
            count: eb.fn<number>("MAX", [
              eb(
                "count",
                "-",
                eb
                  .selectFrom("entries as e")
                  .select((count) => count.fn.countAll<number>().as("n"))
                  .whereRef("e.feed_id", "=", "unread.subscription_id")
                  .where("e.read", "=", 0)
                  .where("e.id", "in", ids),
              ),
              eb.lit(0),
            ]),
          }))
          .where("subscription_id", "in", (eb) =>
            eb
              .selectFrom("entries")
              .select("feed_id")
              .where("read", "=", 0)
              .where("id", "in", ids)
              .$narrowType<{ feed_id: string }>(),
          ),
      ),
      statement(local.updateTable("entries").set({ read: 1 }).where("id", "in", ids)),
      statement(local.deleteFrom("manual_unread").where("entry_id", "in", ids)),
    ];
  },
);

export const EntryMarkedUnread = defineEvent(
  "EntryMarkedUnread",
  1,
  Schema.Struct({ entryId: entry.id }),
  ({ entryId }) => [
    statement(
      local
        .insertInto("unread")
        .columns(["subscription_id", "count"])
        .expression((eb) =>
          eb
            .selectFrom("entries")
            .select(["feed_id", eb.lit(1).as("count")])
            .where("id", "=", entryId)
            .where("read", "=", 1)
            .where("feed_id", "is not", null)
            .$narrowType<{ feed_id: string }>(),
        )
        .onConflict((conflict) =>
          conflict
            .column("subscription_id")
            .doUpdateSet((eb) => ({ count: eb(eb.ref("unread.count"), "+", 1) })),
        ),
    ),
    statement(local.updateTable("entries").set({ read: 0 }).where("id", "=", entryId)),
    // By hand: automatic marking leaves it unread until the person reads it again.
    statement(local.insertInto("manual_unread").orIgnore().values({ entry_id: entryId })),
  ],
);

const subscription = SubscriptionModel.fields;
const MarkAllRead = Schema.Struct({
  view: Schema.optionalKey(subscription.view),
  feedIds: Schema.optionalKey(Schema.Array(subscription.feedId)),
  excludePrivate: Schema.optionalKey(Schema.Boolean),
  /** ISO bounds on publishedAt, inclusive. */
  startTime: Schema.optionalKey(entry.publishedAt),
  endTime: Schema.optionalKey(entry.publishedAt),
});
type MarkAllRead = typeof MarkAllRead.Type;

/**
 * The subscriptions mark-all-read touches, as the server picks them: the named feeds, or else
 * every public subscription; narrowed by view, and never private ones when asked.
 */
function matchingFeeds(data: MarkAllRead) {
  let feeds = local
    .selectFrom("subscriptions")
    .select("feed_id")
    .where("feed_id", "is not", null)
    .$narrowType<{ feed_id: string }>();
  feeds = data.feedIds
    ? feeds.where("feed_id", "in", jsonValues(data.feedIds))
    : feeds.where("is_private", "=", 0);
  if (data.view !== undefined) feeds = feeds.where("view", "=", data.view);
  if (data.excludePrivate) feeds = feeds.where("is_private", "=", 0);
  return feeds;
}

export const AllEntriesMarkedRead = defineEvent("AllEntriesMarkedRead", 1, MarkAllRead, (data) => {
  const feeds = matchingFeeds(data);
  const { startTime, endTime } = data;
  const ranged = startTime !== undefined || endTime !== undefined;
  const counts = ranged
    ? local.updateTable("unread").set((eb) => ({
        count: eb.fn<number>("MAX", [
          eb(
            "count",
            "-",
            eb
              .selectFrom("entries")
              .select((count) => count.fn.countAll<number>().as("n"))
              .whereRef("entries.feed_id", "=", "unread.subscription_id")
              .where("read", "=", 0)
              .$if(startTime !== undefined, (q) => q.where("published_at", ">=", startTime!))
              .$if(endTime !== undefined, (q) => q.where("published_at", "<=", endTime!)),
          ),
          eb.lit(0),
        ]),
      }))
    : local.updateTable("unread").set({ count: 0 });
  return [
    statement(counts.where("subscription_id", "in", feeds)),
    statement(
      local
        .updateTable("entries")
        .set({ read: 1 })
        .where("read", "=", 0)
        .where("feed_id", "in", feeds)
        .$if(startTime !== undefined, (q) => q.where("published_at", ">=", startTime!))
        .$if(endTime !== undefined, (q) => q.where("published_at", "<=", endTime!)),
    ),
    statement(
      local
        .deleteFrom("manual_unread")
        .where("entry_id", "in", local.selectFrom("entries").select("id").where("read", "=", 1)),
    ),
  ];
});

export const entryEvents = [EntriesMarkedRead, EntryMarkedUnread, AllEntriesMarkedRead] as const;
