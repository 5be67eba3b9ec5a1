import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

/**
 * The modules a file loads when it runs, followed through relative imports: static `import`
 * and `export ... from` statements (type-only ones are erased; `import()` loads later, so it
 * is not followed). Packages are listed by name, files by absolute path; `parents` says which
 * file pulled each one in, to explain a failure. Vite's `?url` / `?worker` imports are
 * listed, not followed: they are bundles of their own.
 */
export function runtimeImports(entries: readonly string[]): {
  modules: Set<string>;
  chain(module: string): string[];
} {
  const parents = new Map<string, string | null>(entries.map((entry) => [entry, null]));
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    const text = readFileSync(file, "utf8");
    for (const [, specifier] of text.matchAll(
      /^(?:import|export) (?!type )[^;]*?from "([^"]+)";/gms,
    )) {
      const module = specifier!.startsWith(".")
        ? withExtension(resolve(dirname(file), specifier!))
        : specifier!;
      if (parents.has(module)) continue;
      parents.set(module, file);
      // Only source files are read: not CSS or JSON, nor `?url` / `?worker` assets (bundled apart).
      if (module.startsWith("/") && /\.[jt]sx?$/.test(module)) queue.push(module);
    }
  }
  return {
    modules: new Set(parents.keys()),
    chain(module) {
      const chain: string[] = [];
      for (let at: string | null | undefined = module; at; at = parents.get(at)) chain.push(at);
      return chain.reverse();
    },
  };
}

function withExtension(path: string): string {
  if (existsSync(path)) return path;
  for (const suffix of [".ts", ".tsx", "/index.ts"]) {
    if (existsSync(path + suffix)) return path + suffix;
  }
  return path;
}
