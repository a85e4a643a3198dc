// `duellab fallbacks notebook.ipynb [-o out.ipynb]`: give a saved notebook the static views its
// duellab outputs lack (a notebook saved by an older duellab): a picture and the numbers beside
// each widget, drawn from its saved widget state. Adds outputs only; writes in place unless -o.
import fs from "node:fs";
import path from "node:path";
import type { Command } from "./types";
import { addFallbacks } from "../export/notebook-fallbacks.js";
import { fileAndOutput, mistake, type Options, wantsHelp } from "./args";

const USAGE = "usage: duellab fallbacks notebook.ipynb [-o out.ipynb]";
const OPTIONS: Options = { output: { type: "string", short: "o", missing: "needs a file name, e.g. -o with-fallbacks.ipynb" } };

export const fallbacksCommand: Command = async (args) => {
  if (wantsHelp(args, OPTIONS)) {
    process.stdout.write(
      `${USAGE}\nAdds to each duellab output of a saved notebook the picture and the numbers that viewers without the widget show (GitHub, nbviewer, an offline page, a PDF), drawn from the saved widget state. Nothing already there is changed.\n`,
    );
    return 0;
  }
  const parsed = fileAndOutput(args, OPTIONS, "notebook");
  if ("error" in parsed) {
    process.stderr.write(`${mistake("fallbacks", parsed.error)}\n${USAGE}\n`);
    return 2;
  }
  const input = parsed.input;
  let nb: Parameters<typeof addFallbacks>[0];
  try {
    nb = JSON.parse(fs.readFileSync(input, "utf8"));
  } catch (e) {
    process.stderr.write(`duellab fallbacks: ${input} could not be read as a notebook (${e instanceof Error ? e.message : String(e)}); give a saved .ipynb.\n`);
    return 1;
  }
  const r = await addFallbacks(nb);
  const out = path.resolve(parsed.output ?? input);
  if (r.added) fs.writeFileSync(out, `${JSON.stringify(nb, null, 1)}\n`);
  process.stdout.write(
    `${r.added ? `wrote ${out}: ` : "nothing to add: "}${r.added} output(s) got their static views, ${r.present} already had them${r.missing ? `, ${r.missing} hold no saved result (run them and save the notebook with widget state)` : ""}\n`,
  );
  return 0;
};
