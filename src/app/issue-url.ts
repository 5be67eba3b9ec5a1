/** Everything the route error page's prefilled bug report carries. */
export interface IssueReport {
  errorMessage: string;
  errorStack?: string;
  errorTraceId: string;
  appVersion: string;
  os: string;
  userAgent: string;
  environment: "web" | "electron";
  browser: string;
  sessionTraceId: string;
  mode: string;
}

// Browsers and GitHub refuse very long URLs; the stack is the part worth cutting.
const MAX_STACK_CHARS = 2_000;
const MAX_TITLE_CHARS = 120;

export function buildIssueUrl(trackerUrl: string, report: IssueReport): string {
  const url = new URL(trackerUrl);
  url.searchParams.set("labels", "bug");
  url.searchParams.set("template", "bug_report.yml");
  url.searchParams.set("category", "bug");
  url.searchParams.set("title", issueTitle(report.errorMessage));
  url.searchParams.set("body", issueBody(report));
  return url.toString();
}

function issueTitle(message: string): string {
  const oneLine = message.replace(/\s+/g, " ").trim() || "Unknown error";
  const title = `[App Error] ${oneLine}`;
  return title.length > MAX_TITLE_CHARS ? `${title.slice(0, MAX_TITLE_CHARS - 1)}…` : title;
}

function issueBody(report: IssueReport): string {
  const rows: [string, string][] = [
    ["App version", report.appVersion],
    ["OS", report.os],
    ["User agent", report.userAgent],
    ["Environment", report.environment],
    ["Browser", report.browser],
    ["Session trace id", report.sessionTraceId],
    ["Mode", report.mode],
    ["Error trace id", report.errorTraceId],
  ];
  const table = rows.map(([name, value]) => `| ${name} | ${escapeCell(value)} |`).join("\n");
  const stack = (report.errorStack ?? "").slice(0, MAX_STACK_CHARS);
  return [
    "### Error",
    "",
    "```",
    report.errorMessage,
    stack,
    "```",
    "",
    "### Environment",
    "",
    "| Name | Value |",
    "| --- | --- |",
    table,
    "",
    "### Steps to reproduce",
    "",
    "1. ",
  ].join("\n");
}

function escapeCell(value: string): string {
  return value.replace(/\|/g, "\\|").replace(/\n/g, " ");
}
