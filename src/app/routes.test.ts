import { createMemoryHistory } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { createSessionService, type SessionFetch } from "../session/session-service.ts";
import { createAppRouter } from "./router.ts";

const USER = {
  id: "1",
  email: "ada@example.com",
  name: "Ada",
  image: null,
  handle: null,
  emailVerified: true,
  twoFactorEnabled: false,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
};

async function resolve(path: string, signedIn: boolean) {
  const session = createSessionService((async () =>
    signedIn
      ? { user: USER, role: "user", session: { id: "s", expiresAt: "2030" } }
      : null) as SessionFetch);
  const router = createAppRouter(
    { session, env: { issueTrackerUrl: "https://example.com/issues/new" } },
    { history: createMemoryHistory({ initialEntries: [path] }), isServer: true },
  );
  await router.load();
  const result = (router as unknown as { _serverResult?: ServerResult })._serverResult;
  const matches = router.state.matches;
  return {
    redirect: result?.type === "redirect" ? result.redirect.headers.get("Location") : undefined,
    routeIds: matches.map((match) => match.routeId),
    params: matches.at(-1)?.params as Record<string, string> | undefined,
    // The router marks the match that renders the not-found component (internal flag).
    notFound: matches.some((match) => (match as { _notFound?: boolean })._notFound === true),
    error: matches.find((match) => match.status === "error")?.error as Error | undefined,
  };
}

type ServerResult = { type: "redirect"; redirect: Response } | { type: "render" };

describe("route table", () => {
  it("redirects / to the Articles timeline with default ids", async () => {
    expect((await resolve("/", true)).redirect).toBe("/timeline/view-0/all/pending");
  });

  it.each(["/index.html", "/timeline/index.html", "/a/b/index.html"])(
    "redirects %s to the root",
    async (path) => {
      expect((await resolve(path, true)).redirect).toBe("/");
    },
  );

  it("matches the timeline with and without an entry", async () => {
    const withEntry = await resolve("/timeline/view-2/folder-Tech/pending", true);
    expect(withEntry.routeIds.at(-1)).toBe("/app/timeline/$timelineId/$feedId/$entryId");
    expect(withEntry.params).toMatchObject({
      timelineId: "view-2",
      feedId: "folder-Tech",
      entryId: "pending",
    });
    const without = await resolve("/timeline/view-0/1111111111111,2222222222222", true);
    expect(without.routeIds.at(-1)).toBe("/app/timeline/$timelineId/$feedId");
    expect(without.params).toMatchObject({ feedId: "1111111111111,2222222222222" });
  });

  it("decodes parameters once", async () => {
    const { params } = await resolve("/timeline/view-0/folder-Tech%20News/pending", true);
    expect(params?.feedId).toBe("folder-Tech News");
  });

  it.each([
    ["/action", "/app/action"],
    ["/discover", "/app/discover"],
    ["/discover/category/programming", "/app/discover/category/$category"],
    ["/power", "/app/power"],
    ["/rsshub", "/app/rsshub"],
    ["/settings", "/app/settings/"],
    ["/settings/about", "/app/settings/about"],
    ["/settings/data-control", "/app/settings/data-control"],
    ["/settings/list", "/app/settings/list"],
    ["/settings/shortcuts", "/app/settings/shortcuts"],
    ["/invitation", "/invitation"],
  ])("matches %s", async (path, routeId) => {
    const result = await resolve(path, true);
    expect(result.redirect).toBeUndefined();
    expect(result.routeIds.at(-1)).toBe(routeId);
  });

  it("matches every settings sub-page", async () => {
    for (const page of ["appearance", "feeds", "general", "integration", "invitations"]) {
      expect((await resolve(`/settings/${page}`, true)).routeIds.at(-1)).toBe(
        `/app/settings/${page}`,
      );
    }
    for (const page of ["notifications", "profile"]) {
      expect((await resolve(`/settings/${page}`, true)).routeIds.at(-1)).toBe(
        `/app/settings/${page}`,
      );
    }
  });

  it("sends unknown paths to the not-found page", async () => {
    expect((await resolve("/no/such/page", true)).notFound).toBe(true);
    expect((await resolve("/timeline/view-0", true)).notFound).toBe(true);
    expect((await resolve("/settings/nope", true)).notFound).toBe(true);
  });
});

describe("auth guard", () => {
  it.each(["/timeline/view-1/all/pending", "/settings/about", "/discover", "/power?x=1"])(
    "sends a signed-out visit of %s to the login page and back",
    async (path) => {
      const { redirect } = await resolve(path, false);
      const url = new URL(redirect!, "http://app.test");
      expect(url.pathname).toBe("/login");
      expect(url.searchParams.get("redirect")).toBe(path);
    },
  );

  it("lets signed-out users see the login and invitation pages", async () => {
    expect((await resolve("/login", false)).routeIds.at(-1)).toBe("/login");
    expect((await resolve("/invitation", false)).routeIds.at(-1)).toBe("/invitation");
  });

  it("sends a signed-in user from /login to the redirect target, if it is safe", async () => {
    expect((await resolve("/login?redirect=%2Fpower", true)).redirect).toBe("/power");
    expect((await resolve("/login?redirect=https%3A%2F%2Fevil.example", true)).redirect).toBe("/");
    expect((await resolve("/login", true)).redirect).toBe("/");
  });
});

describe("test hook", () => {
  it("?__throw=1 makes an app route's loader throw", async () => {
    const { error } = await resolve("/settings/about?__throw=1", true);
    expect(error?.message).toBe("Test route error");
  });

  it("does nothing without it", async () => {
    expect((await resolve("/settings/about", true)).error).toBeUndefined();
  });
});
