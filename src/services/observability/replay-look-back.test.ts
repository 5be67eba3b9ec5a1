import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPLAY_LOOK_BACK_MS, setLookBack } from "../../../scripts/replay-look-back.ts";

const sdkFile = () => {
  const require = createRequire(import.meta.url);
  const root = join(require.resolve("@sentry/replay/package.json"), "..");
  return readFileSync(join(root, "build/npm/esm/index.js"), "utf8");
};

describe("replay look-back (SPEC §9: 10 s)", () => {
  it("the installed replay SDK's buffer is set to 10 s by the build", () => {
    const built = setLookBack(sdkFile());
    expect(built).toContain(`const BUFFER_CHECKOUT_TIME = ${REPLAY_LOOK_BACK_MS};`);
    expect(built).not.toContain("BUFFER_CHECKOUT_TIME = 6e4");
    expect(REPLAY_LOOK_BACK_MS).toBe(10_000);
    // The buffer's checkout is what the on-error mode records with.
    expect(built).toMatch(
      /recordingMode === "buffer" \? \{ checkoutEveryNms: BUFFER_CHECKOUT_TIME \}/,
    );
  });

  it("an SDK that spells it otherwise fails the build instead of keeping 60 s", () => {
    expect(() => setLookBack("const BUFFER_CHECKOUT_TIME = 12e4;")).toThrow(/look-back/);
  });
});
