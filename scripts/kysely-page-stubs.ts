import type { Plugin } from "vite";

/**
 * Kysely's QueryCreator imports the builders of `withSchema` and `mergeInto` whether or not they
 * are called, and through withSchema's plugin the whole OperationNodeTransformer: some 30 kB
 * minified (about 5 kB gzipped) of the page's first paint. The page's `local`
 * (src/db/local-sql.ts) only compiles SQLite statements and its type leaves both methods out,
 * so in the client build these modules, imported by query-creator.js alone, become stubs that
 * throw if ever constructed. The server and the tests use Kysely unchanged.
 */
const STUBBED: Record<string, string> = {
  "./plugin/with-schema/with-schema-plugin.js": "WithSchemaPlugin",
  "./query-builder/merge-query-builder.js": "MergeQueryBuilder",
  "./operation-node/merge-query-node.js": "MergeQueryNode",
};
const PREFIX = "\0follow-kysely-stub:";

export function kyselyPageStubs(): Plugin {
  return {
    name: "follow:kysely-page-stubs",
    enforce: "pre",
    resolveId(source, importer) {
      const name = STUBBED[source];
      if (!name || !importer?.replaceAll("\\", "/").endsWith("/kysely/dist/query-creator.js")) {
        return null;
      }
      return PREFIX + name;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      const message = `Kysely's ${name} is left out of the client build (scripts/kysely-page-stubs.ts)`;
      return [
        `const fail = () => { throw new Error(${JSON.stringify(message)}); };`,
        `export class ${name} { constructor() { fail(); } static create() { fail(); } }`,
      ].join("\n");
    },
  };
}
