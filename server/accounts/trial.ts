import type { ErrorCode } from "../../contract/errors.ts";
import type { ServerConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
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
  if (current >= limits[kind]) {
    throw new ApiError(
      TRIAL_QUOTAS[kind],
      `A trial account may have ${limits[kind]} ${kind}; enter an invitation code to lift the limit`,
    );
  }
}

/** Before a new feed subscription: the trial feed quota (1100). */
export async function checkTrialFeedQuota(
  database: DatabaseHandle,
  limits: ServerConfig["trialLimits"],
  userId: string,
): Promise<void> {
  if (!(await isTrialUser(database, userId))) return;
  checkTrialQuota(limits, "feeds", await countSubscriptions(database, userId));
}

/** Actions a trial user may not take at all (1103). */
export async function refuseTrialUser(database: DatabaseHandle, userId: string): Promise<void> {
  if (await isTrialUser(database, userId)) {
    throw new ApiError(1103, "Enter an invitation code to do this");
  }
}
