import { describe, expect, it } from "vitest";
import { lightboxStep } from "./lightbox-nav.ts";

describe("lightbox keys", () => {
  it("← and → step between pictures and stop at the ends", () => {
    expect(lightboxStep(0, 3, "ArrowRight")).toBe(1);
    expect(lightboxStep(2, 3, "ArrowRight")).toBe(2);
    expect(lightboxStep(1, 3, "ArrowLeft")).toBe(0);
    expect(lightboxStep(0, 3, "ArrowLeft")).toBe(0);
  });

  it("Home and End jump; other keys are not the lightbox's", () => {
    expect(lightboxStep(1, 5, "Home")).toBe(0);
    expect(lightboxStep(1, 5, "End")).toBe(4);
    expect(lightboxStep(1, 5, "Escape")).toBeUndefined();
    expect(lightboxStep(0, 0, "ArrowRight")).toBeUndefined();
  });
});
