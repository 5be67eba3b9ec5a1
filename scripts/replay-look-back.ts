import type { Plugin } from "vite";

/** SPEC §9: a replay sent after an error shows the last 10 s before it. */
export const REPLAY_LOOK_BACK_MS = 10_000;

/** Where the replay SDK keeps its buffer length, and how this SDK version spells it. */
const SDK_MODULE = /[\\/]@sentry[\\/]replay[\\/]build[\\/]npm[\\/]esm[\\/]index\.js$/;
const SDK_CONSTANT = "const BUFFER_CHECKOUT_TIME = 6e4;";

/**
 * The replay SDK buffers the recording since its last full snapshot and takes one every 60 s
 * in its on-error mode, with no option to change that: this build sets it to the 10 s of
 * SPEC §9 (a full snapshot every 10 s while buffering; none without a DSN, as the SDK then
 * never loads). A new SDK that spells it otherwise fails the build here instead of quietly
 * keeping 60 s.
 */
export function replayLookBack(): Plugin {
  return {
    name: "follow:replay-look-back",
    apply: "build",
    transform(code, id) {
      if (!SDK_MODULE.test(id)) return null;
      return setLookBack(code);
    },
  };
}

export function setLookBack(code: string): string {
  if (!code.includes(SDK_CONSTANT)) {
    throw new Error(
      "@sentry/replay no longer declares BUFFER_CHECKOUT_TIME as before: check how it sets the replay look-back (scripts/replay-look-back.ts)",
    );
  }
  return code.replace(SDK_CONSTANT, `const BUFFER_CHECKOUT_TIME = ${REPLAY_LOOK_BACK_MS};`);
}
