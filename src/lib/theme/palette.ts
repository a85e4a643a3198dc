// The one palette of every duellab view: the live widget (light and dark JupyterLab themes), the
// exported pages (light, and dark where the reader's system asks for it), the static snapshots and
// the SVG exports. Each colour is chosen for WCAG 2.1 AA contrast against every background it is
// drawn on; USES lists those pairs and test/unit/palette.test.ts checks every one. Pure.

export type Theme = "light" | "dark";

/** Colours that follow the theme: exposed to CSS as `--dl-<name>`. */
export interface ThemeColors {
  fg: string;
  muted: string;
  faint: string;
  bg: string;
  surface: string;
  paper: string;
  border: string;
  accent: string;
  /** Text on an accent-filled button. */
  onAccent: string;
  a: string;
  b: string;
  red: string;
  green: string;
  amber: string;
  purple: string;
  /** Text on a filled red / green badge. */
  onFill: string;
  fillRed: string;
  fillGreen: string;
  /** Tinted backgrounds (boxes that say: error, warning, demo, selected row). */
  tintRed: string;
  tintAmber: string;
  tintPurple: string;
  tintAccent: string;
  focus: string;
  tokComment: string;
  tokString: string;
  tokNumber: string;
  tokKeyword: string;
  tokBuiltin: string;
  tokDecorator: string;
  tokDef: string;
  /** Graph label ink and its halo (the live graph follows the theme). */
  label: string;
  /** Agree edges and the lexical swatch. */
  edge: string;
}

export const LIGHT: ThemeColors = {
  fg: "#1f2328",
  muted: "#57606a",
  faint: "#5f6872",
  bg: "#ffffff",
  surface: "#f6f8fa",
  paper: "#ffffff",
  border: "#d0d7de",
  accent: "#0a62c9",
  onAccent: "#ffffff",
  a: "#2f5f94",
  b: "#a4530f",
  red: "#b62b3e",
  green: "#17693a",
  amber: "#8a5a00",
  purple: "#6a3fc4",
  onFill: "#ffffff",
  fillRed: "#b62b3e",
  fillGreen: "#17693a",
  tintRed: "#fbeff1",
  tintAmber: "#fbf4e6",
  tintPurple: "#f3eefc",
  tintAccent: "#e3eefb",
  focus: "#0a62c9",
  tokComment: "#5c6670",
  tokString: "#0b6b45",
  tokNumber: "#9a4a00",
  tokKeyword: "#952195",
  tokBuiltin: "#0a5fb0",
  tokDecorator: "#7d5200",
  tokDef: "#0550ae",
  label: "#1f2328",
  edge: "#6e7781",
};

// JupyterLab's dark theme paints cells #111111 and panels #212121: the dark palette matches them.
export const DARK: ThemeColors = {
  fg: "#e6edf3",
  muted: "#b1bac4",
  faint: "#9ea7b1",
  bg: "#111111",
  surface: "#1e2126",
  paper: "#161a1f",
  border: "#3d444d",
  accent: "#6cb0ff",
  onAccent: "#0b1320",
  a: "#85b4ea",
  b: "#f2a764",
  red: "#ff8a92",
  green: "#5fd07c",
  amber: "#e8b84d",
  purple: "#c6a2ff",
  onFill: "#111111",
  fillRed: "#ff8a92",
  fillGreen: "#5fd07c",
  tintRed: "#3a1d21",
  tintAmber: "#33290f",
  tintPurple: "#2a2140",
  tintAccent: "#15314f",
  focus: "#6cb0ff",
  tokComment: "#9ea7b1",
  tokString: "#7ee0a8",
  tokNumber: "#f5b26b",
  tokKeyword: "#e39ce3",
  tokBuiltin: "#79c0ff",
  tokDecorator: "#e8b84d",
  tokDef: "#8cc8ff",
  label: "#e6edf3",
  edge: "#8b949e",
};

export const THEMES: Record<Theme, ThemeColors> = { light: LIGHT, dark: DARK };

/**
 * Graph marks drawn with SVG presentation attributes (the live graph, the static snapshot and the
 * SVG exports share them), so one set must read on the light AND the dark panel paper: mid-tones
 * with relative luminance between about 0.12 and 0.30 do.
 */
