import type { DatabaseHandle } from "../db/connect.ts";
import type { Logger } from "../logger.ts";
import { walletDb } from "./tables.ts";

/** The UTC day a claim belongs to. */
export const dayOf = (ms = Date.now()) => new Date(ms).toISOString().slice(0, 10);
const baseKey = (day: string) => `daily-base:${day}`;
const POOL_KEY = "daily-pool";

/** The operator's pool (set by an admin; the configured one until then). */
export async function dailyPool(database: DatabaseHandle, configured: string): Promise<bigint> {
  const row = await walletDb(database)
    .selectFrom("wallet_setting")
    .select("value")
    .where("key", "=", POOL_KEY)
    .executeTakeFirst();
  return BigInt(row?.value ?? configured);
}

export async function setDailyPool(database: DatabaseHandle, amount: bigint): Promise<void> {
  await walletDb(database)
    .insertInto("wallet_setting")
    .values({ key: POOL_KEY, value: amount.toString() })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: amount.toString() }))
    .execute();
}

/** A day's base amount per claim (times the claimer's multiplier), or null while not computed. */
export async function dailyBase(database: DatabaseHandle, day = dayOf()): Promise<bigint | null> {
  const row = await walletDb(database)
    .selectFrom("wallet_setting")
    .select("value")
    .where("key", "=", baseKey(day))
    .executeTakeFirst();
  return row ? BigInt(row.value) : null;
}

/**
 * Computes a day's base: the pool shared by every wallet at the top multiplier (so the day's
 * claims never exceed the pool). Stored with an insert that only the first process makes: any
 * number of processes may run it, the day gets one value, and a restart finds it done.
 */
export async function computeDailyBase(
  database: DatabaseHandle,
  configuredPool: string,
  day = dayOf(),
): Promise<bigint> {
  const done = await dailyBase(database, day);
  if (done !== null) return done;
  const wallets = await walletDb(database)
    .selectFrom("wallet_account")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("kind", "=", "user")
    .executeTakeFirst();
  const count = BigInt(Math.max(1, Number(wallets?.n ?? 0)));
  const base = (await dailyPool(database, configuredPool)) / (5n * count);
  await walletDb(database)
    .insertInto("wallet_setting")
    .values({ key: baseKey(day), value: base.toString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return (await dailyBase(database, day)) ?? base;
}

/** Checks every `intervalMs` that today's base is computed (the first check at start). */
export function startDailyPowerLoop(
  database: DatabaseHandle,
  configuredPool: string,
  logger: Logger,
  intervalMs = 60_000,
): { stop(): void } {
  const run = () =>
    computeDailyBase(database, configuredPool).catch((error) =>
      logger.warn({ err: error }, "daily POWER computation failed"),
    );
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
