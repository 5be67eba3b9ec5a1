import { sql } from "kysely";
import type { ErrorCode } from "../../contract/errors.ts";
import { CodedError } from "../coded-error.ts";
import type { ServerConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { countSubscriptions, findAccount } from "../storage/invitations.ts";

/** What a trial user has a quota of, with the code raised when it is full. */
export const TRIAL_QUOTAS = {
  feeds: 1100,
  lists: 1101,
  inboxes: 1102,
} as const satisfies Record<keyof ServerConfig["trialLimits"], ErrorCode>;

/** Whether the user is on trial, from the stored role (an invitation code may just have ended it). */
export async function isTrialUser(database: DatabaseHandle, userId: string): Promise<boolean> {
  return (await findAccount(database, userId))?.role === "trial";
}

/**
 * Throws the quota's code when a trial user already has `current` of `kind` (lists and inboxes
 * call this with their own counts once they exist).
 */
export function checkTrialQuota(
  limits: ServerConfig["trialLimits"],
  kind: keyof ServerConfig["trialLimits"],
  current: number,
): void {
  if (current >= limits[kind]) throw trialQuotaError(kind, limits[kind]);
}

/** The refusal of one more `kind` past a trial account's `limit`. */
export function trialQuotaError(
  kind: keyof ServerConfig["trialLimits"],
  limit: number,
): CodedError {
  return new CodedError(
    TRIAL_QUOTAS[kind],
    `A trial account may have ${limit} ${kind}; enter an invitation code to lift the limit`,
  );
}

/**
 * Runs `action` (which adds one `kind`) if the user is not on trial, or holds fewer than the
 * quota as `held` counts them (else the quota's code). A trial user's quota-checked actions run
 * one at a time in this process: requests sent at once would all count the same rows and all
 * pass.
 */
export async function withinTrialQuota<T>(
  database: DatabaseHandle,
  limits: ServerConfig["trialLimits"] | undefined,
  userId: string,
  kind: keyof ServerConfig["trialLimits"],
  held: () => Promise<number>,
  action: () => Promise<T>,
): Promise<T> {
  if (!limits || !(await isTrialUser(database, userId))) return action();
  return oneAtATime(userId, async () => {
    checkTrialQuota(limits, kind, await held());
    return action();
  });
}

/** A trial user's feed subscriptions, for `withinTrialQuota(…, "feeds", …)`. */
export function countFeeds(database: DatabaseHandle, userId: string): Promise<number> {
  return countSubscriptions(database, userId);
}

/** The lists a user follows other than `listId` (following it again adds none). */
export async function countOtherLists(
  database: DatabaseHandle,
  userId: string,
  listId: string,
): Promise<number> {
  const row = await database.db
    .selectFrom("list_subscription")
    .select(sql<number>`count(*)`.as("n"))
    .where("user_id", "=", userId)
    .where("list_id", "!=", listId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const queues = new Map<string, Promise<unknown>>();

/** Runs `step` after the user's previous one (in this process) has settled. */
export function oneAtATime<T>(userId: string, step: () => Promise<T>): Promise<T> {
  const run = (queues.get(userId) ?? Promise.resolve()).then(step, step);
  const tail = run.then(
    () => {},
    () => {},
  );
  queues.set(userId, tail);
  void tail.then(() => {
    if (queues.get(userId) === tail) queues.delete(userId);
  });
  return run;
}

/** The feeds a trial user may hold (an OPML import stops there with 1100); none otherwise. */
export async function trialFeedLimit(
  database: DatabaseHandle,
  limits: ServerConfig["trialLimits"] | undefined,
  userId: string,
): Promise<number | undefined> {
  if (!limits || !(await isTrialUser(database, userId))) return undefined;
  return limits.feeds;
}

/** Before creating an inbox: the trial inbox quota (1102). */
export async function checkTrialInboxQuota(
  database: DatabaseHandle,
  limits: ServerConfig["trialLimits"],
  userId: string,
): Promise<void> {
  if (!(await isTrialUser(database, userId))) return;
  const row = await database.db
    .selectFrom("inbox")
    .select(sql<number>`count(*)`.as("n"))
    .where("owner_user_id", "=", userId)
    .executeTakeFirst();
  checkTrialQuota(limits, "inboxes", Number(row?.n ?? 0));
}

/** Actions a trial user may not take at all (1103). */
export async function refuseTrialUser(database: DatabaseHandle, userId: string): Promise<void> {
  if (await isTrialUser(database, userId)) {
    throw new CodedError(1103, "Enter an invitation code to do this");
  }
}
