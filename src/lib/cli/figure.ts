// `duellab figure notebook.ipynb|result.json [-o dir]`: every comparison of a saved notebook (or
// one result file) as a figure pair for a research note, `<name>.png` and `<name>.html`, and the
// Markdown, Quarto and MyST snippets that embed each.
import fs from "node:fs";
import path from "node:path";
import type { Command } from "./types";
import { exportFigure } from "../export/figure.js";
import { fileAndOutput, mistake, type Options, wantsHelp } from "./args";

const USAGE = "usage: duellab figure notebook.ipynb|result.json [-o dir]";
const OPTIONS: Options = { output: { type: "string", short: "o", missing: "needs a folder, e.g. -o figures" } };
const STATE_MIME = "application/vnd.jupyter.widget-state+json";

/** The results a file holds: a result JSON, or the duellab widgets saved in a notebook, in output order. */
export function resultsIn(file: string): unknown[] {
  const doc = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
  if (typeof doc.kind === "string") return [doc];
  const state =
    (doc.metadata as Record<string, Record<string, { state?: Record<string, { model_module?: string; state?: { result?: unknown } }> }>> | undefined)
      ?.widgets?.[STATE_MIME]?.state ?? {};
  const order = ((doc.cells as { outputs?: { data?: Record<string, { model_id?: string }> }[] }[] | undefined) ?? []).flatMap((c) =>
    (c.outputs ?? []).map((o) => o.data?.["application/vnd.jupyter.widget-view+json"]?.model_id).filter((id): id is string => !!id),
  );
  return order
    .map((id) => state[id])
    .filter((m) => m?.model_module === "duellab" && m.state?.result)
    .map((m) => m?.state?.result);
}

export const figureCommand: Command = async (args) => {
  if (wantsHelp(args, OPTIONS)) {
    process.stdout.write(
      `${USAGE}\nWrites each comparison as <name>.png (the static view) and <name>.html (the interactive page) and prints how to embed each in Markdown, Quarto and MyST.\n`,
    );
    return 0;
  }
  const parsed = fileAndOutput(args, OPTIONS, "notebook or result file");
  if ("error" in parsed) {
    process.stderr.write(`${mistake("figure", parsed.error)}\n${USAGE}\n`);
    return 2;
  }
  const input = parsed.input;
  const out = parsed.output ?? "figures";
  let results: unknown[];
  try {
    results = resultsIn(input);
  } catch (e) {
    process.stderr.write(
      `duellab figure: ${input} could not be read as a notebook or result JSON (${e instanceof Error ? e.message : String(e)}); give a saved .ipynb or a result .json.\n`,
    );
    return 1;
  }
  if (!results.length) {
    process.stderr.write(
      `duellab figure: ${input} holds no saved duellab result (a notebook keeps them only with its widget state saved); run its cells and save it in JupyterLab, or execute it with nbconvert --execute.\n`,
    );
    return 1;
  }
  const stem = path.basename(input).replace(/\.(ipynb|json)$/i, "");
  for (const [i, r] of results.entries()) {
    const kind = (r as { kind?: string }).kind ?? "result";
    const f = await exportFigure(r, path.join(out, results.length > 1 ? `${stem}-${i + 1}-${kind}` : `${stem}-${kind}`), { noteDir: "." });
    process.stdout.write(
      `wrote ${f.png} and ${f.html}\n  Markdown: ${f.snippets.markdown}\n  Quarto:\n${f.snippets.quarto.replace(/^/gm, "    ")}\n  MyST:\n${f.snippets.myst.replace(/^/gm, "    ")}\n`,
    );
  }
  return 0;
};
