import { describe, expect, it } from "vitest";
import { detectBrowser, detectEnvironment, detectOs } from "../platform/client-info.ts";
import { buildIssueUrl, type IssueReport } from "./issue-url.ts";

const chromeLinux =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

const report: IssueReport = {
  errorMessage: "Test route error",
  errorStack: "Error: Test route error\n    at loader (routes.tsx:10)",
  errorTraceId: "err-123",
  appVersion: "0.6.1",
  os: "Linux",
  userAgent: chromeLinux,
  environment: "web",
  browser: "Chrome 140.0.0.0",
  sessionTraceId: "sess-456",
  mode: "production",
};

describe("buildIssueUrl", () => {
  it("sets the five query parameters on the tracker URL", () => {
    const url = new URL(buildIssueUrl("https://github.com/o/r/issues/new", report));
    expect(url.origin + url.pathname).toBe("https://github.com/o/r/issues/new");
    expect([...url.searchParams.keys()].sort()).toEqual([
      "body",
      "category",
      "labels",
      "template",
      "title",
    ]);
    expect(url.searchParams.get("labels")).toBe("bug");
    expect(url.searchParams.get("title")).toContain("Test route error");
  });

  it("prefills the body with every diagnostic field", () => {
    const body = new URL(buildIssueUrl("https://t.example/new", report)).searchParams.get("body");
    for (const value of ["0.6.1", "Linux", chromeLinux, "web", "Chrome 140", "sess-456"]) {
      expect(body).toContain(value);
    }
    expect(body).toContain("production");
    expect(body).toContain("err-123");
    expect(body).toContain("at loader");
  });

  it("keeps the URL bounded for huge errors", () => {
    const huge = { ...report, errorMessage: "x".repeat(5000), errorStack: "y".repeat(50_000) };
    const url = new URL(buildIssueUrl("https://t.example/new", huge));
    expect(url.searchParams.get("title")!.length).toBeLessThanOrEqual(120);
    expect(url.searchParams.get("body")!.length).toBeLessThan(8_000);
  });

  it("escapes table cells", () => {
    const body = new URL(
      buildIssueUrl("https://t.example/new", { ...report, userAgent: "a|b" }),
    ).searchParams.get("body");
    expect(body).toContain("a\\|b");
  });
});

describe("client info", () => {
  it("reads OS and browser from the user agent", () => {
    expect(detectOs(chromeLinux)).toBe("Linux");
    expect(detectBrowser(chromeLinux)).toBe("Chrome 140.0.0.0");
    const mac =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15";
    expect(detectOs(mac)).toBe("macOS");
    expect(detectBrowser(mac)).toBe("Safari 17.0");
    const edge = `${chromeLinux.replace("X11; Linux x86_64", "Windows NT 10.0; Win64; x64")} Edg/140.0.1`;
    expect(detectOs(edge)).toBe("Windows");
    expect(detectBrowser(edge)).toBe("Edge 140.0.1");
    expect(detectBrowser("Mozilla/5.0 (X11; rv:130.0) Gecko/20100101 Firefox/130.0")).toBe(
      "Firefox 130.0",
    );
    expect(detectOs("")).toBe("Unknown");
  });

  it("detects the desktop shell by window.electron", () => {
    expect(detectEnvironment({ electron: {} })).toBe("electron");
    expect(detectEnvironment({})).toBe("web");
    expect(detectEnvironment(undefined)).toBe("web");
  });
});
