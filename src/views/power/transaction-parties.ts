import type { Transaction } from "./wallet-calls.ts";

type Parties = Pick<
  Transaction,
  | "type"
  | "fromUserId"
  | "toUserId"
  | "toFeedId"
  | "toListId"
  | "toEntryId"
  | "fromUser"
  | "toUser"
  | "toFeed"
>;

/** Money leaving this user's wallet (a tip, boost, purchase, withdrawal or burn it made). */
export function isOutgoing(row: Parties, userId: string | undefined): boolean {
  return userId !== undefined && row.fromUserId === userId && row.toUserId !== userId;
}

/**
 * Who is on the other side as this user reads it: for money sent, the feed, person or list it
 * went to; for money received, who sent it; `system` for the ledger's own (mint, claim, airdrop).
 */
export function counterpart(row: Parties, userId: string | undefined, system: string): string {
  if (isOutgoing(row, userId)) {
    return (
      row.toFeed?.title ??
      row.toUser?.name ??
      (row.toFeedId ? `#${row.toFeedId}` : null) ??
      (row.toListId ? `#${row.toListId}` : null) ??
      system
    );
  }
  return row.fromUser?.name ?? system;
}
