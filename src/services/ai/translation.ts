import {
  needsTranslation,
  type TranslationField,
  type TranslationFields,
} from "../../../contract/ai.ts";
import { endpoints } from "../../../contract/api/index.ts";
import type { ApiFetch } from "../../api/client.ts";
import { local, select, statement } from "../../db/local-sql.ts";
import { selectRows } from "../../db/select-rows.ts";
import type { LocalDatabase } from "../../db/types.ts";

/** What the entry offers for translation: its fields as stored locally. */
export interface TranslatableEntry {
  id: string;
  language: string | null;
  title: string | null;
  description: string | null;
  content: string | null;
  readabilityContent: string | null;
}

/**
 * Which fields to translate: title and description, plus content or the full text when shown;
 * only those that exist, are not translated yet, and whose language is not the target's.
 */
export function fieldsToTranslate(
  entry: TranslatableEntry,
  stored: TranslationFields,
  target: string,
  body: "content" | "readabilityContent" | null,
): TranslationField[] {
  if (!needsTranslation(entry.language, target)) return [];
  const candidates: TranslationField[] = ["title", "description", ...(body ? [body] : [])];
  return candidates.filter((field) => Boolean(entry[field]?.trim()) && !stored[field]);
}

type TranslationColumn = "title" | "description" | "content" | "readability_content";

const COLUMNS: Record<TranslationField, TranslationColumn> = {
  title: "title",
  description: "description",
  content: "content",
  readabilityContent: "readability_content",
};

export async function storedTranslation(
  db: LocalDatabase,
  entryId: string,
  language: string,
): Promise<TranslationFields> {
  const [row] = await selectRows(
    db,
    select(
      local
        .selectFrom("translations")
        .select(["title", "description", "content", "readability_content"])
        .where("entry_id", "=", entryId)
        .where("language", "=", language),
    ),
  );
  const out: TranslationFields = {};
  if (!row) return out;
  for (const [field, column] of Object.entries(COLUMNS) as [
    TranslationField,
    TranslationColumn,
  ][]) {
    const value = row[column];
    if (typeof value === "string" && value) out[field] = value;
  }
  return out;
}

/**
 * The entry's translation into `language`: what follow.db holds, plus the missing fields from
 * ai/translation, stored back (deleted after 7 days at start-up).
 */
export async function loadTranslation(
  api: ApiFetch,
  db: LocalDatabase,
  entry: TranslatableEntry,
  language: string,
  body: "content" | "readabilityContent" | null,
  now = () => new Date(),
): Promise<TranslationFields> {
  const stored = await storedTranslation(db, entry.id, language);
  const fields = fieldsToTranslate(entry, stored, language, body);
  if (fields.length === 0) return stored;
  const answer = await api.call(
    endpoints.ai.translation,
    { id: entry.id, language: language as "en", fields: fields.join(",") },
    { silent: true },
  );
  const fresh = Object.fromEntries(
    Object.entries(answer.data).filter(([, value]) => typeof value === "string" && value),
  ) as TranslationFields;
  if (Object.keys(fresh).length > 0) {
    const translated: Partial<Record<TranslationColumn, string>> = {};
    for (const [field, value] of Object.entries(fresh) as [TranslationField, string][]) {
      translated[COLUMNS[field]] = value;
    }
    const has = (column: TranslationColumn) => translated[column] !== undefined;
    const write = statement(
      local
        .insertInto("translations")
        .values({ entry_id: entry.id, language, created_at: now().toISOString(), ...translated })
        .onConflict((conflict) =>
          // Only the fields just translated replace what was stored.
          conflict.columns(["entry_id", "language"]).doUpdateSet((eb) => ({
            ...(has("title") ? { title: eb.ref("excluded.title") } : {}),
            ...(has("description") ? { description: eb.ref("excluded.description") } : {}),
            ...(has("content") ? { content: eb.ref("excluded.content") } : {}),
            ...(has("readability_content")
              ? { readability_content: eb.ref("excluded.readability_content") }
              : {}),
          })),
        ),
    );
    await db.transaction(["translations"], (tx) => tx.execute(write.sql, write.params));
  }
  return { ...stored, ...fresh };
}

let configAnswer: Promise<{ summary: string; translation: boolean; speech?: boolean }> | null =
  null;

/** What the server's AI can do (asked once per page load). */
export function aiCapabilities(api: ApiFetch) {
  configAnswer ??= api.call(endpoints.ai.config, {}, { silent: true }).then(
    (answer) => answer.data,
    (error: unknown) => {
      configAnswer = null;
      throw error;
    },
  );
  return configAnswer;
}

/** Forget what the server's AI can do (the user's provider changed). */
export function forgetAiCapabilities(): void {
  configAnswer = null;
}
