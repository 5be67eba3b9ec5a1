import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { FeedRouteInstance } from "../../../contract/api/feed-route-instances.ts";
import { InstancesPanel } from "./instances-panel.tsx";

const own = (id: string, reachable: boolean, isDefault: boolean): FeedRouteInstance => ({
  id,
  baseUrl: `https://rsshub-${id}.example`,
  hasAccessKey: id === "1234567890123",
  isDefault,
  status: {
    checkedAt: "2026-01-01T00:00:00.000Z",
    reachable,
    version: reachable ? "5f3c2a1" : null,
    latencyMs: 42,
    error: reachable ? null : "HTTP 502",
  },
  createdAt: "2026-01-01T00:00:00.000Z",
});

const panel = (defaultId: string | null) => {
  const noop = () => Promise.resolve();
  return renderToStaticMarkup(
    <InstancesPanel
      instances={{
        state: {
          status: "ready",
          input: "instances",
          data: {
            serverInstance: "https://server-rsshub.example",
            defaultId,
            instances: [
              own("1234567890123", true, defaultId === "1234567890123"),
              own("1234567890124", false, defaultId === "1234567890124"),
            ],
          },
        },
        revision: 0,
        add: noop,
        update: noop,
        check: noop,
        remove: noop,
        choose: noop,
      }}
    />,
  );
};

describe("feed-route instances panel", () => {
  it("shows each instance's status and which one is the default", () => {
    const html = panel("1234567890123");
    expect(html).toContain("https://server-rsshub.example");
    expect(html).toContain("https://rsshub-1234567890123.example");
    expect(html.match(/data-reachable="true"/g)).toHaveLength(1);
    expect(html.match(/data-reachable="false"/g)).toHaveLength(1);
    const checked = [...html.matchAll(/<input[^>]*checked=""[^>]*>/g)].map((m) => m[0]);
    expect(checked).toHaveLength(1);
    expect(checked[0]).toContain('data-testid="rsshub-instance-choose"');
    // With none chosen, the server's instance is the default.
    const serverChecked = [...panel(null).matchAll(/<input[^>]*checked=""[^>]*>/g)];
    expect(serverChecked.map((m) => m[0])).toEqual([
      expect.stringContaining('data-testid="rsshub-instance-server-choose"'),
    ]);
  });
});
