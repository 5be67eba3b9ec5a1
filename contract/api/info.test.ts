import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runtimeImports } from "../../tests/support/runtime-imports.ts";
import { type Endpoint, endpointInfo, endpoints, listEndpoints } from "./index.ts";
import type { EndpointInfo } from "./info.ts";

const infoList = Object.entries(endpointInfo).flatMap(([domain, calls]) =>
  Object.entries(calls as Record<string, EndpointInfo>).map(([call, info]) => ({
    name: `${domain}.${call}`,
    info,
  })),
);

describe("the API table's two halves", () => {
  it("name the same endpoints", () => {
    const names = listEndpoints().map(({ name }) => name);
    expect(infoList.map(({ name }) => name).sort()).toEqual([...names].sort());
    expect(names.length).toBeGreaterThanOrEqual(30);
  });

  it("agree on name, method, path and answer format", () => {
    const schemaHalf = endpoints as unknown as Record<string, Record<string, Endpoint>>;
    for (const { name, info } of infoList) {
      const [domain, call] = name.split(".") as [string, string];
      const full = schemaHalf[domain]![call]!;
      expect({
        name: full.name,
        method: full.method,
        path: full.path,
        format: full.format,
      }).toEqual({
        name: info.name,
        method: info.method,
        path: info.path,
        format: info.format ?? "json",
      });
    }
  });

  it("the light half loads no Effect and none of the schema half", () => {
    const { modules } = runtimeImports([join(import.meta.dirname, "info.ts")]);
    expect([...modules].map((module) => module.replace(`${import.meta.dirname}/`, ""))).toEqual([
      "info.ts",
    ]);
  });

  it("writes no path outside info.ts", () => {
    const offenders = readdirSync(import.meta.dirname)
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && file !== "info.ts")
      .filter((file) => {
        const text = readFileSync(join(import.meta.dirname, file), "utf8");
        return /"\/[a-z]/.test(text); // a path is a string starting with a slash
      });
    expect(offenders).toEqual([]);
  });
});
