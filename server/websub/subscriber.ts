import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import type { Logger } from "../logger.ts";
import {
  deleteWebSub,
  findWebSubOfFeed,
  updateWebSub,
  type WebSubRow,
  websubTable,
} from "./store.ts";

export interface WebSubOptions {
  /** Absolute URL the callbacks live under (`${PUBLIC_URL}${API_BASE_PATH}/websub`). */
  callbackBase: string;
  /** The lease asked of hubs; a hub may grant another. */
  leaseSeconds?: number;
  /** How often leases due for renewal (and stalled requests) are looked for; 0: never here. */
  renewEveryMs?: number;
  clock?: () => number;
}

const DEFAULT_LEASE_SECONDS = 10 * 86_400;
/** A request the hub never verified is asked again after this long. */
const PENDING_RETRY_MS = 3_600_000;
/** A hub that went silent (or denied) is asked again a day later. */
const SILENT_RETRY_MS = 86_400_000;
/** A poll finding entries the hub never pushed within this long means the hub went silent. */
const PUSH_GRACE_MS = 10 * 60_000;

/** Whether anybody still subscribes to the subscription's feed (the scheduler's own test). */
const followed = sql<boolean>`EXISTS (SELECT 1 FROM subscription
  WHERE subscription.feed_id = websub_subscription.feed_id)`;

/**
 * The subscriber side of WebSub: asks a feed's hub to push, renews leases before they end, and
 * tells the scheduler whether a feed is being pushed (its polling then relaxes) or its hub went
 * silent (polling takes over again). Requests to hubs go through the guarded fetcher only.
 */
