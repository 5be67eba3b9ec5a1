import type { Context } from "hono";
import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { ServerConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { route } from "../http/route.ts";
import { levelOf } from "../wallet/activity.ts";
import { auditLedger, pendingWithdrawals, settleWithdrawal } from "../wallet/admin.ts";
import { airdropOf, claimAirdrop, defineAirdrops } from "../wallet/airdrop.ts";
import { setDailyPool } from "../wallet/daily.ts";
import {
  boost,
  boostersOf,
  canClaimDaily,
  claimDaily,
  mint,
  openWallet,
  rankedAccounts,
  tip,
  transactionsOf,
  walletOf,
  withdraw,
} from "../wallet/service.ts";
import { requireSecondFactor } from "../wallet/two-factor.ts";
import { ok, userRouter } from "./context.ts";

const RANKING_SIZE = 100;

/** Every money write names itself: a retry with the same key never moves money twice. */
function keyOf(c: Context): string {
  const key = c.req.header("idempotency-key")?.trim();
  if (!key) throw new ApiError(1002, "Idempotency-Key header is required for POWER writes");
  return key;
}

function requireAdmin(c: Context): void {
  if (c.get("role") !== "admin") throw new ApiError(1004, "Only an operator may do this");
}

/** The POWER wallet: the signed-in person's own wallet, and the operator's admin calls. */
export function walletRoutes(auth: Auth, database: DatabaseHandle, config: ServerConfig) {
  const app = userRouter(auth, database);
  const w = endpoints.wallets;
  const threshold = BigInt(config.wallet.twoFactorThreshold);
  const secondFactor = (userId: string, amount: bigint, code: string | undefined) =>
    requireSecondFactor(auth, database, { userId, amount, threshold, code });

  route(app, w.get, async (_input, c) => {
    const wallet = await walletOf(database, c.get("userId"));
    return { code: 0 as const, data: wallet ? [wallet] : [] };
  });

  route(app, w.create, async (_input, c) => {
    await openWallet(database, c.get("userId"));
    return ok;
  });

  route(app, w.ranking, async () => {
    const rows = await rankedAccounts(database, RANKING_SIZE);
    return {
      code: 0 as const,
      data: rows.map((row, index) => ({
        rank: index + 1,
        userId: row.userId,
        name: row.name ?? null,
        image: row.image ?? null,
        powerToken: row.balance,
        // The level shown beside a balance is of the balance alone (activity stays private).
        level: levelOf(Number(BigInt(row.balance) / 10n ** 18n)).level,
      })),
    };
  });

  route(app, w.transactions, async ({ request }, c) => ({
    code: 0 as const,
    data: await transactionsOf(database, {
      userId: c.get("userId"),
      type: request.type,
      before: request.before,
      limit: request.limit ?? 20,
    }),
  }));

  route(app, w.tip, async ({ request }, c) => {
    const userId = c.get("userId");
    const idempotencyKey = keyOf(c);
    const amount = BigInt(request.amount);
    await secondFactor(userId, amount, request.TOTPCode);
    const done = await tip(database, {
      userId,
      idempotencyKey,
      amount,
      entryId: request.entryId,
      feedId: request.feedId,
      comment: request.comment,
    });
    return { code: 0 as const, data: { transactionHash: done.hash } };
  });

  route(app, w.claimDaily, async (_input, c) => {
    const data = await claimDaily(database, {
      userId: c.get("userId"),
      idempotencyKey: keyOf(c),
      configuredPool: config.wallet.dailyPool,
    });
    return { code: 0 as const, data };
  });

  route(app, w.claimCheck, async (_input, c) => ({
    code: 0 as const,
    data: await canClaimDaily(database, c.get("userId")),
  }));

  route(app, w.withdraw, async ({ request }, c) => {
    const userId = c.get("userId");
    const idempotencyKey = keyOf(c);
    const amount = BigInt(request.amount);
    await secondFactor(userId, amount, request.TOTPCode);
    const done = await withdraw(database, {
      userId,
      idempotencyKey,
      amount,
      address: request.address,
    });
    return { code: 0 as const, data: { transactionHash: done.hash } };
  });

  route(app, w.boostLevels, () => ({ code: 0 as const, data: config.wallet.boostLevels }));

  route(app, w.boost, async ({ request }, c) => {
    const done = await boost(database, {
      userId: c.get("userId"),
      idempotencyKey: keyOf(c),
      amount: BigInt(request.amount),
      feedId: request.feedId,
      levels: config.wallet.boostLevels,
    });
    return { code: 0 as const, data: { transactionHash: done.hash } };
  });

  route(app, w.boosters, async ({ request }) => ({
    code: 0 as const,
    data: await boostersOf(database, request.feedId),
  }));

  route(app, w.airdrop, async (_input, c) => ({
    code: 0 as const,
    data: await airdropOf(database, c.get("userId")),
  }));

  route(app, w.claimAirdrop, async (_input, c) => {
    const hash = await claimAirdrop(database, {
      userId: c.get("userId"),
      idempotencyKey: keyOf(c),
    });
    return { code: 0 as const, data: { transactionHash: hash } };
  });

  route(app, w.invitationPrice, () => ({ code: 0 as const, data: config.wallet.invitationPrice }));

  route(app, w.adminMint, async ({ request }, c) => {
    requireAdmin(c);
    const done = await mint(database, {
      adminId: c.get("userId"),
      idempotencyKey: keyOf(c),
      userId: request.userId,
      amount: BigInt(request.amount),
      comment: request.comment,
    });
    return { code: 0 as const, data: { transactionHash: done.hash } };
  });

  route(app, w.adminDailyPool, async ({ request }, c) => {
    requireAdmin(c);
    await setDailyPool(database, BigInt(request.amount));
    return ok;
  });

  route(app, w.adminWithdrawals, async (_input, c) => {
    requireAdmin(c);
    return { code: 0 as const, data: await pendingWithdrawals(database) };
  });

  route(app, w.adminSettle, async ({ request }, c) => {
    requireAdmin(c);
    await settleWithdrawal(database, request.transactionHash, request.reference);
    return ok;
  });

  route(app, w.adminAirdrops, async ({ request }, c) => {
    requireAdmin(c);
    await defineAirdrops(database, {
      userIds: request.userIds,
      amount: BigInt(request.amount),
      verified: request.verified ?? true,
    });
    return ok;
  });

  route(app, w.adminAudit, async (_input, c) => {
    requireAdmin(c);
    return { code: 0 as const, data: await auditLedger(database) };
  });

  return app;
}
