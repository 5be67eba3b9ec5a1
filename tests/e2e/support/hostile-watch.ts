import type { Page } from "playwright-core";

/**
 * Content Security Policy reports, told apart by where the blocked handler was.
 *
 * Chromium (156 and later) checks an inline event handler against the page's CSP when an `on*`
 * attribute is *set*, even on an element of an inert document (DOMParser, <template>, and the
 * HTML Sanitizer API's own parse), and logs "Executing inline event handler violates ..." for
 * it. A sanitizer must parse before it can strip, so hostile content yields such reports
 * although nothing reaches the page. The `securitypolicyviolation` event tells the two apart:
 * for an element outside the page's document it is fired at the page's Document, with the
 * parsing script as its source; for a handler on an element of the live page it is fired at
 * that element. Only the second means a handler got into the page.
 */
export interface CspReport {
  directive: string;
  /** The element the blocked handler sat on when it is part of the page, else null. */
  liveElement: string | null;
  sourceFile: string;
  blockedUri: string;
}

declare global {
  interface Window {
    __cspReports?: CspReport[];
  }
}

const HANDLER_MESSAGE = /Executing inline event handler violates the following Content Security/;

/** Records every CSP report of the page (from the next navigation on). */
export async function recordCspReports(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspReports = [];
    document.addEventListener(
      "securitypolicyviolation",
      (event) => {
        const target = event.target;
        const live = target instanceof Element && target.isConnected;
        window.__cspReports?.push({
          directive: event.effectiveDirective,
          liveElement: live ? (target as Element).tagName : null,
          sourceFile: event.sourceFile,
          blockedUri: event.blockedURI,
        });
      },
      true,
    );
  });
}

export async function takeCspReports(page: Page): Promise<CspReport[]> {
  return page.evaluate(() => (window.__cspReports ?? []).splice(0));
}

/** A report of a handler parsed by the app's own script into a document that is not the page. */
export function isParseTimeReport(report: CspReport, appOrigin: string): boolean {
  return (
    report.directive === "script-src-attr" &&
    report.liveElement === null &&
    report.blockedUri === "inline" &&
    report.sourceFile.startsWith(`${appOrigin}/`)
  );
}

/**
 * The console errors left once each parse-time report has accounted for one handler message;
 * a live handler's report is never accounted for, so its message stays an error.
 */
export function errorsBesidesParseTimeReports(
  errors: string[],
  reports: CspReport[],
  appOrigin: string,
): string[] {
  let explained = reports.filter((r) => isParseTimeReport(r, appOrigin)).length;
  return errors.filter((error) => {
    if (explained > 0 && HANDLER_MESSAGE.test(error)) {
      explained -= 1;
      return false;
    }
    return true;
  });
}

/** What injected code would leave behind: dialogs it opened and pages it navigated to. */
export function watchForExecution(page: Page, appOrigin: string) {
  const seen = { dialogs: [] as string[], leftTo: [] as string[] };
  page.on("dialog", (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame() && !frame.url().startsWith(appOrigin)) {
      seen.leftTo.push(frame.url());
    }
  });
  return seen;
}
