// `duellab export notebook.ipynb [-o out.html]`: one offline HTML file, widgets included.
import type { Command } from "./types";
import { exportNotebook } from "../export/notebook.js";
import { fileAndOutput, mistake, type Options, wantsHelp } from "./args";

const USAGE = "usage: duellab export notebook.ipynb [-o out.html]";

const EXPORT_OPTIONS: Options = { output: { type: "string", short: "o", missing: "needs a file name, e.g. -o comparison.html" } };

export function parseExportArgs(args: string[]): { input: string; output?: string } | { error: string } {
  const r = fileAndOutput(args, EXPORT_OPTIONS, "notebook");
  if ("error" in r && r.error.startsWith("-h/--help")) return { error: "-h/--help prints the usage (`duellab export --help`) and exports nothing" };
  if ("error" in r && r.error.startsWith("give the")) return { error: "give the notebook to export" };
  return r;
}

export const exportCommand: Command = async (args) => {
  if (wantsHelp(args, EXPORT_OPTIONS)) {
    process.stdout.write(
      `${USAGE}\nWrites one self-contained HTML file that shows the notebook and its widgets (rendered from the saved widget state) with no network and no Jupyter.\n`,
    );
    return 0;
  }
  const parsed = parseExportArgs(args);
  if ("error" in parsed) {
    process.stderr.write(`${mistake("export", parsed.error)}\n${USAGE}\n`);
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
