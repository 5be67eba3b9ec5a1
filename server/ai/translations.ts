import {
  TRANSLATION_MAX_AGE_MS,
  type TranslationField,
  type TranslationFields,
} from "../../contract/ai.ts";
import { htmlToText } from "../../contract/html/text.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { EntryRow } from "../db/schema.ts";
import { ApiError } from "../http/api-error.ts";
import { sanitizeHtml } from "../ingest/sanitize.ts";
import type { Readability } from "../jobs/readability.ts";
import { nowIso } from "../storage/time.ts";
import type { ChatProvider } from "./chat/provider.ts";
import { languageName } from "./languages.ts";
import { type ProviderChoice, serverChoice } from "./providers.ts";

const HTML_FIELDS = new Set<TranslationField>(["content", "readabilityContent"]);
const COLUMNS = {
  title: "title",
  description: "description",
  content: "content",
  readabilityContent: "readability_content",
} as const;

export function noProvider(): ApiError {
  return new ApiError(
    1005,
    "translation needs an AI provider: set your own in Settings › General › AI, or the operator sets AI_BASE_URL (and AI_API_KEY, AI_MODEL) to an OpenAI-compatible endpoint",
    503,
  );
}

/**
 * Entry translations: only fields that exist, are not translated yet, and are not
 * already in the target language (detected per field when long enough, else the entry's
 * language, detected and stored when the feed did not say). Stored per entry, language and
 * provider: the server's provider's text is shared, a user's own provider's is served to that
 * user only (another user's endpoint could write anything). One provider call per field at a
 * time, joined by repeats of the same provider; HTML answers sanitized like feeds.
 */
// Language detection (franc's trigram tables) is loaded by the first translation, not at start.
let languageModule: Promise<typeof import("../text/language.ts")> | undefined;
const languageTools = () => (languageModule ??= import("../text/language.ts"));

export function createTranslations(deps: {
  database: DatabaseHandle;
  readability: Readability;
  provider: ChatProvider | null;
}) {
  const { database, readability } = deps;
  const running = new Map<string, Promise<string>>();

  async function entryLanguage(entry: EntryRow): Promise<string | null> {
    if (entry.language) return entry.language;
    const { detectLanguage } = await languageTools();
    const detected = detectLanguage(
      `${entry.title ?? ""}. ${htmlToText((entry.content ?? entry.description ?? "").slice(0, 20_000))}`,
    );
    if (detected) {
      await database.db
        .updateTable("entry")
        .set({ language: detected })
        .where("id", "=", entry.id)
        .where("language", "is", null)
        .execute();
    }
    return detected;
  }

  async function sourceOf(entry: EntryRow, field: TranslationField): Promise<string | null> {
    if (field === "readabilityContent") return readability.contentFor(entry);
    return entry[field];
  }

  function translateField(
    choice: ProviderChoice & { provider: ChatProvider },
    entry: EntryRow,
    field: TranslationField,
    text: string,
    language: string,
  ) {
    const { provider } = choice;
    const key = `${choice.owner}\n${choice.key}\n${entry.id}\n${language}\n${field}`;
    let pending = running.get(key);
    if (!pending) {
      const html = HTML_FIELDS.has(field);
      pending = provider
        .complete({
          system:
            "You translate feed entries. Answer with the translation only, with no notes or quotes around it.",
          instruction: html
            ? `Translate the text of this HTML into ${languageName(language)}. Keep every tag and attribute exactly as it is; translate only the text between tags.`
            : `Translate into ${languageName(language)}:`,
          text,
          maxOutputTokens: html ? 8_000 : 400,
        })
        .then((answer) => (html ? sanitizeHtml(answer, entry.url) : answer.trim()))
        .finally(() => running.delete(key));
      running.set(key, pending);
    }
    return pending;
  }

  return {
    async translate(
      entry: EntryRow,
      language: string,
      fields: readonly TranslationField[],
      choice: ProviderChoice = serverChoice(deps.provider),
    ): Promise<TranslationFields> {
      const { owner, key } = choice;
      const stored = await database.db
        .selectFrom("ai_translation")
        .selectAll()
        .where("entry_id", "=", entry.id)
        .where("language", "=", language)
        .where("owner_user_id", "=", owner)
        .where("provider", "=", key)
        .executeTakeFirst();
      const result: TranslationFields = {};
      const wanted: { field: TranslationField; text: string }[] = [];
      const fallback = await entryLanguage(entry);
      const { detectLanguage, needsTranslation } = await languageTools();
      for (const field of new Set(fields)) {
        const already = stored?.[COLUMNS[field]];
        if (already) {
          result[field] = already;
          continue;
        }
        const source = await sourceOf(entry, field);
        if (!source?.trim()) continue;
        const plain = HTML_FIELDS.has(field) ? htmlToText(source.slice(0, 200_000)) : source;
        const own = plain.length >= 40 ? (detectLanguage(plain) ?? fallback) : fallback;
        if (!needsTranslation(own, language)) continue;
        wanted.push({ field, text: source });
      }
      if (wanted.length === 0) return result;
      const { provider } = choice;
      if (!provider) throw noProvider();
      const answers = await Promise.all(
        wanted.map(({ field, text }) =>
          translateField({ ...choice, provider }, entry, field, text, language),
        ),
      );
      const row: Record<string, string> = {};
      wanted.forEach(({ field }, index) => {
        result[field] = answers[index]!;
        row[COLUMNS[field]] = answers[index]!;
      });
      await database.db
        .insertInto("ai_translation")
        .values({
          entry_id: entry.id,
          language,
          owner_user_id: owner,
          provider: key,
          created_at: nowIso(),
          ...row,
        })
        .onConflict((oc) =>
          oc.columns(["entry_id", "language", "owner_user_id", "provider"]).doUpdateSet(row),
        )
        .execute();
      return result;
    },
  };
}

export type Translations = ReturnType<typeof createTranslations>;

/** Stored translations older than 7 days go at start-up. */
export async function deleteStaleTranslations(database: DatabaseHandle, now = Date.now()) {
  const cutoff = new Date(now - TRANSLATION_MAX_AGE_MS).toISOString();
  const result = await database.db
    .deleteFrom("ai_translation")
    .where("created_at", "<", cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
