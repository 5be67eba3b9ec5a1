import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";
import { kyselyPageStubs } from "./scripts/kysely-page-stubs.ts";
import { replayLookBack } from "./scripts/replay-look-back.ts";
import { serviceWorkerBuildVersion } from "./scripts/sw-build-version.ts";

// The client is built into dist/client and served by the API server from the same origin,
// so session cookies need no CORS. `npm run dev` proxies the API to a running server.
export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    tailwindcss(),
    kyselyPageStubs(),
    replayLookBack(),
    serviceWorkerBuildVersion(),
  ],
  // Source maps would publish the whole client source from a production server: only a
  // non-production build (`vite build --mode development`) writes them; `npm run dev` has its own.
  // RxJS's ES2015 build: native classes instead of its ES5 build's tslib helpers, ~1.4 kB
  // gzipped less in the first paint, the same API (no other package here answers "es2015").
  resolve: { conditions: ["es2015", ...defaultClientConditions] },
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    sourcemap: mode !== "production",
    // Everything the entry imports statically (all of it loads before the first paint) in one
    // file: some fifty small shared chunks each gzipped on their own cost ~12 kB more on the
    // wire than one (node scripts/initial-js.ts prints the figure).
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: "initial", tags: ["$initial"] }] } },
    },
    // That file is some 900 kB minified (react-dom, router, i18next, Kysely's builders and the
    // shell): its size is watched by scripts/initial-js.ts against the gzipped budget instead.
    chunkSizeWarningLimit: 1200,
  },
  // ES module workers (the database worker is created with type "module") can split: the
  // IndexedDB fallback of wa-sqlite loads only where OPFS is missing (src/db/idb-runtime.ts).
  worker: { format: "es" },
  server: {
    port: 5173,
    proxy: { "/api": process.env.FOLLOW_DEV_API ?? "http://127.0.0.1:3000" },
  },
}));
