import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  type ECDH,
  randomBytes,
  verify,
} from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A push service on 127.0.0.1 standing in for a browser vendor's, and the browser's side of
 * the encryption: each "browser" has its own P-256 key pair and auth secret, and every message
 * received is decrypted for real (aes128gcm, RFC 8188/8291) and its VAPID signature (RFC 8292,
 * ES256 JWT) verified against the key it names.
 */
export interface BrowserKeys {
  ecdh: ECDH;
  p256dh: string;
  auth: string;
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export class PushReceiver {
  private server: Server | undefined;
  readonly received: ReceivedPush[] = [];
  /** Paths that answer 410 Gone (the browser unsubscribed). */
  readonly gone = new Set<string>();
  baseUrl = "";

  async start(): Promise<this> {
    this.server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const path = request.url ?? "/";
      if (this.gone.has(path)) return response.writeHead(410).end();
      this.received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(201, { location: `${path}/message/${this.received.length}` }).end();
    });
    await new Promise<void>((done) => this.server!.listen(0, "127.0.0.1", done));
    this.baseUrl = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((done) => this.server?.close(done));
  }
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** Decrypts an aes128gcm Web Push body with the browser's keys (RFC 8291 section 3.4). */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const secret = keys.ecdh.computeSecret(serverKey);
  const auth = Buffer.from(keys.auth, "base64url");
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), keys.ecdh.getPublicKey(), serverKey]);
  const ikm = hmac(hmac(auth, secret), Buffer.concat([info, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "binary")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "binary")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString("utf8");
}

/** Checks the VAPID Authorization header: ES256 over the JWT, with the key it names. */
export function verifyVapid(
  authorization: string,
  endpoint: string,
): { aud: string; sub: string; publicKey: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID header: ${authorization}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const [header, payload, signature] = token.split(".") as [string, string, string];
  const raw = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("VAPID signature does not verify");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
    aud: string;
    sub: string;
    exp: number;
  };
  if (claims.aud !== new URL(endpoint).origin) throw new Error(`wrong audience ${claims.aud}`);
  if (claims.exp * 1000 < Date.now()) throw new Error("VAPID token expired");
  return { aud: claims.aud, sub: claims.sub, publicKey };
}
