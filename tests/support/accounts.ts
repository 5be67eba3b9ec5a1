import { base32Decode, totpAt } from "../../server/http/totp.ts";
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

/** The current code of the authenticator that scanned `totpURI`. */
export function codeFor(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret");
  if (!secret) throw new Error("no secret in the TOTP URI");
  return totpAt(base32Decode(secret), Date.now());
}

/** Turns two-factor on (enable with the password, confirm a code); returns URI and codes. */
export async function enableTwoFactor(client: TestClient) {
  const enable = await client.request("POST", "/api/better-auth/two-factor/enable", {
    json: { password: PASSWORD },
  });
  if (enable.status !== 200) throw new Error(`enable answered ${enable.status} ${enable.text}`);
  const { totpURI, backupCodes } = enable.body as { totpURI: string; backupCodes: string[] };
  const confirm = await client.request("POST", "/api/better-auth/two-factor/verify-totp", {
    json: { code: codeFor(totpURI) },
  });
  if (confirm.status !== 200) throw new Error(`confirm answered ${confirm.status}`);
  return { totpURI, backupCodes };
}
