import { describe, expect, it } from "vitest";
import { createConnectivity, manualOnlineSource } from "./connectivity.ts";

function setup(initial = true) {
  const source = manualOnlineSource(initial);
  const connectivity = createConnectivity(source);
  const statuses: string[] = [];
  let reconnects = 0;
  connectivity.status$.subscribe((s) => statuses.push(s));
  connectivity.reconnected$.subscribe(() => {
    reconnects += 1;
  });
  return { source, connectivity, statuses, reconnects: () => reconnects };
}

describe("connectivity (online, offline, disabled)", () => {
  it("starts from what the browser says", () => {
    expect(setup(true).connectivity.status).toBe("online");
    expect(setup(false).connectivity.status).toBe("offline");
  });

  it("follows the browser's offline and online events; coming back is a reconnect", () => {
    const { source, connectivity, statuses, reconnects } = setup();
    source.set(false);
    expect(connectivity.status).toBe("offline");
    expect(connectivity.browserOnline).toBe(false);
    source.set(true);
    expect(statuses).toEqual(["online", "offline", "online"]);
    expect(reconnects()).toBe(1);
  });

  it("goes offline on a network failure while the browser says online, online on a good response", () => {
    const { connectivity, statuses, reconnects } = setup();
    connectivity.reportNetworkResult(false);
    expect(connectivity.status).toBe("offline");
    // The browser still says online, so requests keep being tried (and probe the way back).
    expect(connectivity.browserOnline).toBe(true);
    connectivity.reportNetworkResult(false);
    connectivity.reportNetworkResult(true);
    connectivity.reportNetworkResult(true);
    expect(statuses).toEqual(["online", "offline", "online"]);
    expect(reconnects()).toBe(1);
  });

  it("ignores network failures while the browser already says offline", () => {
    const { source, connectivity, statuses } = setup();
    source.set(false);
    connectivity.reportNetworkResult(false);
    expect(statuses).toEqual(["online", "offline"]);
  });
});
