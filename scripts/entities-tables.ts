import { fileURLToPath } from "node:url";

/**
 * In the server bundle, `entities` decodes its named-character tables with
 * server/text/base64-uint16.ts instead of its own JavaScript loop (why: that file). The
 * package's generated table modules import the helper relatively; anything else of the package
 * is bundled unchanged. The build fails if the package's table modules stop importing it
 * this way (a new version), rather than silently losing the substitute.
 */
const HELPER = "../internal/decode-shared.js";
const TABLES = /\/entities\/dist\/esm\/generated\/decode-data-(html|xml)\.js$/;
const SUBSTITUTE = fileURLToPath(new URL("../server/text/base64-uint16.ts", import.meta.url));

export function entitiesTables() {
  let substituted = 0;
  let tables = 0;
  return {
    name: "follow:entities-tables",
    resolveId(source: string, importer: string | undefined) {
      if (!importer || !TABLES.test(importer.replaceAll("\\", "/"))) return null;
      if (source !== HELPER) return null;
      substituted++;
      return SUBSTITUTE;
    },
    transform(_code: string, id: string) {
      if (TABLES.test(id.replaceAll("\\", "/"))) tables++;
      return null;
    },
    buildEnd() {
      if (tables > substituted) {
        throw new Error(
          `entities' tables no longer import ${HELPER}: update scripts/entities-tables.ts`,
        );
      }
    },
  };
}
