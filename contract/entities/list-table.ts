import { integer, json, text } from "./columns.ts";
import type { ListModel } from "./list.ts";
import { localTable } from "./local-table.ts";
import { modelColumns } from "./model-columns.ts";

/** The list fields the local table keeps, typed as the model declares them. */
export const listColumns = modelColumns<ListModel>()({
  id: text(),
  title: text(),
  description: text().orNull(),
  image: text().orNull(),
  view: integer(),
  fee: integer(),
  ownerUserId: text(),
  feedIds: json<readonly string[]>(),
  subscriptionCount: integer().orNull(),
  purchaseAmount: text().orNull(),
});

/**
 * The lists the person owns or follows, as pulls and commands leave them. Rows written before
 * a list arrived whole may lack its feed ids and fee.
 */
export const listsTable = localTable({
  name: "lists",
  columns: {
    id: listColumns.id,
    user_id: text().orNull(),
    title: listColumns.title,
    feed_ids: listColumns.feed_ids.orNull(),
    description: listColumns.description,
    view: listColumns.view,
    image: listColumns.image,
    fee: integer().orNull(),
    owner_user_id: listColumns.owner_user_id.orNull(),
    subscription_count: listColumns.subscription_count,
    purchase_amount: listColumns.purchase_amount,
  },
  key: ["id"],
});

/** A list as the API may send it inside a subscription or a pull (older answers lack fields). */
export interface ServerList {
  id: string;
  userId?: string | null;
  title: string;
  feedIds?: readonly string[] | null;
  description?: string | null;
  view: number;
  image?: string | null;
  fee?: number | null;
  ownerUserId?: string | null;
  subscriptionCount?: number | null;
  purchaseAmount?: number | string | null;
}

/** A list is kept only when it has an owner; its purchase amount is stored as text. */
export function listRow(list: ServerList | null | undefined) {
  if (!list?.ownerUserId) return undefined;
  return listsTable.encode({
    id: list.id,
    user_id: list.userId ?? null,
    title: list.title,
    feed_ids: list.feedIds ?? null,
    description: list.description ?? null,
    view: list.view,
    image: list.image ?? null,
    fee: list.fee ?? null,
    owner_user_id: list.ownerUserId,
    subscription_count: list.subscriptionCount ?? null,
    purchase_amount: list.purchaseAmount == null ? null : String(list.purchaseAmount),
  });
}
