/**
 * Key bindings are written like "Shift+$mod+A": modifiers then one key, joined by "+". `$mod` is
 * Meta on macOS and Control elsewhere.
 */
export interface KeyBinding {
  shift: boolean;
  control: boolean;
  meta: boolean;
  alt: boolean;
  /** Canonical key: an upper-case letter, a digit, F1–F12, a named key ("Space",
   * "ArrowUp", "Enter"…) or a symbol (",", "/", "?", "["…). */
  key: string;
}

/** The parts of a KeyboardEvent matching needs. */
export interface KeyEventLike {
  key: string;
  code?: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

const MODIFIER_ALIASES: Record<string, "shift" | "control" | "meta" | "alt"> = {
  shift: "shift",
  ctrl: "control",
  control: "control",
  meta: "meta",
  cmd: "meta",
  command: "meta",
  alt: "alt",
  option: "alt",
};

const KEY_ALIASES: Record<string, string> = {
  space: "Space",
  " ": "Space",
  up: "ArrowUp",
  down: "ArrowDown",
  left: "ArrowLeft",
  right: "ArrowRight",
  esc: "Escape",
  escape: "Escape",
  enter: "Enter",
  return: "Enter",
  tab: "Tab",
  backspace: "Backspace",
  delete: "Delete",
  home: "Home",
  end: "End",
  pageup: "PageUp",
  pagedown: "PageDown",
  comma: ",",
  period: ".",
  slash: "/",
  arrowup: "ArrowUp",
  arrowdown: "ArrowDown",
  arrowleft: "ArrowLeft",
  arrowright: "ArrowRight",
};

/** Physical keys of symbols, so Shift+/ matches although the browser reports "?". */
const SYMBOL_CODES: Record<string, string> = {
  ",": "Comma",
  ".": "Period",
  "/": "Slash",
  ";": "Semicolon",
  "'": "Quote",
  "[": "BracketLeft",
  "]": "BracketRight",
  "\\": "Backslash",
  "-": "Minus",
  "=": "Equal",
  "`": "Backquote",
};

function canonicalKey(token: string): string {
  const alias = KEY_ALIASES[token.toLowerCase()];
  if (alias) return alias;
  if (/^[a-z]$/i.test(token)) return token.toUpperCase();
  if (/^f([1-9]|1[0-2])$/i.test(token)) return token.toUpperCase();
  return token;
}

/** Parses "Shift+$mod+A"; `$mod` becomes Meta on Apple platforms and Control elsewhere. */
export function parseBinding(text: string, isMac: boolean): KeyBinding {
  // A trailing "+" is the plus key itself ("$mod++").
  const tokens = text.endsWith("++") ? [...text.slice(0, -2).split("+"), "+"] : text.split("+");
  const binding: KeyBinding = { shift: false, control: false, meta: false, alt: false, key: "" };
  for (const raw of tokens) {
    const token = raw.trim();
    if (token === "$mod") {
      binding[isMac ? "meta" : "control"] = true;
      continue;
    }
    const modifier = MODIFIER_ALIASES[token.toLowerCase()];
    if (modifier) binding[modifier] = true;
    else if (token) binding.key = canonicalKey(token);
  }
  return binding;
}

const isLetter = (key: string) => /^[A-Z]$/.test(key);
const isDigit = (key: string) => /^[0-9]$/.test(key);
/** Symbols typed with Shift on common layouts: their binding does not have to say Shift. */
const isShiftedSymbol = (key: string) => /^[!@#$%^&*()_+{}|:"<>?~]$/.test(key);

function keyMatches(key: string, event: KeyEventLike): boolean {
  if (isLetter(key)) return event.key.toUpperCase() === key || event.code === `Key${key}`;
  if (isDigit(key)) {
    return event.key === key || event.code === `Digit${key}` || event.code === `Numpad${key}`;
  }
  if (key === "Space") return event.key === " " || event.code === "Space";
  const code = SYMBOL_CODES[key];
  return event.key === key || (code !== undefined && event.code === code);
}

/** Whether a key event is this binding: same modifiers, same key (by character or position). */
export function matchesBinding(binding: KeyBinding, event: KeyEventLike): boolean {
  if (!binding.key) return false;
  if (event.ctrlKey !== binding.control || event.metaKey !== binding.meta) return false;
  if (event.altKey !== binding.alt) return false;
  const shiftImplied = !binding.shift && isShiftedSymbol(binding.key);
  if (!shiftImplied && event.shiftKey !== binding.shift) return false;
  return keyMatches(binding.key, event);
}

/** The index of the first of `keys` the event matches, or -1. */
export function matchKeys(keys: readonly string[], event: KeyEventLike, isMac: boolean): number {
  return keys.findIndex((text) => matchesBinding(parseBinding(text, isMac), event));
}