export const GRAPH = {
  nodeA: "#4a76a6",
  nodeB: "#bd6a1e",
  nodeOther: "#6f7c7d",
  sharedFill: "#ffffff",
  sharedStroke: "#2b2f36",
  nodeRing: "#ffffff",
  agree: "#737982",
  contradict: "#d1495b",
  /** Label ink and halo of the static snapshot / SVG export, which always sit on white. */
  staticLabel: "#1f2328",
  staticHalo: "#ffffff",
  staticPaper: "#ffffff",
} as const;

/** Base opacity of agree and contradict edges (faded further by the share of judge runs). */
export const EDGE_OPACITY = { agree: 0.85, contradict: 0.95 } as const;

export type ColorName = keyof ThemeColors;
export type UseKind = "text" | "large" | "graphic";
/** A foreground drawn on a background: text needs 4.5:1, large text and graphical objects 3:1. */
export interface ColorUse {
  what: string;
  fg: ColorName;
  on: ColorName[];
  kind: UseKind;
}

const BASES: ColorName[] = ["bg", "surface", "paper"];
/** Every theme colour pair the stylesheets draw. */
export const USES: ColorUse[] = [
  { what: "body text", fg: "fg", on: [...BASES, "tintRed", "tintAmber", "tintPurple", "tintAccent"], kind: "text" },
  { what: "muted labels, stage times, table heads", fg: "muted", on: [...BASES, "tintAccent"], kind: "text" },
  { what: "faint notes (legend note, settle bar, not checked, n/a)", fg: "faint", on: BASES, kind: "text" },
  { what: "links, active tab, buttons on hover", fg: "accent", on: BASES, kind: "text" },
  { what: "primary button text", fg: "onAccent", on: ["accent"], kind: "text" },
  { what: "model A text", fg: "a", on: BASES, kind: "text" },
  { what: "model B text", fg: "b", on: BASES, kind: "text" },
  // tintAccent: the selected run of a batch list, whose status reads in these colours.
  { what: "errors, contradictions, crashed badges", fg: "red", on: [...BASES, "tintRed", "tintAccent"], kind: "text" },
  { what: "done, passed, shipped", fg: "green", on: [...BASES, "tintAccent"], kind: "text" },
  { what: "warnings, cancelled", fg: "amber", on: [...BASES, "tintAmber", "tintAccent"], kind: "text" },
  { what: "demo-models badge", fg: "purple", on: ["tintPurple", ...BASES], kind: "text" },
  { what: "text on filled badges", fg: "onFill", on: ["fillRed", "fillGreen"], kind: "text" },
  { what: "code: comments", fg: "tokComment", on: BASES, kind: "text" },
  { what: "code: strings", fg: "tokString", on: BASES, kind: "text" },
  { what: "code: numbers", fg: "tokNumber", on: BASES, kind: "text" },
  { what: "code: keywords", fg: "tokKeyword", on: BASES, kind: "text" },
  { what: "code: builtins", fg: "tokBuiltin", on: BASES, kind: "text" },
  { what: "code: decorators", fg: "tokDecorator", on: BASES, kind: "text" },
  { what: "code: definitions", fg: "tokDef", on: BASES, kind: "text" },
  { what: "graph labels", fg: "label", on: BASES, kind: "text" },
  { what: "focus outline", fg: "focus", on: BASES, kind: "graphic" },
  { what: "stage dots, settle bar, status marks", fg: "green", on: BASES, kind: "graphic" },
  { what: "legend edge swatches", fg: "edge", on: BASES, kind: "graphic" },
];

/** Graph marks (theme-independent): each must reach 3:1 on both themes' paper. */
export const GRAPH_USES: Array<{ what: string; colors: string[]; opacity?: number }> = [
  { what: "A-only node", colors: [GRAPH.nodeA] },
  { what: "B-only node", colors: [GRAPH.nodeB] },
  { what: "other node", colors: [GRAPH.nodeOther] },
  // A consensus node is a white disc with a dark ring: one of the two always stands out.
  { what: "consensus node (fill or ring)", colors: [GRAPH.sharedFill, GRAPH.sharedStroke] },
  { what: "agree edge", colors: [GRAPH.agree], opacity: EDGE_OPACITY.agree },
  { what: "contradict edge", colors: [GRAPH.contradict], opacity: EDGE_OPACITY.contradict },
];

