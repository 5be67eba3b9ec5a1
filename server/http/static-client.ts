import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import type { Context } from "hono";
import { ApiError } from "./api-error.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".wasm": "application/wasm",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

/**
 * Serves the built client from one directory. Hashed assets are cached for a year; every other
 * path that is not a file gets index.html so the client router can answer it (SPA fallback).
 * Source maps (`*.map`) are never served.
 */
export function createStaticClient(distDir: string, options: { headHtml?: string } = {}) {
  const root = resolve(distDir);
  const indexPath = join(root, "index.html");
  // The page's runtime settings (server/observability/client-settings.ts) go into its head.
  const indexResponse = () => {
    if (!options.headHtml) return fileResponse(indexPath, "no-cache");
    const html = readFileSync(indexPath, "utf8").replace("</head>", `${options.headHtml}</head>`);
    return new Response(html, {
      headers: { "content-type": TYPES[".html"]!, "cache-control": "no-cache" },
    });
  };

  return function serve(c: Context): Response {
    if (!existsSync(indexPath)) {
      return c.text(
        "The client is not built yet. Run `npm run build`, or `npm start` to build and serve.",
        503,
      );
    }
    const pathname = decodePath(new URL(c.req.url).pathname);
    if (pathname === null) {
      return c.json(new ApiError(1002, "Malformed percent-encoding in the path").toBody(), 400);
    }
    // Source maps stay on the build machine, even if a build left some in the directory.
    if (extname(pathname).toLowerCase() === ".map") {
      return c.json(new ApiError(1002, "No such file", 404).toBody(), 404);
    }
    const candidate = normalize(join(root, pathname));
    const inside = candidate === root || candidate.startsWith(root + sep);
    if (candidate === indexPath) return indexResponse();
    if (inside && existsSync(candidate) && statSync(candidate).isFile()) {
      const immutable = pathname.startsWith("/assets/");
      return fileResponse(
        candidate,
        immutable ? "public, max-age=31536000, immutable" : "no-cache",
      );
    }
    return indexResponse();
  };
}

/** The decoded path, or null when its percent-encoding is broken (`/%`, a cut UTF-8 sequence). */
function decodePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

function fileResponse(path: string, cacheControl: string): Response {
  const type = TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
  return new Response(readFileSync(path), {
    headers: { "content-type": type, "cache-control": cacheControl },
  });
}
