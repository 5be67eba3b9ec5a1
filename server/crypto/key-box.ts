import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encryption at rest for users' provider keys: AES-256-GCM under a key derived (HKDF-SHA256)
 * from the server's secret, so a copy of the database alone does not give the keys away.
 */
export function createKeyBox(secret: string) {
  const key = Buffer.from(hkdfSync("sha256", secret, "follow", "ai-provider-key", 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64url");
    },
    open(sealed: string): string {
      const raw = Buffer.from(sealed, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
  };
}

export type KeyBox = ReturnType<typeof createKeyBox>;
