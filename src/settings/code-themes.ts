/**
 * Code highlight themes: one for light mode, one for dark. Each is the palette of a
 * well-known editor theme for the token kinds the entry highlighter marks.
 */
export interface CodePalette {
  background: string;
  text: string;
  comment: string;
  keyword: string;
  string: string;
  number: string;
}

export const CODE_THEMES_LIGHT = {
  "github-light": {
    background: "#f6f8fa",
    text: "#1f2328",
    comment: "#6e7781",
    keyword: "#cf222e",
    string: "#0a3069",
    number: "#0550ae",
  },
  "one-light": {
    background: "#fafafa",
    text: "#383a42",
    comment: "#a0a1a7",
    keyword: "#a626a4",
    string: "#50a14f",
    number: "#986801",
  },
  "solarized-light": {
    background: "#fdf6e3",
    text: "#657b83",
    comment: "#93a1a1",
    keyword: "#859900",
    string: "#2aa198",
    number: "#d33682",
  },
} as const satisfies Record<string, CodePalette>;

export const CODE_THEMES_DARK = {
  "github-dark": {
    background: "#161b22",
    text: "#e6edf3",
    comment: "#8b949e",
    keyword: "#ff7b72",
    string: "#a5d6ff",
    number: "#79c0ff",
  },
  "one-dark": {
    background: "#282c34",
    text: "#abb2bf",
    comment: "#5c6370",
    keyword: "#c678dd",
    string: "#98c379",
    number: "#d19a66",
  },
  dracula: {
    background: "#282a36",
    text: "#f8f8f2",
    comment: "#6272a4",
    keyword: "#ff79c6",
    string: "#f1fa8c",
    number: "#bd93f9",
  },
  nord: {
    background: "#2e3440",
    text: "#d8dee9",
    comment: "#616e88",
    keyword: "#81a1c1",
    string: "#a3be8c",
    number: "#b48ead",
  },
  "solarized-dark": {
    background: "#002b36",
    text: "#839496",
    comment: "#586e75",
    keyword: "#859900",
    string: "#2aa198",
    number: "#d33682",
  },
} as const satisfies Record<string, CodePalette>;

export type CodeThemeLight = keyof typeof CODE_THEMES_LIGHT;
export type CodeThemeDark = keyof typeof CODE_THEMES_DARK;

/** The CSS variables of the code theme for the mode on screen (unknown names: the default). */
export function codeThemeVariables(
  settings: { codeHighlightThemeLight: string; codeHighlightThemeDark: string },
  mode: "light" | "dark",
): Record<string, string> {
  const palette: CodePalette =
    mode === "dark"
      ? (CODE_THEMES_DARK[settings.codeHighlightThemeDark as CodeThemeDark] ??
        CODE_THEMES_DARK["github-dark"])
      : (CODE_THEMES_LIGHT[settings.codeHighlightThemeLight as CodeThemeLight] ??
        CODE_THEMES_LIGHT["github-light"]);
  return {
    "--code-bg": palette.background,
    "--code-text": palette.text,
    "--code-comment": palette.comment,
    "--code-keyword": palette.keyword,
    "--code-string": palette.string,
    "--code-number": palette.number,
  };
}

/** Theme names as their authors wrote them (the same in every language). */
export const CODE_THEME_NAMES: Readonly<Record<CodeThemeLight | CodeThemeDark, string>> = {
  "github-light": "GitHub Light",
  "one-light": "One Light",
  "solarized-light": "Solarized Light",
  "github-dark": "GitHub Dark",
  "one-dark": "One Dark",
  dracula: "Dracula",
  nord: "Nord",
  "solarized-dark": "Solarized Dark",
};
