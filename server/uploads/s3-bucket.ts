import type { S3BucketConfig } from "../config.ts";
import { amzDate, authorization, type SigV4Key, sha256Hex } from "./sigv4.ts";

const TIMEOUT_MS = 15_000;

/**
 * Objects in an S3-compatible bucket: put, get and delete, signed with SigV4. The endpoint is
 * the operator's, not content from outside, so it is called directly (not the feed fetcher).
 */
export function createS3Bucket(config: S3BucketConfig, fetchImpl: typeof fetch = fetch) {
  const key: SigV4Key = {
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: "s3",
  };
  const base = new URL(config.endpoint);

  function objectUrl(name: string): URL {
    const path = `${config.prefix}${name}`.split("/").map(encodeURIComponent).join("/");
    const url = new URL(base);
    const root = base.pathname.replace(/\/$/, "");
    if (config.pathStyle) url.pathname = `${root}/${encodeURIComponent(config.bucket)}/${path}`;
    else {
      url.hostname = `${config.bucket}.${base.hostname}`;
      url.pathname = `${root}/${path}`;
    }
    return url;
  }

  async function send(method: string, name: string, body?: Uint8Array, type?: string) {
    const url = objectUrl(name);
    const date = new Date();
    const payloadHash = sha256Hex(body ?? "");
    const headers: Record<string, string> = {
      "x-amz-content-sha256": payloadHash,
      "x-amz-date": amzDate(date),
      ...(type ? { "content-type": type } : {}),
    };
    headers.authorization = authorization({ method, url, headers, payloadHash }, key, date);
    return fetchImpl(url, {
      method,
      headers,
      ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}),
      redirect: "error",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  }

  async function failure(response: Response, what: string): Promise<Error> {
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    return new Error(`S3 ${what} answered HTTP ${response.status}: ${detail}`);
  }

  return {
    async put(name: string, bytes: Uint8Array, type: string): Promise<void> {
      const response = await send("PUT", name, bytes, type);
      if (!response.ok) throw await failure(response, `PUT ${name}`);
      await response.body?.cancel();
    },
    /** The object's bytes, or undefined when the bucket has no such object. */
    async get(name: string, maxBytes: number): Promise<Uint8Array | undefined> {
      const response = await send("GET", name);
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok) throw await failure(response, `GET ${name}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.length > maxBytes) throw new Error(`S3 object ${name} is larger than expected`);
      return bytes;
    },
    async delete(name: string): Promise<void> {
      const response = await send("DELETE", name);
      // S3 answers 204 whether or not the object existed.
      if (!response.ok && response.status !== 404) throw await failure(response, `DELETE ${name}`);
      await response.body?.cancel();
    },
  };
}

export type S3Bucket = ReturnType<typeof createS3Bucket>;
