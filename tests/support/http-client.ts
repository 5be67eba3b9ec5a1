/** A tiny cookie-keeping HTTP client for API tests, speaking to a real server over loopback. */
export class TestClient {
  readonly baseUrl: string;
  private readonly cookies = new Map<string, string>();
  private readonly origin: string;

  constructor(baseUrl: string, options: { origin?: string } = {}) {
    this.baseUrl = baseUrl;
    this.origin = options.origin ?? new URL(baseUrl).origin;
  }

  async request(
    method: string,
    path: string,
    options: { json?: unknown; body?: string; headers?: Record<string, string> } = {},
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers.
  ): Promise<{ status: number; headers: Headers; body: any; text: string }> {
    const headers: Record<string, string> = { origin: this.origin, ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = this.cookieHeader();
    }
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers["content-type"] ??= "application/json";
    }
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body,
      redirect: "manual",
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await readAnswer(response);
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  get cookieNames(): string[] {
    return [...this.cookies.keys()];
  }

  /** The Cookie header this client sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** Carries another client's session over (another origin, or a restarted server). */
  copyCookiesFrom(other: TestClient): this {
    for (const [k, v] of other.cookies) this.cookies.set(k, v);
    return this;
  }

  /**
   * Signs up, then in, as the app does: sign-up answers alike for a new and a registered address
   * and never signs in. Answers the sign-in when both went through (a session and its cookies,
   * the user), else the sign-up's answer.
   */
  async signUp(email: string, password = "correct horse battery", name = "Reader") {
    const signUp = await this.request("POST", "/api/better-auth/sign-up/email", {
      json: { email, password, name },
    });
    if (signUp.status !== 200) return signUp;
    const signIn = await this.signIn(email, password);
    return signIn.status === 200 && !signIn.body?.twoFactorRedirect ? signIn : signUp;
  }

  signIn(email: string, password = "correct horse battery") {
    return this.request("POST", "/api/better-auth/sign-in/email", { json: { email, password } });
  }

  signOut() {
    return this.request("POST", "/api/better-auth/sign-out", { json: {} });
  }

  session() {
    return this.request("GET", "/api/better-auth/get-session");
  }
}

/** How long the head of a never-ending answer (an event stream) is read before it is cut. */
const STREAM_HEAD_MS = 2_000;

/**
 * The answer's text. An event stream never ends: its head is read (up to the first event, or
 * STREAM_HEAD_MS) and the connection closed, so generated suites walking the table cover it.
 */
async function readAnswer(response: Response): Promise<string> {
  if (!response.headers.get("content-type")?.startsWith("text/event-stream") || !response.body) {
    return response.text();
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const cut = setTimeout(() => void reader.cancel().catch(() => {}), STREAM_HEAD_MS);
  try {
    while (!/\n\n(?:id|event|data):[\s\S]*?\n\n/.test(text)) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(cut);
    await reader.cancel().catch(() => {});
  }
  return text;
}

let counter = 0;
export function uniqueEmail(prefix = "reader"): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

/**
 * Follows redirects (across other servers, such as an identity provider, and ours) with the
 * client's cookies until an answer is not one: that answer, the addresses visited, the last.
 */
export async function followRedirects(client: TestClient, start: string) {
  let url = start;
  const visited: string[] = [];
  for (let hop = 0; hop < 12; hop += 1) {
    visited.push(url);
    const answer = await client.request("GET", url);
    const location = answer.headers.get("location");
    if (answer.status < 300 || answer.status >= 400 || !location) {
      return { answer, visited, landed: url };
    }
    url = new URL(location, url).toString();
  }
  throw new Error(`too many redirects: ${visited.join(" -> ")}`);
}
