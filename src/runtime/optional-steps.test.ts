import { describe, expect, it } from "vitest";
import { analyticsStep, errorReportingStep } from "./optional-steps.ts";

describe("optional start-up steps", () => {
  it("starts error reporting only when a release is set", () => {
    expect(errorReportingStep(undefined).applies()).toBe(false);
    expect(errorReportingStep("follow@1.0.0").applies()).toBe(true);
  });

  it("starts analytics only when configured and while the user allows anonymous data", () => {
    let allowed = true;
    expect(analyticsStep(false, () => allowed).applies()).toBe(false);
    const step = analyticsStep(true, () => allowed);
    expect(step.applies()).toBe(true);
    allowed = false;
    expect(step.applies()).toBe(false);
  });
});
