import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encryption at rest for integration secrets: AES-256-GCM with a random 96-bit nonce, the key
 * derived (HKDF-SHA256) from the server's auth secret, and the user id and setting name bound
 * in as associated data, so a ciphertext copied to another user's or setting's row fails.
 * Stored as `v1.<nonce>.<tag>.<ciphertext>` in base64url.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string | null;
}

export function createSecretBox(authSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", authSecret, "follow", "integration secrets v1", 32));
  return {
    seal(plaintext, context) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const parts = [nonce, cipher.getAuthTag(), body].map((b) => b.toString("base64url"));
      return `v1.${parts.join(".")}`;
    },
    open(sealed, context) {
      const [version, nonce, tag, body] = sealed.split(".");
      if (version !== "v1" || !nonce || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([
          decipher.update(Buffer.from(body, "base64url")),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}
