import type { Bounds, Display } from "../shell.ts";

/** The main window's last size and place, kept in the user-data folder between runs. */
export interface WindowState {
  bounds: Bounds;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1200, height: 800 };
const MIN_SIZE = { width: 400, height: 300 };

/** Reads a saved state; anything malformed counts as nothing saved. */
export function parseWindowState(text: string | null): WindowState | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as { bounds?: Partial<Bounds>; maximized?: unknown };
    const b = value.bounds;
    const numbers = [b?.x, b?.y, b?.width, b?.height];
    if (!numbers.every((n) => typeof n === "number" && Number.isFinite(n))) return null;
    return { bounds: b as Bounds, maximized: value.maximized === true };
  } catch {
    return null;
  }
}

/**
 * Where the window opens: the saved bounds when their middle is still on a display (a monitor
 * may have been unplugged since), shrunk to that display's work area; otherwise the default
 * size, centred by Electron.
 */
export function restoreBounds(
  saved: WindowState | null,
  displays: Display[],
): { bounds: Partial<Bounds> & Pick<Bounds, "width" | "height">; maximized: boolean } {
  if (!saved) return { bounds: { ...DEFAULT_SIZE }, maximized: false };
  const { bounds } = saved;
  const middle = { x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2 };
  const display = displays.find(({ workArea: a }) => contains(a, middle));
  if (!display) return { bounds: { ...DEFAULT_SIZE }, maximized: saved.maximized };
  const area = display.workArea;
  const width = clamp(bounds.width, MIN_SIZE.width, area.width);
  const height = clamp(bounds.height, MIN_SIZE.height, area.height);
  const x = clamp(bounds.x, area.x, area.x + area.width - width);
  const y = clamp(bounds.y, area.y, area.y + area.height - height);
  return { bounds: { x, y, width, height }, maximized: saved.maximized };
}

function contains(area: Bounds, point: { x: number; y: number }) {
  return (
    point.x >= area.x &&
    point.x < area.x + area.width &&
    point.y >= area.y &&
    point.y < area.y + area.height
  );
}

function clamp(value: number, min: number, max: number) {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

export function serializeWindowState(state: WindowState): string {
  return JSON.stringify(state);
}
