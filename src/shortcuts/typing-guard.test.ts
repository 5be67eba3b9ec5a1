import { describe, expect, it } from "vitest";
import { isTypingTarget, shouldIgnoreKeyEvent } from "./typing-guard.ts";

const el = (tagName: string, extra: Record<string, unknown> = {}) => ({
  tagName,
  getAttribute: (name: string) => (extra[name] as string | undefined) ?? null,
  ...extra,
});

describe("typing guard", () => {
  it("treats text inputs, textareas, selects and contenteditable as typing", () => {
    expect(isTypingTarget(el("INPUT"))).toBe(true);
    expect(isTypingTarget(el("INPUT", { type: "search" }))).toBe(true);
    expect(isTypingTarget(el("INPUT", { type: "email" }))).toBe(true);
    expect(isTypingTarget(el("TEXTAREA"))).toBe(true);
    expect(isTypingTarget(el("SELECT"))).toBe(true);
    expect(isTypingTarget(el("DIV", { isContentEditable: true }))).toBe(true);
    expect(isTypingTarget(el("DIV", { role: "textbox" }))).toBe(true);
  });

  it("does not count a field of a dialog that has just closed", () => {
    const closedDialogInput = el("INPUT", {
      closest: (s: string) => (s === "dialog:not([open])" ? {} : null),
    });
    expect(isTypingTarget(closedDialogInput)).toBe(false);
    expect(isTypingTarget(el("INPUT", { closest: () => null }))).toBe(true);
  });

  it("lets shortcuts through from checkboxes, buttons and the page", () => {
    expect(isTypingTarget(el("INPUT", { type: "checkbox" }))).toBe(false);
    expect(isTypingTarget(el("INPUT", { type: "range" }))).toBe(false);
    expect(isTypingTarget(el("BUTTON"))).toBe(false);
    expect(isTypingTarget(el("BODY"))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it("leaves Space and Enter to the focused button, and IME composition alone", () => {
    expect(shouldIgnoreKeyEvent({ key: " ", target: el("BUTTON") })).toBe(true);
    expect(shouldIgnoreKeyEvent({ key: "j", target: el("BUTTON") })).toBe(false);
    expect(shouldIgnoreKeyEvent({ key: "j", target: el("BODY"), isComposing: true })).toBe(true);
    expect(shouldIgnoreKeyEvent({ key: "j", target: el("INPUT") })).toBe(true);
  });
});
