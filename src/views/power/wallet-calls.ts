import { endpointInfo } from "../../../contract/api/info.ts";
import type {
  RankingRow as RankingRowSchema,
  Transaction,
  Wallet,
} from "../../../contract/api/wallet.ts";
import type { FeedViewType } from "../../../contract/views.ts";
import type { AppServices } from "../../runtime/app-services.tsx";

/**
 * Every wallet call the screens make, in one place: reads are silent (the screen shows their
 * failure), writes carry the money action's Idempotency-Key and are never retried blindly.
 */
type Api = AppServices["api"];
type Headers = Record<string, string>;

export type RankingRow = typeof RankingRowSchema.Type;
export type { Transaction, Wallet };

/** The filters the transactions list offers, in its order. */
export const TRANSACTION_TYPES = [
  "tip",
  "claim",
  "boost",
  "purchase",
  "withdraw",
  "airdrop",
  "mint",
  "burn",
] as const satisfies readonly Transaction["type"][];
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTIONS_PER_PAGE = 20;

export interface TransactionPage {
  rows: readonly Transaction[];
  /** The hash to read the next (older) page before; null on the last page. */
  next: string | null;
}

export type TipTarget = { kind: "entry"; entryId: string } | { kind: "feed"; feedId: string };

export interface Boosts {
  levels: readonly string[];
  total: string;
  boosters: readonly { userId: string; name: string; amount: string }[];
}

const write = (headers: Headers) => ({ silent: true, retry: false as const, headers });

export async function readWallet(api: Api, signal: AbortSignal): Promise<Wallet | null> {
  const answer = await api.call(endpointInfo.wallets.get, {}, { silent: true, signal });
  return answer.data[0] ?? null;
}

export function createWallet(api: Api, headers: Headers) {
  return api.call(endpointInfo.wallets.create, {}, write(headers));
}

/** Today's claim: open, taken already, or not possible yet (the day's amount being computed). */
export type ClaimState = "claimable" | "claimed" | "computing";

/**
 * The claim check says only yes or no; a claim transaction dated today (UTC, the server's day)
 * tells "claimed" from "still being computed".
 */
export async function readClaimState(
  api: Api,
  signal: AbortSignal,
  today = new Date().toISOString().slice(0, 10),
): Promise<ClaimState> {
  const check = await api.call(endpointInfo.wallets.claimCheck, {}, { silent: true, signal });
  if (check.data) return "claimable";
  const last = await api.call(
    endpointInfo.wallets.transactions,
    { type: "claim", limit: 1 },
    { silent: true, signal },
  );
  return last.data[0]?.createdAt.slice(0, 10) === today ? "claimed" : "computing";
}

export async function claimDaily(api: Api, headers: Headers) {
  return (await api.call(endpointInfo.wallets.claimDaily, {}, write(headers))).data;
}

export function sendTip(
  api: Api,
  headers: Headers,
  input: { amount: string; target: TipTarget; totp: string | undefined },
) {
  const { target } = input;
  return api.call(
    endpointInfo.wallets.tip,
    {
      amount: input.amount,
      ...(target.kind === "entry" ? { entryId: target.entryId } : { feedId: target.feedId }),
      ...(input.totp ? { TOTPCode: input.totp } : {}),
    },
    write(headers),
  );
}

export async function readBoosts(api: Api, feedId: string, signal: AbortSignal): Promise<Boosts> {
  const [levels, boosters] = await Promise.all([
    api.call(endpointInfo.wallets.boostLevels, {}, { silent: true, signal }),
    api.call(endpointInfo.wallets.boosters, { feedId }, { silent: true, signal }),
  ]);
  return {
    levels: levels.data,
    total: boosters.data.boostAmount,
    boosters: boosters.data.boosters.map((b) => ({ ...b, name: b.name ?? b.userId })),
  };
}

export function boostFeed(
  api: Api,
  headers: Headers,
  input: { feedId: string; amount: string; totp?: string | undefined },
) {
  return api.call(
    endpointInfo.wallets.boost,
    {
      feedId: input.feedId,
      amount: input.amount,
      ...(input.totp ? { TOTPCode: input.totp } : {}),
    },
    write(headers),
  );
}

export function withdraw(
  api: Api,
  headers: Headers,
  input: { amount: string; address: string; totp: string | undefined },
) {
  return api.call(
    endpointInfo.wallets.withdraw,
    {
      amount: input.amount,
      address: input.address,
      ...(input.totp ? { TOTPCode: input.totp } : {}),
    },
    write(headers),
  );
}

export async function readTransactions(
  api: Api,
  input: { type: TransactionType | null; cursor: string | null },
  signal: AbortSignal,
): Promise<TransactionPage> {
  const answer = await api.call(
    endpointInfo.wallets.transactions,
    {
      ...(input.type ? { type: input.type } : {}),
      ...(input.cursor ? { before: input.cursor } : {}),
      limit: TRANSACTIONS_PER_PAGE,
    },
    { silent: true, signal },
  );
  const rows = answer.data;
  return {
    rows,
    next: rows.length === TRANSACTIONS_PER_PAGE ? (rows.at(-1)?.hash ?? null) : null,
  };
}

export async function readRanking(api: Api, signal: AbortSignal): Promise<readonly RankingRow[]> {
  return (await api.call(endpointInfo.wallets.ranking, {}, { silent: true, signal })).data;
}

/**
 * Follows a list with a fee: the server takes the fee from the wallet as it subscribes (a list
 * is bought once; following it again never pays twice), so this is the online subscribe itself.
 */
export function purchaseList(
  api: Api,
  headers: Headers,
  input: { listId: string; view: FeedViewType },
) {
  return api.call(
    endpointInfo.subscriptions.subscribe,
    { listId: input.listId, view: input.view },
    write(headers),
  );
}
