import { createECDH } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The server's VAPID key pair (Web Push identifies the sender by it): from the environment when
 * both halves are set, else generated once into DATA_DIR/vapid.json and kept (a new pair would
 * orphan every browser's subscription).
 */
export function resolveVapidKeys(
  configured: {
    vapidPublicKey: string | undefined;
    vapidPrivateKey: string | undefined;
    subject: string;
  },
  dataDir: string,
): VapidKeys {
  const subject = configured.subject;
  if (configured.vapidPublicKey && configured.vapidPrivateKey) {
    return {
      publicKey: configured.vapidPublicKey,
      privateKey: configured.vapidPrivateKey,
      subject,
    };
  }
  const file = join(dataDir, "vapid.json");
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as Omit<VapidKeys, "subject">;
    return { ...stored, subject };
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  chmodSync(file, 0o600);
  return { ...keys, subject };
}

/**
 * What web-push's generateVAPIDKeys does (a P-256 pair, raw keys padded to 65 and 32 bytes,
 * base64url), without loading web-push at start: it is only needed to send.
 */
function generateVapidKeys(): Omit<VapidKeys, "subject"> {
  const curve = createECDH("prime256v1");
  curve.generateKeys();
  const padded = (key: Buffer, length: number) =>
    key.length < length ? Buffer.concat([Buffer.alloc(length - key.length), key]) : key;
  return {
    publicKey: padded(curve.getPublicKey(), 65).toString("base64url"),
    privateKey: padded(curve.getPrivateKey(), 32).toString("base64url"),
  };
}
