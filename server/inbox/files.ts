import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Files that came with inbox mail, kept under DATA_DIR/inbox-files by a random name: the name is
 * the address and the only key, so only whoever was shown the entry can fetch the file. (Named
 * by the hash of their bytes, as files stored before were, anyone holding a copy could ask
 * whether the server had it.) Served back with their type from a short allow-list and never
 * sniffed; anything not an image downloads.
 */
const TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  bin: "application/octet-stream",
};
const EXTENSION_OF: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "application/pdf": "pdf",
  "text/plain": "txt",
};
/** 256 random bits, base64url. */
const NAME = /^([A-Za-z0-9_-]{43})\.([a-z]{3,4})$/;
/** Names of files stored before: the SHA-256 of their bytes, guessable from the content. */
const CONTENT_NAME = /^([a-f0-9]{64})\.([a-z]{3,4})$/;

export function inboxFilesDir(dataDir: string): string {
  return join(dataDir, "inbox-files");
}

/** Stores the bytes; answers the file's name. */
export async function saveInboxFile(
  dataDir: string,
  content: Uint8Array,
  contentType: string | undefined,
): Promise<string> {
  const extension = EXTENSION_OF[(contentType ?? "").split(";")[0]!.trim().toLowerCase()] ?? "bin";
  const name = `${randomBytes(32).toString("base64url")}.${extension}`;
  const dir = inboxFilesDir(dataDir);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), content, { flag: "wx" });
  return name;
}

/** Whether a name is one of the content-hash names files were once stored under. */
export function isContentHashName(name: string): boolean {
  return CONTENT_NAME.test(name);
}

/** The stored file for a name of ours, with how to serve it; undefined for anything else. */
export async function readInboxFile(dataDir: string, name: string) {
  const match = NAME.exec(name) ?? CONTENT_NAME.exec(name);
  const type = match ? TYPES[match[2]!] : undefined;
  if (!match || !type) return undefined;
  const body = await readFile(join(inboxFilesDir(dataDir), name)).catch(() => undefined);
  if (!body) return undefined;
  return { body, type, download: !type.startsWith("image/") };
}
