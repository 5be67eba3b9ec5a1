import { createHash, createHmac } from "node:crypto";

/** Credentials and scope of AWS Signature Version 4 (S3 and every S3-compatible store). */
export interface SigV4Key {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export interface SignableRequest {
  method: string;
  url: URL;
  /** Lower-case names; every one is signed. `host` is added from the URL. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, or "UNSIGNED-PAYLOAD". */
  payloadHash: string;
}

export const sha256Hex = (data: string | Uint8Array) =>
  createHash("sha256").update(data).digest("hex");

const hmac = (key: string | Buffer, data: string) =>
  createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding, as SigV4 requires (and slashes kept in paths). */
function encode(value: string, keepSlash: boolean): string {
  const encoded = encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return keepSlash ? encoded.replace(/%2F/g, "/") : encoded;
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([k, v]) => [encode(k, false), encode(v, false)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

/** `YYYYMMDDTHHMMSSZ`, the form X-Amz-Date takes. */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/**
 * The Authorization header of a request (AWS SigV4, header form). The path is taken as already
 * encoded by URL, decoded and encoded once more the way S3 expects (no double encoding).
 */
export function authorization(request: SignableRequest, key: SigV4Key, date: Date): string {
  const stamp = amzDate(date);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = { host: request.url.host, ...request.headers };
  const names = Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const canonicalHeaders = names
    .map((name) => `${name}:${String(lower[name]).trim().replace(/\s+/g, " ")}\n`)
    .join("");
  const signedHeaders = names.join(";");
  const path = encode(decodeURIComponent(request.url.pathname), true) || "/";
  const canonicalRequest = [
    request.method,
    path,
    canonicalQuery(request.url),
    canonicalHeaders,
    signedHeaders,
    request.payloadHash,
  ].join("\n");
  const scope = `${day}/${key.region}/${key.service}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", stamp, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${key.secretAccessKey}`, day), key.region), key.service),
    "aws4_request",
  );
  const signature = createHmac("sha256", signingKey).update(toSign).digest("hex");
  return `AWS4-HMAC-SHA256 Credential=${key.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
