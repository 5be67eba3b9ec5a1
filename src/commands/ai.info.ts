import { commandInfo } from "./types.ts";

/** The user's own AI provider (Settings › General › AI), no Effect. */

export interface ProviderInput {
  baseUrl: string;
  model: string;
  apiKey?: string;
}

export const saveProviderInfo = commandInfo({
  name: "ai.saveProvider",
  keywords: ["ai", "provider", "openai", "ollama", "model"],
  fromContext: (_context, input?: ProviderInput) => (input ? { ...input } : undefined),
});

export const removeProviderInfo = commandInfo({
  name: "ai.removeProvider",
  keywords: ["ai", "provider"],
  fromContext: (_context, input?: { confirmed: true }) => (input ? {} : undefined),
});
