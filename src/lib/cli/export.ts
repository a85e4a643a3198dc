// `duellab export notebook.ipynb [-o out.html]`: one offline HTML file, widgets included.
import type { Command } from "./types";
import { exportNotebook } from "../export/notebook.js";

const USAGE = "usage: duellab export notebook.ipynb [-o out.html]";

export function parseExportArgs(args: string[]): { input: string; output?: string } | { error: string } {
  let input: string | undefined;
  let output: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "-o" || a === "--output") {
      output = args[++i];
      if (!output) return { error: `${a} needs a file name, e.g. -o comparison.html` };
    } else if (a.startsWith("--output=")) {
      output = a.slice("--output=".length);
    } else if (a.startsWith("-")) {
      return { error: `unknown option ${a}` };
    } else if (input) {
      return { error: `one notebook at a time (got "${input}" and "${a}")` };
    } else {
      input = a;
    }
  }
  if (!input) return { error: "give the notebook to export" };
  return output ? { input, output } : { input };
}

export const exportCommand: Command = async (args) => {
  if (args.includes("-h") || args.includes("--help")) {
    process.stdout.write(`${USAGE}\nWrites one self-contained HTML file that shows the notebook and its widgets (rendered from the saved widget state) with no network and no Jupyter.\n`);
    return 0;
  }
  const parsed = parseExportArgs(args);
  if ("error" in parsed) {
    process.stderr.write(`duellab export: ${parsed.error}.\n${USAGE}\n`);
    return 2;
  }
  try {
    const r = await exportNotebook(parsed.input, parsed.output ? { output: parsed.output } : {});
    const mb = (r.bytes / 1024 / 1024).toFixed(1);
    process.stdout.write(`wrote ${r.output} (${mb} MB, offline): ${r.widgetViews} widget view(s), ${r.widgetModels} saved widget model(s)\n`);
    for (const u of r.removed) process.stdout.write(`  removed (network): ${u}\n`);
    for (const n of r.notes) process.stdout.write(`  note: ${n}\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`duellab export: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
};
