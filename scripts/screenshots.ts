import { mkdirSync } from "node:fs";
import { launchBrowser } from "../tests/e2e/support/browser.ts";
import { uniqueEmail } from "../tests/support/http-client.ts";
import { startTestServer } from "../tests/support/server.ts";

/**
 * Takes the README screenshots from the real UI: `npm run build && node scripts/screenshots.ts`.
 * Writes docs/screenshots/*.png.
 */
const out = "docs/screenshots";
mkdirSync(out, { recursive: true });
const server = await startTestServer("sqlite", {
  CLIENT_DIST_DIR: "dist/client",
  AUTH_RATE_LIMIT_MAX: "100",
});
const browser = await launchBrowser();
try {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 760 },
    locale: "en-US",
  });
  const page = await context.newPage();
  await page.goto(`${server.localUrl}/login`);
  await page.getByTestId("login-submit").waitFor();
  await page.screenshot({ path: `${out}/login.png` });

  await page.getByTestId("login-tab-sign-up").click();
  await page.getByLabel("Name").fill("Ada Reader");
  await page.getByLabel("Email").fill(uniqueEmail("ada"));
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByTestId("login-submit").click();
  await page.waitForURL(/\/timeline\//);
  await page.getByTestId("timeline-feed").waitFor();
  await page.screenshot({ path: `${out}/timeline.png` });

  await page.goto(`${server.localUrl}/settings`);
  await page.getByTestId("settings-layout").waitFor();
  await page.screenshot({ path: `${out}/settings.png` });

  await page.goto(`${server.localUrl}/nowhere`);
  await page.getByTestId("not-found-page").waitFor();
  await page.screenshot({ path: `${out}/not-found.png` });
  console.log(`screenshots written to ${out}/`);
} finally {
  await browser.close();
  await server.close();
}
