import { randomBytes } from "node:crypto";
import { mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";

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

/** Avatars as files under `<DATA_DIR>/uploads/avatars`. */
export function createAvatarStore(uploadsDir: string) {
  const directory = join(uploadsDir, "avatars");
  return {
    async save(userId: string, bytes: Uint8Array, ext: string): Promise<string> {
      await mkdir(directory, { recursive: true });
      const name = `${userId}-${randomBytes(8).toString("hex")}.${ext}`;
      await writeFile(join(directory, name), bytes, { mode: 0o644 });
      return name;
    },
    /** The bytes and type of a stored avatar, or undefined. */
    async read(name: string): Promise<{ bytes: Buffer; type: string } | undefined> {
      const match = AVATAR_NAME.exec(name);
      if (!match) return undefined;
      try {
        return { bytes: await readFile(join(directory, name)), type: TYPE_BY_EXT[match[3]!]! };
      } catch {
        return undefined;
      }
    },
    /** Removes a stored avatar of this user (no-op for any other name). */
    async remove(userId: string, name: string): Promise<void> {
      const match = AVATAR_NAME.exec(name);
      if (!match || match[1] !== userId) return;
      await unlink(join(directory, name)).catch(() => undefined);
    },
  };
}

export type AvatarStore = ReturnType<typeof createAvatarStore>;
