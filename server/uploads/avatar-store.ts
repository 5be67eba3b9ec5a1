import { randomBytes } from "node:crypto";
import { mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { S3BucketConfig } from "../config.ts";
import { createS3Bucket, type S3Bucket } from "./s3-bucket.ts";

/** The image types an avatar may be, told by their first bytes (never SVG: it runs script). */
const SIGNATURES: Array<{ type: string; ext: string; test(bytes: Uint8Array): boolean }> = [
  {
    type: "image/png",
    ext: "png",
    test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  },
  { type: "image/jpeg", ext: "jpg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: "image/gif",
    ext: "gif",
    test: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38,
  },
  {
    type: "image/webp",
    ext: "webp",
    test: (b) =>
      String.fromCharCode(...b.subarray(0, 4)) === "RIFF" &&
      String.fromCharCode(...b.subarray(8, 12)) === "WEBP",
  },
];

const TYPE_BY_EXT = Object.fromEntries(SIGNATURES.map((s) => [s.ext, s.type]));

/** A stored avatar's file name: the owner, a random part, the type. Nothing else is served. */
export const AVATAR_NAME = /^(\d{1,30})-([a-z0-9]{16})\.(png|jpg|gif|webp)$/;

/** The image type of these bytes, or undefined when they are not an image we take. */
export function sniffImage(bytes: Uint8Array): { type: string; ext: string } | undefined {
  const found = SIGNATURES.find((s) => bytes.length >= 12 && s.test(bytes));
  return found ? { type: found.type, ext: found.ext } : undefined;
}

export interface AvatarStorageConfig {
  dir: string;
  avatarMaxBytes: number;
  /** When set, avatars live in this bucket instead of under `dir`. */
  s3?: S3BucketConfig | undefined;
}

/** Where avatar bytes live: files under `<dir>/avatars`, or objects `avatars/<name>` in S3. */
interface AvatarBackend {
  write(name: string, bytes: Uint8Array, type: string): Promise<void>;
  read(name: string): Promise<Uint8Array | undefined>;
  delete(name: string): Promise<void>;
}

function fileBackend(uploadsDir: string): AvatarBackend {
  const directory = join(uploadsDir, "avatars");
  return {
    async write(name, bytes) {
      await mkdir(directory, { recursive: true });
      await writeFile(join(directory, name), bytes, { mode: 0o644 });
    },
    async read(name) {
      return readFile(join(directory, name)).catch(() => undefined);
    },
    async delete(name) {
      await unlink(join(directory, name)).catch(() => undefined);
    },
  };
}

function s3Backend(bucket: S3Bucket, maxBytes: number): AvatarBackend {
  return {
    write: (name, bytes, type) => bucket.put(`avatars/${name}`, bytes, type),
    read: (name) => bucket.get(`avatars/${name}`, maxBytes),
    delete: (name) => bucket.delete(`avatars/${name}`),
  };
}

/**
 * Avatars by name (owner, random part, type): kept as files under `<DATA_DIR>/uploads/avatars`
 * by default, or in an S3-compatible bucket when one is configured. Either way they are served
 * by this server, with the type their bytes showed, so a bucket never needs to be public.
 */
export function createAvatarStore(config: AvatarStorageConfig, fetchImpl?: typeof fetch) {
  const backend = config.s3
    ? s3Backend(createS3Bucket(config.s3, fetchImpl), config.avatarMaxBytes)
    : fileBackend(config.dir);
  return {
    async save(userId: string, bytes: Uint8Array, ext: string): Promise<string> {
      const name = `${userId}-${randomBytes(8).toString("hex")}.${ext}`;
      await backend.write(name, bytes, TYPE_BY_EXT[ext] ?? "application/octet-stream");
      return name;
    },
    /** The bytes and type of a stored avatar, or undefined. */
    async read(name: string): Promise<{ bytes: Uint8Array; type: string } | undefined> {
      const match = AVATAR_NAME.exec(name);
      if (!match) return undefined;
      const bytes = await backend.read(name);
      return bytes ? { bytes, type: TYPE_BY_EXT[match[3]!]! } : undefined;
    },
    /** Removes a stored avatar of this user (no-op for any other name). */
    async remove(userId: string, name: string): Promise<void> {
      const match = AVATAR_NAME.exec(name);
      if (!match || match[1] !== userId) return;
      await backend.delete(name);
    },
  };
}

export type AvatarStore = ReturnType<typeof createAvatarStore>;
