import { Schema } from "effect";
import { Envelope, endpoint, NoRequest } from "./endpoint.ts";
import { routes } from "./info.ts";

/** The achievements there are; what each asks for is in server/achievements/catalogue.ts. */
export const ACHIEVEMENT_IDS = [
  "alpha_tester",
  "first_subscription",
  "first_list",
  "first_star",
  "first_inbox",
  "reader_100",
  "reader_1000",
  "feed_owner",
  "inviter",
] as const;
export const AchievementId = Schema.Literals(ACHIEVEMENT_IDS);
export type AchievementId = typeof AchievementId.Type;

/**
 * incomplete: not there yet; completed: can be claimed; audit: claimed, an operator has to
 * confirm it; received: rewarded.
 */
export const AchievementStatus = Schema.Literals(["incomplete", "completed", "audit", "received"]);
export type AchievementStatus = typeof AchievementStatus.Type;

export const Achievement = Schema.Struct({
  id: AchievementId,
  /** How far the person is, out of `target`. */
  progress: Schema.Number,
  target: Schema.Number,
  status: AchievementStatus,
  /** POWER paid when received: an 18-decimal integer as text. */
  reward: Schema.String,
  needsAudit: Schema.Boolean,
  receivedAt: Schema.NullOr(Schema.String),
});
export type Achievement = typeof Achievement.Type;

export const ReceivedAchievement = Schema.Struct({
  id: AchievementId,
  receivedAt: Schema.String,
});

export const PendingAudit = Schema.Struct({
  userId: Schema.String,
  achievementId: AchievementId,
  requestedAt: Schema.String,
});

/** The catalogue with the signed-in person's progress on each. */
export const list = endpoint(routes.achievements.list, {
  request: NoRequest,
  response: Envelope(Schema.Array(Achievement)),
});

/**
 * Claims a completed achievement: its POWER reward is paid, or, for one an operator confirms,
 * it waits for them (answered with status "audit"). 9000 not completed, 9001 already received,
 * 9002 under audit.
 */
export const claim = endpoint(routes.achievements.claim, {
  request: Schema.Struct({ id: AchievementId }),
  response: Envelope(Achievement),
});

/** The achievements a person has received, shown on their profile (public). */
export const received = endpoint(routes.achievements.received, {
  request: Schema.Struct({ userId: Schema.String.check(Schema.isMaxLength(64)) }),
  response: Envelope(Schema.Array(ReceivedAchievement)),
});

/** Operators: the claims waiting for an audit. */
export const audits = endpoint(routes.achievements.audits, {
  request: NoRequest,
  response: Envelope(Schema.Array(PendingAudit)),
});

/**
 * Operators: confirm (the reward is paid) or refuse (the claim is dropped and can be made again)
 * a claim under audit. 9003 when the achievement needs no audit, 9000 when nothing waits.
 */
export const audit = endpoint(routes.achievements.audit, {
  request: Schema.Struct({
    userId: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64)),
    id: AchievementId,
    approve: Schema.Boolean,
  }),
  response: Envelope(Schema.Struct({ status: AchievementStatus })),
});
