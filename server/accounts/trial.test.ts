import { describe, expect, it } from "vitest";
import { CodedError } from "../coded-error.ts";
import { checkTrialQuota } from "./trial.ts";

const limits = { feeds: 3, lists: 1, inboxes: 0 };

function codeOf(run: () => void): number | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof CodedError ? error.code : -1;
  }
}

describe("trial quotas", () => {
  it("raises the quota's own code once the trial user has as many as allowed", () => {
    expect(codeOf(() => checkTrialQuota(limits, "feeds", 2))).toBeUndefined();
    expect(codeOf(() => checkTrialQuota(limits, "feeds", 3))).toBe(1100);
    expect(codeOf(() => checkTrialQuota(limits, "lists", 0))).toBeUndefined();
    expect(codeOf(() => checkTrialQuota(limits, "lists", 1))).toBe(1101);
    expect(codeOf(() => checkTrialQuota(limits, "inboxes", 0))).toBe(1102);
  });
});
