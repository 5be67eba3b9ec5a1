import type { SessionUser } from "../session.ts";
import { boolean, json, text } from "./columns.ts";
import { localTable } from "./local-table.ts";
import { modelColumns } from "./model-columns.ts";

/** The user fields the local table keeps, typed as the session's user declares them. */
export const userColumns = modelColumns<SessionUser>()({
  id: text(),
  email: text(),
  handle: text().orNull(),
  name: text(),
  image: text().orNull(),
  emailVerified: boolean(),
  bio: text().orNull(),
  website: text().orNull(),
  socialLinks: json<NonNullable<SessionUser["socialLinks"]>>().orNull(),
});

/**
 * People as the client knows them, the signed-in one marked `is_me`. Nothing syncs into it
 * yet (the session and public profiles are read from the API); declared so the schema the
 * migrations create stays checked.
 */
export const usersTable = localTable({
  name: "users",
  columns: {
    id: userColumns.id,
    email: userColumns.email.orNull(),
    handle: userColumns.handle,
    name: userColumns.name.orNull(),
    image: userColumns.image,
    is_me: boolean().orNull(),
    email_verified: userColumns.email_verified.orNull(),
    bio: userColumns.bio,
    website: userColumns.website,
    social_links: userColumns.social_links,
  },
  key: ["id"],
});