export function startWebSub(
  database: DatabaseHandle,
  fetcher: Fetcher,
  logger: Logger,
  options: WebSubOptions,
) {
  const clock = options.clock ?? Date.now;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const inFlight = new Set<string>();
  const iso = (ms: number) => new Date(ms).toISOString();

  async function request(
    row: Pick<WebSubRow, "id" | "hub" | "topic" | "secret">,
    mode: "subscribe" | "unsubscribe" = "subscribe",
  ) {
    const form = new URLSearchParams({
      "hub.callback": `${options.callbackBase}/${row.id}`,
      "hub.mode": mode,
      "hub.topic": row.topic,
    });
    if (mode === "subscribe") {
      form.set("hub.secret", row.secret);
      form.set("hub.lease_seconds", String(leaseSeconds));
    }
    try {
      const answer = await fetcher.send(row.hub, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
        signal: AbortSignal.timeout(30_000),
      });
      // Only the status matters; the rest of the answer is not read.
      for await (const _ of answer.body) break;
      if (answer.status < 200 || answer.status >= 300) {
        await updateWebSub(database, row.id, { error: `hub answered ${answer.status}` });
        logger.warn({ hub: row.hub, status: answer.status, mode }, "websub request refused");
      }
    } catch (error) {
      await updateWebSub(database, row.id, { error: (error as Error).message.slice(0, 500) });
      logger.warn({ hub: row.hub, err: error, mode }, "websub request failed");
    }
  }

  /** A full fetch found the feed's hub: subscribe unless a subscription to it is under way. */
  async function onHub(feedId: string, hub: string, topic: string) {
    if (inFlight.has(feedId)) return;
    inFlight.add(feedId);
    try {
      const existing = await findWebSubOfFeed(database, feedId);
      const same = existing && existing.hub === hub && existing.topic === topic;
      // A feed followed again while its hub was being told to stop is asked for anew.
      if (same && existing.state !== "unsubscribing") return;
      const now = clock();
      const row = {
        id: existing?.id ?? randomBytes(24).toString("base64url"),
        hub,
        topic,
        secret: randomBytes(32).toString("base64url"),
      };
      if (existing) {
        await updateWebSub(database, row.id, {
          ...row,
          state: "pending",
          requested_at: iso(now),
          error: null,
        });
      } else {
        const inserted = await websubTable(database)
          .insertInto("websub_subscription")
          .values({ ...row, feed_id: feedId, state: "pending", requested_at: iso(now) })
          .onConflict((oc) => oc.column("feed_id").doNothing())
          .executeTakeFirst();
        // Another process took this feed at the same moment: its request stands.
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
      }
      await request(row);
    } finally {
      inFlight.delete(feedId);
    }
  }

  /** Leases ending within a tenth of their length (at least an hour), stalled requests, and
   * hubs that went silent a day ago are asked again, for feeds someone still follows. */
  async function renewDue() {
    const now = clock();
    const rows = await websubTable(database)
      .selectFrom("websub_subscription")
      .selectAll()
      .where(followed)
      .where((eb) =>
        eb.or([
          eb.and([
            eb("state", "=", "active"),
            eb("lease_until", "<", iso(now + Math.max(3_600_000, leaseSeconds * 100))),
          ]),
          eb.and([
            eb("state", "=", "pending"),
            eb("requested_at", "<", iso(now - PENDING_RETRY_MS)),
          ]),
          eb.and([
            eb("state", "in", ["silent", "denied"]),
            eb("requested_at", "<", iso(now - SILENT_RETRY_MS)),
          ]),
        ]),
      )
      .limit(100)
      .execute();
    for (const row of rows) {
      await updateWebSub(database, row.id, { requested_at: iso(now) });
      await request(row);
    }
    return rows.length;
  }

  /**
   * Feeds nobody follows any more: a hub still delivering (or being asked) is told to stop, and
   * forgotten once it confirms or an hour later; a silent or refusing hub is simply forgotten
   * (a callback we no longer hold answers 410, which tells a hub to stop). Answers how many
   * subscriptions it released.
   */
  async function releaseUnfollowed() {
    const now = clock();
    const rows = await websubTable(database)
      .selectFrom("websub_subscription")
      .selectAll()
      .where(sql<boolean>`NOT ${followed}`)
      .where((eb) =>
        eb.or([
          eb("state", "!=", "unsubscribing"),
          eb("requested_at", "<", iso(now - PENDING_RETRY_MS)),
        ]),
      )
      .limit(100)
      .execute();
    for (const row of rows) {
      if (row.state === "active" || row.state === "pending") {
        await updateWebSub(database, row.id, { state: "unsubscribing", requested_at: iso(now) });
        await request(row, "unsubscribe");
      } else {
        await deleteWebSub(database, row.id);
      }
    }
    return rows.length;
  }

  let timer: NodeJS.Timeout | undefined;
  if (options.renewEveryMs) {
    timer = setInterval(() => {
      renewDue()
        .then(releaseUnfollowed)
        .catch((error) => logger.warn({ err: error }, "websub renewal failed"));
    }, options.renewEveryMs);
    timer.unref();
  }

  return {
    onHub: (feedId: string, hub: string, topic: string) => {
      onHub(feedId, hub, topic).catch((error) =>
        logger.warn({ err: error, feedId }, "websub subscribe failed"),
      );
    },
    renewDue,
    releaseUnfollowed,
    async pushActive(feedId: string) {
      const row = await findWebSubOfFeed(database, feedId);
      return row?.state === "active" && !!row.lease_until && row.lease_until > iso(clock());
    },
    async onPollFoundNew(feedId: string) {
      const row = await findWebSubOfFeed(database, feedId);
      if (row?.state !== "active") return;
      const heard = Date.parse(row.last_push_at ?? row.verified_at ?? row.requested_at);
      if (clock() - heard < PUSH_GRACE_MS) return;
      await updateWebSub(database, row.id, {
        state: "silent",
        error: "the hub did not deliver entries a poll found",
      });
      logger.info({ feedId, hub: row.hub }, "websub hub went silent; polling takes over");
    },
    close() {
      if (timer) clearInterval(timer);
    },
  };
}

export type WebSub = ReturnType<typeof startWebSub>;
