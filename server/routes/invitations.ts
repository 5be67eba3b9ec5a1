import type { Context } from "hono";
import { endpoints } from "../../contract/api/index.ts";
import { refuseTrialUser } from "../accounts/trial.ts";
import type { Auth } from "../auth.ts";
import type { ServerConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { IdScanLimiter } from "../http/id-scan-limiter.ts";
import { route } from "../http/route.ts";
import {
  countInvitations,
  countSubscriptions,
  findAccount,
  type InvitationRow,
  insertInvitation,
  listInvitations,
  newInvitationCode,
  redeemInvitation,
} from "../storage/invitations.ts";
import { chargeInvitation } from "../wallet/service.ts";
import { userRouter } from "./context.ts";

/** Guessing codes: 10 tries at once, then one every 6 seconds, per user. */
const CODE_TRIES = { capacity: 10, refillMs: 6_000 };

const DAY_MS = 86_400_000;

function toInvitation(row: InvitationRow) {
  return {
    code: row.code,
    createdAt: row.created_at,
    usedBy: row.used_by_user_id,
    usedAt: row.used_at,
  };
}

/** Invitation codes: list, how many more, create (users and admins), use. */
export function invitationRoutes(
  auth: Auth,
  database: DatabaseHandle,
  config: Pick<ServerConfig, "invitations" | "wallet">,
) {
  const app = userRouter(auth, database);
  const tries = new IdScanLimiter(CODE_TRIES);
  const { list, limitation, create, use } = endpoints.invitations;

  /** How many more codes the user may create now (0 when too new or too little used). */
  async function remaining(userId: string): Promise<number> {
    const account = await findAccount(database, userId);
    if (!account || account.role === "trial") return 0;
    const ageMs = Date.now() - new Date(account.createdAt).getTime();
    if (ageMs < config.invitations.minAccountAgeDays * DAY_MS) return 0;
    if ((await countSubscriptions(database, userId)) < config.invitations.minSubscriptions) {
      return 0;
    }
    return Math.max(0, config.invitations.perUser - (await countInvitations(database, userId)));
  }

  route(app, list, async (_input, c) => ({
    code: 0 as const,
    data: (await listInvitations(database, c.get("userId"))).map(toInvitation),
  }));

  route(app, limitation, async (_input, c) => ({
    code: 0 as const,
    data: await remaining(c.get("userId")),
  }));

  route(app, create, async (_input, c) => {
    const userId = c.get("userId");
    await refuseTrialUser(database, userId);
    if ((await remaining(userId)) < 1) {
      throw new ApiError(5000, `At most ${config.invitations.perUser} codes per account`);
    }
    const row: InvitationRow = {
      code: newInvitationCode(),
      owner_user_id: userId,
      created_at: new Date().toISOString(),
      used_by_user_id: null,
      used_at: null,
    };
    // A code costs the operator's price in POWER (burned; 4002 when short).
    await chargeInvitation(database, {
      userId,
      idempotencyKey: c.req.header("idempotency-key") ?? `invitation:${row.code}`,
      price: BigInt(config.wallet.invitationPrice),
      code: row.code,
    });
    try {
      await insertInvitation(database, row);
    } catch {
      throw new ApiError(5001, "Try again");
    }
    return { code: 0 as const, data: toInvitation(row) };
  });

  route(app, use, async ({ request }, c: Context) => {
    const userId = c.get("userId") as string;
    if (!tries.take(userId)) {
      c.header("retry-after", String(Math.ceil(tries.waitMs(userId) / 1000)));
      throw new ApiError(12000, "Too many invitation codes tried; wait a little");
    }
    // Codes are shown in capitals; people type them any way.
    const code = request.code.trim().toUpperCase();
    const account = await findAccount(database, userId);
    // Already a full account: nothing to activate, and the code stays free for someone else.
    if (account?.role !== "trial") return { code: 0 as const };
    const outcome = await redeemInvitation(database, code, userId);
    if (outcome === "missing") throw new ApiError(5003, "Check the code and try again");
    if (outcome === "taken") throw new ApiError(5002, "This code was already used");
    return { code: 0 as const };
  });
  return app;
}
