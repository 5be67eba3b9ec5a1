import { readFileSync } from "node:fs";
import { base32Decode, totpAt } from "../../server/accounts/totp.ts";
import { TestClient, uniqueEmail } from "./http-client.ts";
import type { MailReceiver } from "./mail-receiver.ts";

export const PASSWORD = "correct horse battery";

/** A signed-up user whose address is verified by following the mailed link. */
export async function verifiedUser(baseUrl: string, smtp: MailReceiver, prefix = "verified") {
  const email = uniqueEmail(prefix);
  const client = new TestClient(baseUrl);
  const signUp = await client.signUp(email, PASSWORD);
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
  const mail = await smtp.next(email);
  const link = mail.links.find((l) => l.includes("/verify-email?"));
  if (!link) throw new Error("no verification link");
  const follow = await client.request("GET", link);
  if (follow.status !== 302) throw new Error(`verification answered ${follow.status}`);
  return { client, email, id: signUp.body.user.id as string };
}

const PERIOD_MS = 30_000;
const lastSteps = new Map<string, number>();

/**
 * A code of the authenticator that scanned `totpURI` that was not used yet: each code is taken
 * once, so the next call gives the next step's (accepted for clock drift), waiting for the
 * clock when two steps ahead would be needed.
 */
export async function codeFor(totpURI: string): Promise<string> {
  const secret = new URL(totpURI).searchParams.get("secret");
  if (!secret) throw new Error("no secret in the TOTP URI");
  const step = Math.max(Math.floor(Date.now() / PERIOD_MS), (lastSteps.get(secret) ?? -1) + 1);
  while (step > Math.floor(Date.now() / PERIOD_MS) + 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  lastSteps.set(secret, step);
  return totpAt(base32Decode(secret), step * PERIOD_MS);
}

/** Turns two-factor on (enable with the password, confirm a code); returns URI and codes. */
export async function enableTwoFactor(client: TestClient) {
  const enable = await client.request("POST", "/api/better-auth/two-factor/enable", {
    json: { password: PASSWORD },
  });
  if (enable.status !== 200) throw new Error(`enable answered ${enable.status} ${enable.text}`);
  const { totpURI, backupCodes } = enable.body as { totpURI: string; backupCodes: string[] };
  const confirm = await client.request("POST", "/api/better-auth/two-factor/verify-totp", {
    json: { code: await codeFor(totpURI) },
  });
  if (confirm.status !== 200) throw new Error(`confirm answered ${confirm.status}`);
  return { totpURI, backupCodes };
}

/**
 * Verifies `email` by following the link of its verification mail, as written to the server's
 * data directory when it has no SMTP_URL (for tests that need a verified address, such as an
 * ADMIN_EMAILS one, but no mail receiver). The client gets the signed-in session the link makes.
 */
export async function verifyFromMailDirectory(
  server: { localUrl: string; logs: Record<string, unknown>[] },
  client: TestClient,
  email: string,
) {
  const written = () =>
    server.logs.find((l) => l.msg === "mail written (no SMTP_URL)" && String(l.to) === email);
  for (let i = 0; i < 200 && !written(); i += 1) await new Promise((r) => setTimeout(r, 25));
  const path = written()?.path;
  if (typeof path !== "string") throw new Error(`no mail written to ${email}`);
  const text = readFileSync(path, "utf8")
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=");
  const link = text.match(/https?:\/\/\S+\/verify-email\?token=[^\s"<>]+/)?.[0];
  if (!link) throw new Error("no verification link");
  const follow = await client.request("GET", link);
  if (follow.status !== 302) throw new Error(`verification answered ${follow.status}`);
}
