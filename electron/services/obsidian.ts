import { constants } from "node:fs";
import { open, stat } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import type { DesktopSaveResult, ObsidianNote } from "../../contract/desktop.ts";
import { highlightsSection } from "../../contract/highlights/markdown.ts";
import { htmlToMarkdown } from "../../contract/html/to-markdown.ts";

/** Characters no file system takes in a name (Windows is the strictest), and control codes. */
const UNSAFE_NAME = /[\\/:*?"<>|]/g;

function withoutControlCharacters(text: string): string {
  return Array.from(text)
    .filter((char) => char.charCodeAt(0) >= 0x20)
    .join("");
}

/** `<first 20 characters of the title>.md`, made safe as a file name. */
export function obsidianFileName(title: string): string {
  const base = Array.from(withoutControlCharacters(title).replace(UNSAFE_NAME, " ").trim())
    .slice(0, 20)
    .join("")
    .trim()
    .replace(/^\.+/, "");
  return `${base || "Untitled"}.md`;
}

/**
 * YAML front matter with url, author and publishedAt (values are JSON strings, valid YAML), the
 * entry as Markdown, then the person's highlights and notes as quotes under "Highlights".
 */
export function obsidianNoteText(note: ObsidianNote): string {
  const front = [
    "---",
    `url: ${JSON.stringify(note.url)}`,
    `author: ${JSON.stringify(note.author)}`,
    `publishedAt: ${JSON.stringify(note.publishedAt)}`,
    "---",
    "",
  ].join("\n");
  return `${front}${htmlToMarkdown(note.html)}${highlightsSection(note.highlights)}`;
}

/**
 * Writes the note into the vault folder. The vault must be an existing folder given by an
 * absolute path; the file is created exclusively (O_EXCL), so an existing note is never
 * overwritten and saving it again fails, as in the shipped product.
 */
export async function writeObsidianNote(
  vaultPath: string,
  note: ObsidianNote,
): Promise<DesktopSaveResult> {
  if (!isAbsolute(vaultPath)) return { ok: false, reason: "The vault path must be absolute" };
  const folder = await stat(vaultPath).catch(() => null);
  if (!folder?.isDirectory()) return { ok: false, reason: `No vault folder at ${vaultPath}` };
  const path = join(vaultPath, obsidianFileName(note.title));
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === "EEXIST" ? `${path} already exists` : String(error) };
  }
  try {
    await handle.writeFile(obsidianNoteText(note), "utf8");
  } finally {
    await handle.close();
  }
  return { ok: true, link: `file://${path}` };
}
