import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { authorization, sha256Hex } from "../../server/uploads/sigv4.ts";

export interface FakeS3Options {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * An S3-compatible store on 127.0.0.1 for tests, path-style (`/bucket/key`): PUT, GET and
 * DELETE of objects, each request's SigV4 signature and payload hash checked the way S3 does,
 * answering S3's XML errors. The signature check uses the signer that AWS's own test vectors
 * verify (server/uploads/sigv4.test.ts).
 */
export class FakeS3 {
  readonly objects = new Map<string, { bytes: Buffer; type: string | undefined }>();
  readonly requests: string[] = [];
  private server: Server | undefined;
  private readonly options: FakeS3Options;

  constructor(options: FakeS3Options) {
    this.options = options;
  }

  get url(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(({ status, body, type }) => {
        response.writeHead(status, type ? { "content-type": type } : {});
        response.end(body);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(
    request: IncomingMessage,
  ): Promise<{ status: number; body?: Buffer | string; type?: string | undefined }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? "/", this.url);
    this.requests.push(`${request.method} ${url.pathname}`);
    const problem = this.signatureProblem(request, url, body);
    if (problem) return s3Error(403, problem);
    const prefix = `/${this.options.bucket}/`;
    if (!url.pathname.startsWith(prefix)) return s3Error(404, "NoSuchBucket");
    const key = decodeURIComponent(url.pathname.slice(prefix.length));
    switch (request.method) {
      case "PUT":
        this.objects.set(key, { bytes: body, type: request.headers["content-type"] });
        return { status: 200 };
      case "GET": {
        const found = this.objects.get(key);
        return found
          ? { status: 200, body: found.bytes, type: found.type }
          : s3Error(404, "NoSuchKey");
      }
      case "DELETE":
        this.objects.delete(key);
        return { status: 204 };
      default:
        return s3Error(405, "MethodNotAllowed");
    }
  }

  private signatureProblem(request: IncomingMessage, url: URL, body: Buffer): string | undefined {
    const header = request.headers.authorization ?? "";
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/.exec(
        header,
      );
    if (!match) return "AuthorizationHeaderMalformed";
    if (match[1] !== this.options.accessKeyId) return "InvalidAccessKeyId";
    if (match[3] !== this.options.region) return "AuthorizationHeaderMalformed";
    const payloadHash = String(request.headers["x-amz-content-sha256"] ?? "");
    if (payloadHash !== sha256Hex(body)) return "XAmzContentSHA256Mismatch";
    const date = String(request.headers["x-amz-date"] ?? "");
    const when = new Date(
      date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"),
    );
    if (Number.isNaN(when.getTime())) return "AccessDenied";
    const signed: Record<string, string> = {};
    for (const name of match[4]!.split(";")) {
      if (name !== "host") signed[name] = String(request.headers[name] ?? "");
    }
    const expected = authorization(
      { method: request.method ?? "GET", url, headers: signed, payloadHash },
      { ...this.options, service: "s3" },
      when,
    );
    return expected === header ? undefined : "SignatureDoesNotMatch";
  }
}

function s3Error(status: number, code: string) {
  return {
    status,
    type: "application/xml",
    body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`,
  };
}
