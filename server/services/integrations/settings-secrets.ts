import {
  endpointChanged,
  isSecretHint,
  MAX_INTEGRATION_FIELD_LENGTH,
  SECRET_ENDPOINT,
  SECRET_FIELDS,
  secretHint,
} from "../../../contract/integrations.ts";
import { CodedError } from "../../coded-error.ts";
import type { SecretBox } from "../../crypto/secret-box.ts";
import type { DatabaseHandle } from "../../db/connect.ts";
import { storedSecretNames, writeIntegrationSecrets } from "../../storage/integration-secrets.ts";
import { readSettings } from "../../storage/settings.ts";

/**
 * A PATCH of the integration tab, with its secrets taken out: each new secret is sealed into
 * integration_secret (bound to its service's endpoint, if it has one) and its hint put in its
 * place; a hint sent back unchanged (a device saving the form it was shown) changes nothing;
 * "" deletes the secret. A new endpoint for a service whose token is stored needs the token
 * again (1002): the stored one is never sent to an address it was not given for.
 */
export async function divertIntegrationSecrets(
  database: DatabaseHandle,
  box: SecretBox,
  userId: string,
  patch: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const kept: Record<string, unknown> = {};
  const secrets: Record<string, string> = {};
  for (const [name, value] of Object.entries(patch)) {
    if (!SECRET_FIELDS.has(name)) {
      kept[name] = value;
      continue;
    }
    if (typeof value !== "string" || value.length > MAX_INTEGRATION_FIELD_LENGTH) {
      throw new CodedError(
        7002,
        `${name} must be a string of at most ${MAX_INTEGRATION_FIELD_LENGTH} characters`,
      );
    }
    if (isSecretHint(value)) continue;
    secrets[name] = value.trim();
    kept[name] = secretHint(value.trim());
  }
  const [tab] = await readSettings(database, userId, "integration");
  const current = tab?.values ?? {};
  const after = { ...current, ...kept };
  const stored = await storedSecretNames(database, userId);
  for (const [secret, endpoint] of Object.entries(SECRET_ENDPOINT)) {
    if (!(endpoint in patch) || !endpointChanged(current[endpoint], patch[endpoint])) continue;
    if (secret in secrets || !stored.has(secret)) continue;
    throw new CodedError(
      1002,
      `send the token again for a new endpoint: ${secret} is only sent to the ${endpoint} it was given for`,
    );
  }
  await writeIntegrationSecrets(database, box, userId, secrets, after);
  return kept;
}
