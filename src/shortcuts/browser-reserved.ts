import { type KeyBinding, parseBinding } from "./keys.ts";

/**
 * Chords a browser window keeps for itself: with the main modifier (Control, or Command on
 * macOS) they open a window or tab, close or switch tabs, focus the address bar or quit, and a
 * page's keydown never sees them (or cannot stop them). The desktop app has no such owner.
 */
const MOD_KEYS = ["N", "T", "W", "Q", "L", "Tab", "PageUp", "PageDown"];
const MOD_SHIFT_KEYS = ["N", "T", "W", "Q", "Tab"];
const DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
/** macOS keeps Command+H (hide) and Command+M (minimise) for every app. */
const MAC_MOD_KEYS = ["H", "M"];

function onlyMod(binding: KeyBinding, isMac: boolean): boolean {
  return (
    !binding.alt && (isMac ? binding.meta && !binding.control : binding.control && !binding.meta)
  );
}

/** Whether a browser takes this binding ("$mod+T", "Ctrl+Tab"…) before the page. */
export function browserReserves(text: string, isMac: boolean): boolean {
  const binding = parseBinding(text, isMac);
  if (!onlyMod(binding, isMac)) return false;
  if (binding.shift) return MOD_SHIFT_KEYS.includes(binding.key);
  return (
    MOD_KEYS.includes(binding.key) ||
    DIGITS.includes(binding.key) ||
    (isMac && MAC_MOD_KEYS.includes(binding.key))
  );
}
