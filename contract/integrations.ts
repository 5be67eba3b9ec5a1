/**
 * The eight save-to services and their settings in the `integration` tab.
 * Setting names are the shipped product's (IntegrationSettings). Secret fields never come back
 * in full from the server: it keeps them encrypted in a table of their own and the tab holds
 * a hint instead (SECRET_HINT_PREFIX plus the last characters, or "" when unset).
 */
export const INTEGRATION_SERVICES = [
  "eagle",
  "readwise",
  "instapaper",
  "obsidian",
  "outline",
  "readeck",
  "cubox",
  "zotero",
] as const;
export type IntegrationService = (typeof INTEGRATION_SERVICES)[number];

/** The services a server endpoint saves to; Eagle and Obsidian live on this computer. */
export const SERVER_SERVICES = [
  "readwise",
  "instapaper",
  "outline",
  "readeck",
  "cubox",
  "zotero",
] as const satisfies readonly IntegrationService[];
export type ServerService = (typeof SERVER_SERVICES)[number];

export const DESKTOP_SERVICES = [
  "eagle",
  "obsidian",
] as const satisfies readonly IntegrationService[];

export interface ServiceFields {
  /** `enableReadwise`, ... */
  enable: string;
  /** Fields that must be filled for the service to be offered. */
  required: readonly string[];
  /** Secret fields: stored encrypted, answered as hints. */
  secret: readonly string[];
  /** Other fields (optional ones included). */
  plain: readonly string[];
  /**
   * The plain field naming the address the secrets are sent to (self-hosted services): a
   * secret is sent only to the address it was given for, so a new address needs it again.
   */
  endpoint?: string;
  /** The service's name as the UI shows it. */
  name: string;
}

export const SERVICE_FIELDS: Record<IntegrationService, ServiceFields> = {
  eagle: { name: "Eagle", enable: "enableEagle", required: [], secret: [], plain: [] },
  readwise: {
    name: "Readwise",
    enable: "enableReadwise",
    required: ["readwiseToken"],
    secret: ["readwiseToken"],
    plain: [],
  },
  instapaper: {
    name: "Instapaper",
    enable: "enableInstapaper",
    required: ["instapaperUsername", "instapaperPassword"],
    secret: ["instapaperPassword"],
    plain: ["instapaperUsername"],
  },
  obsidian: {
    name: "Obsidian",
    enable: "enableObsidian",
    required: ["obsidianVaultPath"],
    secret: [],
    plain: ["obsidianVaultPath"],
  },
  outline: {
    name: "Outline",
    enable: "enableOutline",
    required: ["outlineEndpoint", "outlineToken", "outlineCollection"],
    secret: ["outlineToken"],
    plain: ["outlineEndpoint", "outlineCollection"],
    endpoint: "outlineEndpoint",
  },
  readeck: {
    name: "Readeck",
    enable: "enableReadeck",
    required: ["readeckEndpoint", "readeckToken"],
    secret: ["readeckToken"],
    plain: ["readeckEndpoint"],
    endpoint: "readeckEndpoint",
  },
  cubox: {
    name: "Cubox",
    enable: "enableCubox",
    required: ["cuboxToken"],
    // The "token" is the user's whole Cubox API URL, which carries their key.
    secret: ["cuboxToken"],
    plain: [],
  },
  zotero: {
    name: "Zotero",
    enable: "enableZotero",
    required: ["zoteroUserID", "zoteroToken"],
    secret: ["zoteroToken"],
    plain: ["zoteroUserID"],
  },
};

/** Flags shared by the services. */
export const SHARED_FLAGS = ["saveSummaryAsDescription", "enableCuboxAutoMemo"] as const;

export const SECRET_FIELDS: ReadonlySet<string> = new Set(
  Object.values(SERVICE_FIELDS).flatMap((fields) => fields.secret),
);

/** Secret field → the endpoint field it is bound to (only for services with an address). */
export const SECRET_ENDPOINT: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(SERVICE_FIELDS).flatMap((fields) =>
    fields.endpoint ? fields.secret.map((name) => [name, fields.endpoint!]) : [],
  ),
);

/** Whether two spellings of an endpoint setting name another address (spaces aside). */
export function endpointChanged(before: unknown, after: unknown): boolean {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  return text(before) !== text(after);
}

export const SECRET_HINT_PREFIX = "••••";
export const MAX_INTEGRATION_FIELD_LENGTH = 2048;

/** What the tab shows for a secret: the last 4 characters of a long one, nothing of a short one. */
export function secretHint(secret: string): string {
  if (!secret) return "";
  return `${SECRET_HINT_PREFIX}${secret.length >= 12 ? secret.slice(-4) : ""}`;
}

export function isSecretHint(value: unknown): boolean {
  return typeof value === "string" && value.startsWith(SECRET_HINT_PREFIX);
}

/** Whether the tab says the service is on and has every required field. */
export function isServiceConfigured(
  service: IntegrationService,
  values: Readonly<Record<string, unknown>>,
): boolean {
  const fields = SERVICE_FIELDS[service];
  if (values[fields.enable] !== true) return false;
  return fields.required.every((name) => {
    const value = values[name];
    return typeof value === "string" && value.trim() !== "";
  });
}
