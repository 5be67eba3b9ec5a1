import { type KeyBinding, parseBinding } from "./keys.ts";

/** Display order: Shift, Control, Meta, Alt, then F1 to F12, then other keys. */
const MODIFIER_ORDER = ["Shift", "Control", "Meta", "Alt"];

function rank(token: string): number {
  const modifier = MODIFIER_ORDER.indexOf(token);
  if (modifier >= 0) return modifier;
  const fKey = /^F([1-9]|1[0-2])$/.exec(token);
  if (fKey) return 10 + Number(fKey[1]);
  return 100;
}

/** Sorts canonical key tokens into the display order; other keys keep their relative order. */
export function sortKeyTokens(tokens: readonly string[]): string[] {
  return tokens
    .map((token, index) => ({ token, index }))
    .sort((a, b) => rank(a.token) - rank(b.token) || a.index - b.index)
    .map(({ token }) => token);
}

function bindingTokens(binding: KeyBinding): string[] {
  const tokens: string[] = [];
  if (binding.alt) tokens.push("Alt");
  if (binding.meta) tokens.push("Meta");
  if (binding.control) tokens.push("Control");
  if (binding.shift) tokens.push("Shift");
  if (binding.key) tokens.push(binding.key);
  return sortKeyTokens(tokens);
}

const MAC_LABELS: Record<string, string> = {
  Shift: "⇧",
  Control: "⌃",
  Meta: "⌘",
  Alt: "⌥",
};
const OTHER_LABELS: Record<string, string> = {
  Shift: "Shift",
  Control: "Ctrl",
  Meta: "Meta",
  Alt: "Alt",
};
const KEY_LABELS: Record<string, string> = {
  ArrowUp: "↑",
  ArrowDown: "↓",
  ArrowLeft: "←",
  ArrowRight: "→",
  Escape: "Esc",
  Enter: "↵",
  PageUp: "PgUp",
  PageDown: "PgDn",
};

/** Key caps for one binding, in display order, as printed on the keys of this platform. */
export function formatBinding(text: string, isMac: boolean): string[] {
  const labels = isMac ? MAC_LABELS : OTHER_LABELS;
  return bindingTokens(parseBinding(text, isMac)).map(
    (token) => labels[token] ?? KEY_LABELS[token] ?? token,
  );
}

/** A binding as one string for titles and aria labels, e.g. "Ctrl+K" or "⌘K". */
export function formatBindingText(text: string, isMac: boolean): string {
  return formatBinding(text, isMac).join(isMac ? "" : "+");
}
