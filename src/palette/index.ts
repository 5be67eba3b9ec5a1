export { AppControls } from "./app-controls.tsx";
export { CommandPalette } from "./command-palette.tsx";
export { buildPaletteItems, PALETTE_GROUPS, type PaletteItem } from "./items.ts";
export { matchScore, normalizeSearchText, searchItems } from "./search.ts";
