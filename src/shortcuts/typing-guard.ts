/** What the guard reads from an event target (an Element in the browser, a plain object in tests). */
interface TargetLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
  getAttribute?(name: string): string | null;
  closest?(selector: string): unknown;
}

/** Input types that take no typing: keys pressed there are still shortcuts. */
const NON_TEXT_INPUTS = new Set([
  "button",
  "checkbox",
  "color",
  "file",
  "image",
  "radio",
  "range",
  "reset",
  "submit",
]);

/** Whether keys pressed on `target` are typing (shortcuts are ignored while typing). */
export function isTypingTarget(target: unknown): boolean {
  if (typeof target !== "object" || target === null) return false;
  const element = target as TargetLike;
  // A field of a dialog that just closed keeps focus until it unmounts: nobody types there.
  if (element.closest?.("dialog:not([open])")) return false;
  if (element.isContentEditable) return true;
  const tag = element.tagName?.toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") return !NON_TEXT_INPUTS.has((element.type ?? "text").toLowerCase());
  const role = element.getAttribute?.("role");
  return role === "textbox" || role === "combobox" || role === "searchbox";
}

/** Space and Enter on a button or link activate it; they are not shortcuts there. */
function isActivationKeyOnControl(key: string, target: unknown): boolean {
  if (key !== " " && key !== "Enter") return false;
  if (typeof target !== "object" || target === null) return false;
  const element = target as TargetLike;
  const tag = element.tagName?.toUpperCase();
  if (tag === "BUTTON" || tag === "A" || tag === "SUMMARY") return true;
  if (tag === "INPUT") return true;
  const role = element.getAttribute?.("role");
  return role === "button" || role === "link" || role === "menuitem" || role === "option";
}

/** Whether a key event must be left alone by the shortcut engine. */
export function shouldIgnoreKeyEvent(event: {
  key: string;
  target: unknown;
  isComposing?: boolean;
  defaultPrevented?: boolean;
}): boolean {
  if (event.isComposing || event.defaultPrevented || event.key === "Process") return true;
  return isTypingTarget(event.target) || isActivationKeyOnControl(event.key, event.target);
}
