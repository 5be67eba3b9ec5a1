import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import webpush from "web-push";

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
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  chmodSync(file, 0o600);
  return { ...keys, subject };
}
