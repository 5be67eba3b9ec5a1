import {
  isSecretHint,
  MAX_INTEGRATION_FIELD_LENGTH,
  SECRET_FIELDS,
  secretHint,
} from "../../../contract/integrations.ts";
import type { DatabaseHandle } from "../../db/connect.ts";
import { ApiError } from "../../http/api-error.ts";
import { writeIntegrationSecrets } from "../../storage/integration-secrets.ts";
import type { SecretBox } from "./secret-box.ts";

/**
 * A PATCH of the integration tab, with its secrets taken out: each new secret is sealed into
 * integration_secret and its hint put in its place; a hint sent back unchanged (a device
 * saving the form it was shown) changes nothing; "" deletes the secret.
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
      throw new ApiError(
        7002,
        `${name} must be a string of at most ${MAX_INTEGRATION_FIELD_LENGTH} characters`,
      );
    }
    if (isSecretHint(value)) continue;
    secrets[name] = value.trim();
    kept[name] = secretHint(value.trim());
  }
  await writeIntegrationSecrets(database, box, userId, secrets);
  return kept;
}
