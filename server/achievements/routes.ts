import type { Achievement } from "../../contract/api/achievements.ts";
import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { route } from "../http/route.ts";
import { userRouter } from "../routes/context.ts";
import { ACHIEVEMENTS, type AchievementRule, achievementRule } from "./catalogue.ts";
import { payAchievementReward } from "./reward.ts";
import {
  type AwardRecord,
  awardsOf,
  confirmAward,
  dropAward,
  insertAward,
  pendingAudits,
} from "./store.ts";

/** One achievement as the person sees it: progress counted now, their award if any. */
async function describe(
  database: DatabaseHandle,
  userId: string,
  rule: AchievementRule,
  award: AwardRecord | undefined,
): Promise<Achievement> {
  const progress = award ? rule.target : Math.min(await rule.count(database, userId), rule.target);
  const status = award ? award.status : progress >= rule.target ? "completed" : "incomplete";
  return {
    id: rule.id,
    progress,
    target: rule.target,
    status,
    reward: rule.reward.toString(),
    needsAudit: rule.needsAudit,
    receivedAt: award?.receivedAt ?? null,
  };
}

/**
 * Achievements: the catalogue with the person's progress, claiming one (paid at once, or
 * waiting for an operator's audit), the ones a person received (public, for profiles), and
 * the operators' audit.
 */
export function achievementRoutes(auth: Auth, database: DatabaseHandle) {
  const app = userRouter(auth, database);
  const { list, claim, received, audits, audit } = endpoints.achievements;
  const requireAdmin = (role: string | undefined) => {
    if (role !== "admin") throw new ApiError(1004, "Only operators audit achievements");
  };

  route(app, list, async (_input, c) => {
    const userId = c.get("userId");
    const awards = await awardsOf(database, userId);
    const data = await Promise.all(
      ACHIEVEMENTS.map((rule) =>
        describe(
          database,
          userId,
          rule,
          awards.find((a) => a.achievementId === rule.id),
        ),
      ),
    );
    return { code: 0 as const, data };
  });

  route(app, claim, async ({ request: { id } }, c) => {
    const userId = c.get("userId");
    const rule = achievementRule(id);
    const award = (await awardsOf(database, userId)).find((a) => a.achievementId === id);
    if (award?.status === "received") throw new ApiError(9001);
    if (award?.status === "audit") throw new ApiError(9002);
    if ((await rule.count(database, userId)) < rule.target) throw new ApiError(9000);
    const status = rule.needsAudit ? "audit" : "received";
    const reward = rule.needsAudit ? "0" : rule.reward.toString();
    // Paid before it is recorded: the payment is keyed by person and achievement (a second
    // claim racing this one pays nothing more), and a failed payment records nothing.
    if (!rule.needsAudit) {
      await payAchievementReward(database, { userId, achievementId: id, amount: rule.reward });
    }
    if (!(await insertAward(database, { userId, achievementId: id, status, reward }))) {
      // Another claim of the same achievement got there first.
      throw new ApiError(rule.needsAudit ? 9002 : 9001);
    }
    const mine = (await awardsOf(database, userId)).find((a) => a.achievementId === id);
    return { code: 0 as const, data: await describe(database, userId, rule, mine) };
  });

  route(app, received, async ({ request: { userId } }) => ({
    code: 0 as const,
    data: (await awardsOf(database, userId))
      .filter((a) => a.status === "received")
      .map((a) => ({ id: a.achievementId, receivedAt: a.receivedAt ?? a.requestedAt })),
  }));

  route(app, audits, async (_input, c) => {
    requireAdmin(c.get("role"));
    const waiting = await pendingAudits(database);
    return {
      code: 0 as const,
      data: waiting.map((a) => ({
        userId: a.userId,
        achievementId: a.achievementId,
        requestedAt: a.requestedAt,
      })),
    };
  });

  route(app, audit, async ({ request: { userId, id, approve } }, c) => {
    requireAdmin(c.get("role"));
    const rule = achievementRule(id);
    if (!rule.needsAudit) throw new ApiError(9003);
    if (!approve) {
      if (!(await dropAward(database, userId, id))) throw new ApiError(9000, "Nothing waits");
      return { code: 0 as const, data: { status: "incomplete" as const } };
    }
    const waiting = (await awardsOf(database, userId)).find((a) => a.achievementId === id);
    if (waiting?.status !== "audit") throw new ApiError(9000, "Nothing waits for an audit");
    // Keyed by person and achievement: paying again (a repeated confirmation) pays nothing more.
    await payAchievementReward(database, { userId, achievementId: id, amount: rule.reward });
    if (!(await confirmAward(database, userId, id, rule.reward.toString()))) {
      throw new ApiError(9000, "Nothing waits for an audit");
    }
    return { code: 0 as const, data: { status: "received" as const } };
  });

  return app;
}
