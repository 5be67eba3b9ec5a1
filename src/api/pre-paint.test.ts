import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { runtimeImports } from "../../tests/support/runtime-imports.ts";

const ROOT = join(import.meta.dirname, "../..");

/** Whether a module is Effect or the API table's schema half (which loads Effect). */
function bringsEffect(module: string): boolean {
  if (module === "effect" || module.startsWith("effect/")) return true;
  return /\/contract\/api\/(?!info\.ts$|endpoint\.ts$)[\w-]+\.ts$/.test(module);
}

describe("what loads before the first paint", () => {
  it("the app's entry loads no Effect: calls before the paint use the light half", () => {
    const { modules, chain } = runtimeImports([join(ROOT, "src/main.tsx")]);
    const offenders = [...modules].filter(bringsEffect).map((module) =>
      chain(module)
        .map((file) => relative(ROOT, file))
        .join(" -> "),
    );
    expect(offenders).toEqual([]);
    // The walk did reach the callers that run before the paint.
    for (const file of [
      "src/api/client.ts",
      "src/session/session-service.ts",
      "src/runtime/first-pull.ts",
      "src/sync/pull.ts",
    ]) {
      expect(modules.has(join(ROOT, file)), file).toBe(true);
    }
  });

  it("the call path loads the Schemas itself (codec.ts) only when a call is made", () => {
    const { modules } = runtimeImports([join(import.meta.dirname, "client.ts")]);
    expect(modules.has(join(import.meta.dirname, "codec.ts"))).toBe(false);
    const codec = runtimeImports([join(import.meta.dirname, "codec.ts")]).modules;
    expect([...codec].some(bringsEffect)).toBe(true);
  });
});
