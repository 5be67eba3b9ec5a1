import { Schema } from "effect";

/** A star ("collection") as a timeline item carries it: when the entry was starred. */
export const CollectionModel = Schema.Struct({ createdAt: Schema.String });
export type CollectionModel = typeof CollectionModel.Type;
