import type { DatabaseHandle } from "../db/connect.ts";

/** The ledger's tables (server migration 0037_wallet_ledger). */
export type WalletTables = {
  wallet_account: {
    id: string;
    kind: string;
    balance: string;
    cashable: string;
    created_at: string;
  };
  wallet_transaction: {
    hash: string;
    type: string;
    user_id: string;
    idempotency_key: string;
    request_hash: string;
    once_tag: string | null;
    amount: string;
    tax: string;
    from_user_id: string | null;
    to_user_id: string | null;
    to_feed_id: string | null;
    to_list_id: string | null;
    to_entry_id: string | null;
    comment: string | null;
    address: string | null;
    status: string;
    reference: string | null;
    seq: number | string | bigint;
    created_at: string;
  };
  wallet_posting: { transaction_hash: string; account_id: string; amount: string };
  wallet_airdrop: { user_id: string; amount: string; verified: number; status: string };
  wallet_setting: { key: string; value: string };
};

export type TransactionRow = WalletTables["wallet_transaction"];

export const walletDb = (database: DatabaseHandle) => database.db.withTables<WalletTables>();

/** Account ids: a person's wallet, a feed (tips held until claimed), a list, the system's. */
export const accounts = {
  user: (id: string) => `user:${id}`,
  feed: (id: string) => `feed:${id}`,
  list: (id: string) => `list:${id}`,
  /** Where new POWER comes from: its balance is minus everything ever minted. */
  mint: "system:mint",
  /** Spent for good (boosts, invitation codes). */
  burn: "system:burn",
  /** Withdrawn out of the ledger (paid out by the operator). */
  payout: "system:payout",
} as const;

/** The one account allowed below zero. */
export const MAY_GO_NEGATIVE = new Set<string>([accounts.mint]);
