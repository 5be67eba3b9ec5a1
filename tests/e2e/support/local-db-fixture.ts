import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const FIXTURE_DIR = fileURLToPath(new URL("../fixtures/local-db/", import.meta.url));
const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".wasm": "application/wasm",
};

/** Builds the fixture with Vite (workers as the app builds them) and serves it on loopback. */
export async function serveLocalDbFixture(): Promise<{ url: string; close(): Promise<void> }> {
  const outDir = mkdtempSync(join(tmpdir(), "follow-local-db-"));
  await build({
    configFile: false,
    root: FIXTURE_DIR,
    logLevel: "warn",
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  const server: Server = createServer(async (request, response) => {
    const path = normalize(new URL(request.url ?? "/", "http://x").pathname).replace(/^\/+/, "");
    const file = path || "index.html";
    try {
      const body = await readFile(join(outDir, file));
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "text/plain" });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
