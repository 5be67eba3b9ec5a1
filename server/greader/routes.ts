import { Hono } from "hono";
import type { ServerConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { bodyLimitByLength } from "../http/body-limit.ts";
import type { Services } from "../services/index.ts";
import { verifyAppPassword } from "../tokens/store.ts";
import { type ReaderVariables, readerAuth } from "./auth.ts";
import { readFields } from "./form.ts";
import { registerReadRoutes } from "./read-routes.ts";
import { registerWriteRoutes } from "./write-routes.ts";

/**
 * The Google Reader API (mounted at `<base>/greader`), for reader apps signed in with an app
 * password. Its own door, with its own auth (no cookies, so no CSRF check: form bodies are what
 * clients send) and the product's rules through the same storage calls as the web app.
 */
export function greaderRoutes(deps: {
  database: DatabaseHandle;
  services: Pick<Services, "subscriber">;
  config: Pick<ServerConfig, "publicUrl" | "trialLimits">;
}) {
  const { database, config } = deps;
  const app = new Hono<{ Variables: ReaderVariables }>();
  app.use(
    "*",
    bodyLimitByLength({
      maxSize: 1_000_000,
      onError: (c) => c.text("Request body too large\n", 413, { connection: "close" }),
    }),
  );

  // Email and Passwd (an app password, never the account's): in a form body or the query.
  app.on(["GET", "POST"], "/accounts/ClientLogin", async (c) => {
    const fields = await readFields(c);
    const email = fields.get("Email") ?? "";
    const password = fields.get("Passwd") ?? "";
    const token =
      email && password ? await verifyAppPassword(database, email, password) : undefined;
    if (!token) return c.text("Error=BadAuthentication\n", 401);
    const auth = password.trim();
    if (fields.get("output") === "json") return c.json({ SID: auth, LSID: auth, Auth: auth });
    return c.text(`SID=${auth}\nLSID=${auth}\nAuth=${auth}\n`);
  });

  app.use("/reader/*", readerAuth(database));
  app.get("/reader/ping", (c) => c.text("OK"));
  registerReadRoutes(app, database, config);
  registerWriteRoutes(app, { database, services: deps.services, trialLimits: config.trialLimits });
  app.all("*", (c) => c.text("Not found\n", 404));
  return app;
}
