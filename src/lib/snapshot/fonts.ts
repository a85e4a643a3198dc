// Which font files the pictures are drawn with. DejaVu Sans first: matplotlib ships it, so the
// sandbox's Python always has it and every machine draws the same picture (and text-fit.ts's
// widths are its widths); then the system's DejaVu; then any sans-serif TrueType font the system
// has; else none, and the fallback says there is no picture rather than drawing one without text.
// I/O shell (file lookups, cached for the process).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defaultPython, pythonTrees } from "../sandbox/paths";

export interface FontChoice {
  files: string[];
  family: string;
  /** Where they came from, for the bench and the doctor. */
  source: string;
}

const DEJAVU = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"];

function matplotlibFonts(): string[] {
  let python: string;
  try {
    python = defaultPython();
  } catch {
    return [];
  }
  for (const tree of pythonTrees(python)) {
    const lib = path.join(tree, "lib");
    let entries: string[] = [];
    try {
      entries = fs.readdirSync(lib).filter((e) => e.startsWith("python3"));
    } catch {
      continue;
    }
    for (const py of entries) {
      const dir = path.join(lib, py, "site-packages", "matplotlib", "mpl-data", "fonts", "ttf");
      const files = DEJAVU.map((f) => path.join(dir, f)).filter((f) => fs.existsSync(f));
      if (files.length) return files;
    }
  }
  return [];
}

const SYSTEM_DIRS = [
  "/usr/share/fonts/truetype/dejavu",
  "/usr/share/fonts/dejavu",
  "/usr/share/fonts/TTF",
  "/usr/local/share/fonts",
  path.join(os.homedir(), ".fonts"),
  path.join(os.homedir(), ".local/share/fonts"),
];
const OTHER_SANS = [
  "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
  "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
  "/System/Library/Fonts/Supplemental/Arial.ttf",
  "/System/Library/Fonts/Supplemental/Arial Bold.ttf",
  "/Library/Fonts/Arial.ttf",
];

let cached: FontChoice | null | undefined;

export function findFonts(): FontChoice | null {
  if (cached !== undefined) return cached;
  const mpl = matplotlibFonts();
  if (mpl.length) return (cached = { files: mpl, family: "DejaVu Sans", source: "matplotlib's DejaVu Sans" });
  for (const dir of SYSTEM_DIRS) {
    const files = DEJAVU.map((f) => path.join(dir, f)).filter((f) => fs.existsSync(f));
    if (files.length) return (cached = { files, family: "DejaVu Sans", source: `the system's DejaVu Sans (${dir})` });
  }
  const other = OTHER_SANS.filter((f) => fs.existsSync(f));
  if (other.length) {
    const family = other[0]?.includes("Liberation") ? "Liberation Sans" : "Arial";
    return (cached = { files: other, family, source: `the system's ${family}` });
  }
  return (cached = null);
}
