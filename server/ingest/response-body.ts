import { promisify } from "node:util";
import zlib from "node:zlib";
import { fetchFailed, tooLargeFailed } from "./errors.ts";

/** Response body helpers for the fetch stage: a size-capped read and a capped decompression. */

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const inflateRaw = promisify(zlib.inflateRaw);
const brotli = promisify(zlib.brotliDecompress);

/** Reads a body stream, aborting as soon as it passes `maxBytes` (announced or actual). */
export async function readCapped(
  body: AsyncIterable<Uint8Array> & { destroy(error?: Error): void },
  contentLength: string | undefined,
  maxBytes: number,
): Promise<Buffer> {
  const announced = Number(contentLength);
  if (Number.isFinite(announced) && announced > maxBytes) {
    body.destroy();
    throw tooLarge(maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      body.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/** Undoes Content-Encoding (gzip, deflate, br); the output is capped too (no zip bombs). */
export async function decompress(
  body: Buffer,
  encoding: string | undefined,
  maxBytes: number,
): Promise<Buffer> {
  const codings = (encoding ?? "")
    .toLowerCase()
    .split(",")
    .map((c) => c.trim())
    .filter((c) => c && c !== "identity");
  let data = body;
  // Codings are listed in the order applied, so undo them last to first.
  for (const coding of codings.reverse()) {
    if (data.length === 0) break;
    const options = { maxOutputLength: maxBytes };
    try {
      if (coding === "gzip" || coding === "x-gzip") data = await gunzip(data, options);
      else if (coding === "br") data = await brotli(data, options);
      // "deflate" should be zlib-wrapped, but some servers send raw deflate: a zlib header starts 0x?8.
      else if (coding === "deflate")
        data =
          (data[0]! & 0x0f) === 8 ? await inflate(data, options) : await inflateRaw(data, options);
      else throw fetchFailed("decode", `unsupported Content-Encoding "${coding}"`);
    } catch (error) {
      if (
        error instanceof RangeError ||
        (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE"
      )
        throw tooLarge(maxBytes);
      if ((error as { name?: string }).name === "IngestError") throw error;
      throw fetchFailed("decode", `the ${coding} body could not be decompressed`, { cause: error });
    }
  }
  return data;
}

function tooLarge(maxBytes: number) {
  const limit =
    maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / 1024 / 1024)} MB` : `${maxBytes} bytes`;
  return tooLargeFailed(limit);
}