function channels(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m?.[1]) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const hex2 = (v: number) =>
  Math.round(Math.max(0, Math.min(255, v)))
    .toString(16)
    .padStart(2, "0");

/** `fg` painted at `alpha` over `bg`, as the browser composites it (in sRGB). */
export function over(fg: string, bg: string, alpha: number): string {
  const f = channels(fg),
    b = channels(bg);
  return `#${([0, 1, 2] as const).map((i) => hex2(f[i] * alpha + b[i] * (1 - alpha))).join("")}`;
}

/** WCAG 2.1 relative luminance. */
export function luminance(hex: string): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = channels(hex);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2.1 contrast ratio, 1 to 21. */
export function contrast(a: string, b: string): number {
  const la = luminance(a),
    lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export const REQUIRED: Record<UseKind, number> = { text: 4.5, large: 3, graphic: 3 };

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
function vars(t: ThemeColors): string {
  return Object.entries(t)
    .map(([k, v]) => `--dl-${kebab(k)}: ${v};`)
    .join(" ");
}

function graphVars(): string {
  return Object.entries(GRAPH)
    .filter(([k]) => !k.startsWith("static"))
    .map(([k, v]) => `--dl-graph-${kebab(k)}: ${v};`)
    .join(" ");
}

/**
 * The palette as CSS custom properties. Light by default; dark under JupyterLab's dark theme
 * (`body[data-jp-theme-light="false"]`), and on pages outside JupyterLab (exports) when the
 * reader's system prefers dark. Inside JupyterLab its theme wins over the system preference.
 */
export function paletteCss(scope = ".duellab-root"): string {
  return [
    `${scope} { ${vars(LIGHT)} ${graphVars()} color-scheme: light; }`,
    `body[data-jp-theme-light="false"] ${scope} { ${vars(DARK)} color-scheme: dark; }`,
    `@media (prefers-color-scheme: dark) { body:not([data-jp-theme-light]) ${scope} { ${vars(DARK)} color-scheme: dark; } }`,
  ].join("\n");
}

/** `hsl(h, s%, l%)` as #rrggbb. */
export function hslHex(h: number, s: number, l: number): string {
  const S = s / 100,
    L = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = S * Math.min(L, 1 - L);
  const f = (n: number) => L - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${[f(0), f(8), f(4)].map((v) => hex2(v * 255)).join("")}`;
}

/** The text colour for a computed background (heat-map cells): dark ink or white, whichever reads better. */
export function inkOn(bg: string): string {
  return contrast(LIGHT.fg, bg) >= contrast("#ffffff", bg) ? LIGHT.fg : "#ffffff";
}

/**
 * nbconvert's light page (exported notebooks) draws code with JupyterLab's editor colours, some
 * below 4.5:1 on the cell background (#f5f5f5); these replace them, same hues, darker.
 */
export const NOTEBOOK_CODE_LIGHT: Record<string, string> = {
  atom: "#5c5cd6",
  bracket: "#6b6b4f",
  comment: "#3b6e6e",
  error: "#d10000",
  hr: "#6e6e6e",
  meta: "#8a1bd6",
  number: "#007a00",
  operator: "#8a1bd6",
  quote: "#0b7a0b",
  "variable-3": "#00784a",
};
/** The cell background those colours sit on in nbconvert's light page. */
export const NOTEBOOK_CODE_BG = "#f5f5f5";

/** CSS for nbconvert's light page: readable code colours, and prompts at full opacity. */
export function notebookCss(): string {
  const vars = Object.entries(NOTEBOOK_CODE_LIGHT)
    .map(([k, v]) => `--jp-mirror-editor-${k}-color: ${v};`)
    .join(" ");
  return `body[data-jp-theme-light="true"] { ${vars} --jp-cell-prompt-not-active-opacity: 1; }`;
}
