import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { app } from "electron";
import { startDesktop } from "./desktop.ts";
import { createElectronShell } from "./electron-shell.ts";
import { bundledServerSecret } from "./services/auth-secret.ts";
import { startBundledServer } from "./services/bundled-server.ts";
import { menuLabels } from "./services/labels.ts";

/**
 * The desktop app's main process: the real Electron shell handed to the desktop logic
 * (desktop.ts), which the tests drive with a fake shell. Files sit beside this bundle in
 * out/main; packaged, the server bundle and the client build are resources (electron-builder.yml).
 */
const resources = app.isPackaged ? process.resourcesPath : join(import.meta.dirname, "../..");
const shell = createElectronShell(join(resources, "electron/resources/icon.png"));
const dataDir = shell.userDataDir;
mkdirSync(dataDir, { recursive: true });

let closeServer: (() => Promise<void>) | undefined;

startDesktop(shell, {
  appName: "Follow",
  preloadPath: join(import.meta.dirname, "../preload/preload.cjs"),
  labels: menuLabels(shell.locale),
  fetch: globalThis.fetch,
  files: {
    read: (name) => {
      try {
        return readFileSync(join(dataDir, name), "utf8");
      } catch {
        return null;
      }
    },
    write: (name, text) => writeFileSync(join(dataDir, name), text, { mode: 0o600 }),
  },
  startBundledServer: async () => {
    const serverData = join(dataDir, "server");
    const running = await startBundledServer({
      execPath: process.execPath,
      serverMain: join(resources, "dist/server/main.js"),
      clientDir: join(resources, "dist/client"),
      dataDir: serverData,
      authSecret: bundledServerSecret(serverData),
    });
    closeServer = running.close;
    return running;
  },
}).catch((error) => {
  console.error(error);
  app.exit(1);
});

app.on("will-quit", (event) => {
  if (!closeServer) return;
  event.preventDefault();
  const close = closeServer;
  closeServer = undefined;
  void close().finally(() => app.quit());
});
