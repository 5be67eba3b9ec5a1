import { expect, it } from "vitest";
import { INTEGRATION_SERVICES } from "../../contract/integrations.ts";
import { readLocale } from "./locale-tree.ts";

it("labels a save action and the failure message for every service", () => {
  const english = readLocale("en", "integrations");
  for (const service of INTEGRATION_SERVICES) expect(english.has(`saveTo.${service}`)).toBe(true);
  expect(english.get("failed")).toBe("Failed to save to {{service}}");
});
