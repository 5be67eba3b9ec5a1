import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small WebSub hub following the W3C recommendation, on 127.0.0.1:
 * - a subscriber POSTs `hub.mode=subscribe` with `hub.callback`, `hub.topic`, `hub.secret`,
 *   `hub.lease_seconds` (form-encoded); the hub answers 202, then verifies the intent by a GET
 *   to the callback with `hub.mode`, `hub.topic`, `hub.challenge` and `hub.lease_seconds`, and
 *   keeps the subscription only if the callback echoes the challenge with a 2xx;
 * - a publisher POSTs `hub.mode=publish` with `hub.url` (the topic), or a test calls
 *   `publish(topic)`: the hub fetches the topic and POSTs the content to every verified
 *   subscriber, with `Link` headers (hub, self) and `X-Hub-Signature: sha256=<HMAC of the body
 *   with the subscriber's secret>` when it gave one.
 */
export interface HubSubscription {
  callback: string;
  topic: string;
  secret: string | null;
  leaseSeconds: number;
  verifiedAt: number;
}

export class WebSubHub {
  private server: Server | undefined;
  url = "";
  readonly subscriptions = new Map<string, HubSubscription>();
  /** Every subscribe request received (renewals included), in order. */
  readonly requests: Array<Record<string, string>> = [];
  /** Status of each content distribution, in order. */
  readonly deliveries: number[] = [];

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(
        (status) => response.writeHead(status).end(),
        () => response.writeHead(500).end(),
      );
    });
    await new Promise<void>((done) => this.server!.listen(0, "127.0.0.1", done));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((done) => this.server?.close(done));
  }

  subscribersOf(topic: string): HubSubscription[] {
    return [...this.subscriptions.values()].filter((s) => s.topic === topic);
  }

  private async handle(request: IncomingMessage): Promise<number> {
    if (request.method !== "POST") return 405;
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
    if (form["hub.mode"] === "publish") {
      if (!form["hub.url"]) return 400;
      void this.publish(form["hub.url"]);
      return 202;
    }
    const callback = form["hub.callback"];
    const topic = form["hub.topic"];
    const mode = form["hub.mode"];
    if ((mode !== "subscribe" && mode !== "unsubscribe") || !callback || !topic) return 400;
    if (!/^https?:\/\//.test(callback) || !/^https?:\/\//.test(topic)) return 400;
    this.requests.push(form);
    // Verification happens after the 202, as the recommendation describes.
    setImmediate(() => void this.verify(form).catch(() => {}));
    return 202;
  }

  private async verify(form: Record<string, string>) {
    const callback = form["hub.callback"]!;
    const topic = form["hub.topic"]!;
    const mode = form["hub.mode"]!;
    const leaseSeconds = Number(form["hub.lease_seconds"] ?? 86_400) || 86_400;
    const challenge = randomBytes(16).toString("hex");
    const url = new URL(callback);
    url.searchParams.set("hub.mode", mode);
    url.searchParams.set("hub.topic", topic);
    url.searchParams.set("hub.challenge", challenge);
    if (mode === "subscribe") url.searchParams.set("hub.lease_seconds", String(leaseSeconds));
    const answer = await fetch(url);
    const echoed = await answer.text();
    if (!answer.ok || echoed !== challenge) return;
    if (mode === "unsubscribe") {
      this.subscriptions.delete(callback);
      return;
    }
    this.subscriptions.set(callback, {
      callback,
      topic,
      secret: form["hub.secret"] ?? null,
      leaseSeconds,
      verifiedAt: Date.now(),
    });
  }

  /** Fetches the topic and distributes it to its verified subscribers. */
  async publish(topic: string): Promise<void> {
    const source = await fetch(topic);
    const body = Buffer.from(await source.arrayBuffer());
    const contentType = source.headers.get("content-type") ?? "application/octet-stream";
    await Promise.all(
      this.subscribersOf(topic).map(async (subscription) => {
        const headers: Record<string, string> = {
          "content-type": contentType,
          link: `<${this.url}>; rel="hub", <${topic}>; rel="self"`,
        };
        if (subscription.secret) {
          headers["x-hub-signature"] =
            `sha256=${createHmac("sha256", subscription.secret).update(body).digest("hex")}`;
        }
        const answer = await fetch(subscription.callback, { method: "POST", headers, body });
        await answer.arrayBuffer();
        this.deliveries.push(answer.status);
      }),
    );
  }
}
