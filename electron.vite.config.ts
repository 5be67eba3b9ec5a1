import { defineConfig } from "electron-vite";

/**
 * The desktop app's main process and preload script. The renderer is not built here: the
 * window shows the web app served by the chosen Follow server (the bundled one serves
 * dist/client, built by `npm run build`), so desktop and web run the very same client build.
 * Output: out/main/main.js (ES module) and out/preload/preload.cjs (a sandboxed preload must be
 * one CommonJS file with nothing but `electron` left to require).
 */
export default defineConfig({
  main: {
    build: {
      outDir: "out/main",
      externalizeDeps: true,
      rollupOptions: {
        input: { main: "electron/main.ts" },
        output: { format: "es", entryFileNames: "[name].js" },
      },
    },
  },
  preload: {
    build: {
      outDir: "out/preload",
      externalizeDeps: false,
      rollupOptions: {
        input: { preload: "electron/preload.ts" },
        external: ["electron"],
        output: { format: "cjs", entryFileNames: "[name].cjs" },
      },
    },
  },
});
