import { commandInfo } from "./types.ts";

/** The user's own AI provider (Settings › General › AI), no Effect. */

export interface ProviderInput {
  baseUrl: string;
  model: string;
  apiKey?: string;
}

export const saveProviderInfo = commandInfo({
  name: "ai.saveProvider",
  conflict: {
    rule: "last-write-wins",
    because: "The whole provider: the one received last replaces the other.",
  },
  keywords: ["ai", "provider", "openai", "ollama", "model"],
  fromContext: (_context, input?: ProviderInput) => (input ? { ...input } : undefined),
});

export const removeProviderInfo = commandInfo({
  name: "ai.removeProvider",
  conflict: { rule: "last-write-wins", because: "Against a save, the one received last stands." },
  keywords: ["ai", "provider"],
  fromContext: (_context, input?: { confirmed: true }) => (input ? {} : undefined),
});
