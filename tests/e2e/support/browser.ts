import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's Chromium, headless, with no traffic beyond loopback. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

export interface PageWatch {
  page: Page;
  context: BrowserContext;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
}

/** A fresh context (own cookies and storage) with its errors recorded. */
export async function openPage(
  browser: Browser,
  options: { locale?: string } = {},
): Promise<PageWatch> {
  const context = await browser.newContext({
    locale: options.locale ?? "en-US",
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // "Failed to load resource" names no resource: its address is the message's location.
    const { url } = message.location();
    errors.push(`console: ${message.text()}${url ? ` (${url})` : ""}`);
  });
  return { page, context, errors };
}
