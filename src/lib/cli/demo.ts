// `duellab demo`: the main job without a browser. One weave and one graphite on the offline demo
// models, each written as a self-contained HTML file; prints where they are and their summaries.
import path from "node:path";
import { weave } from "../weave/run";
import { graphite } from "../graphite/run";
import { buildLogCsv } from "../graphite/buildlog";
import { DEMO_QUESTIONS } from "../demo/questions";
import { exportHtml } from "../export/html";
import { sharedSandbox } from "../sandbox";
import { mistake, walkArgs } from "./args";

const USAGE =
  "usage: duellab demo [--out dir]\n" +
  "Runs one weave and one graphite on the offline demo models and writes them as weave.html and graphite.html in --out (default ./out).";

export async function demoCommand(args: string[]): Promise<number> {
  let out = "out";
  const walk = walkArgs(args, { out: { type: "string", missing: "needs a folder, e.g. --out out" } }, ({ value }) => {
    if (value) out = value;
  });
  if (walk.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (walk.error) {
    process.stderr.write(`${mistake("demo", walk.error)}\n${USAGE}\n`);
    return 2;
  }
  const outDir = path.resolve(out);

  const w = await weave({
    question: DEMO_QUESTIONS[0]!,
    a: { provider: "demo", model: "atlas" },
    b: { provider: "demo", model: "beacon" },
    judge: { provider: "demo", model: "judge" },
    display: false,
  });
  const weaveFile = await exportHtml(w, path.join(outDir, "weave.html"));

  let g = await graphite({
    csv: buildLogCsv(),
    question: "What happened to build times over this period, and is any stack an outlier?",
    a: { provider: "demo", model: "analyst" },
    b: { provider: "demo", model: "crasher" },
    judge: { provider: "demo", model: "judge" },
    display: false,
  });
  if (g.charts.b.run.status === "error") g = await g.repair("b");
  const graphiteFile = await exportHtml(g, path.join(outDir, "graphite.html"));
  await (await sharedSandbox()).close();

  process.stdout.write(
    [
      "duellab demo (offline demo models; open the files in any browser, no network needed):",
      `  ${String(w)}`,
      `    → ${weaveFile}`,
      `  ${String(g)}`,
      `    → ${graphiteFile}`,
      "",
    ].join("\n"),
  );
  return 0;
}
