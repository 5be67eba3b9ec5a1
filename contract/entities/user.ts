import { SessionUser } from "../session.ts";
import { boolean } from "./columns.ts";
import { localTable } from "./local-table.ts";
import { modelColumns } from "./model-columns.ts";

const wire = modelColumns(SessionUser, [
  "id",
  "email",
  "handle",
  "name",
  "image",
  "emailVerified",
  "bio",
  "website",
  "socialLinks",
]);

/**
 * People as the client knows them, the signed-in one marked `is_me`. Nothing syncs into it
 * yet (the session and public profiles are read from the API); declared so the schema the
 * migrations create stays checked.
 */
export const usersTable = localTable({
  name: "users",
  columns: {
    id: wire.id,
    email: wire.email.orNull(),
    handle: wire.handle,
    name: wire.name.orNull(),
    image: wire.image,
    is_me: boolean().orNull(),
    email_verified: wire.email_verified.orNull(),
    bio: wire.bio,
    website: wire.website,
    social_links: wire.social_links,
  },
  key: ["id"],
});
