import { describe, expect, it } from "vitest";
import { loopbackOrigins } from "./loopback-origins.ts";

describe("loopbackOrigins", () => {
  it("gives every loopback spelling of the port for a loopback listen address", () => {
    for (const host of ["127.0.0.1", "localhost", "::1", "0.0.0.0"]) {
      expect(loopbackOrigins(host, 3000)).toEqual([
        "http://localhost:3000",
        "http://127.0.0.1:3000",
        "http://[::1]:3000",
      ]);
    }
  });

  it("gives none for a routable address", () => {
    expect(loopbackOrigins("192.0.2.10", 3000)).toEqual([]);
  });
});
