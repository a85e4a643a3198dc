// What the judge is told about a chart: only what the sandbox measured from the rendered figure
// and what the faithfulness check found. Never pixels, never the model's code or its comments:
// a chart with no axis labels cannot argue its way to a good clarity score. Pure.
import type { Faithfulness } from "../schema/graphite";
import type { SandboxRun } from "../schema/sandbox";
import { faithfulnessLine } from "./faithfulness";

const yesNo = (n: number) => (n > 0 ? "yes" : "no");

/** The measured-properties block for one chart, in the format the judge prompt promises. */
export function chartFacts(side: "a" | "b", run: SandboxRun, faith: Faithfulness, note?: string | null): string {
  const head = `CHART ${side.toUpperCase()} — measured properties of the rendered figure:`;
  const figs = run.figures;
  const lines = [head, `- status: ${run.status}`];
  if (note) lines.push(`- note: ${note}`);
  if (run.status === "blocked" && run.violations.length) {
    lines.push(`- refused before running: ${run.violations.map((v) => `${v.rule} (line ${v.line}: ${v.detail})`).join("; ")}`);
  }
  if (run.traceback) {
    const last = run.traceback.trimEnd().split("\n").pop() ?? "";
    lines.push(`- error: ${last}`);
  }
  if (figs.length === 0) {
    // Nothing was measured: say n/a rather than 0, which would be a measurement.
    for (const label of [
      "axes",
      "line objects",
      "patch objects",
      "distinct colours",
      "title present",
      "x-axis label present",
      "y-axis label present",
      "legend present",
      "overlapping text",
    ]) {
      lines.push(`- ${label}: n/a`);
    }
  } else {
    const sum = (f: (m: (typeof figs)[number]) => number) => figs.reduce((s, m) => s + f(m), 0);
    const colours = [...new Set(figs.flatMap((m) => m.distinctColors))];
    if (figs.length > 1) lines.push(`- figures: ${figs.length} (counts below are totals)`);
    const png = run.pngs[0];
    if (png) lines.push(`- image: ${png.width}x${png.height} px`);
    const f0 = figs[0]!;
    lines.push(`- figure size: ${f0.figsizeIn[0]}x${f0.figsizeIn[1]} in at ${f0.dpi} DPI`);
    lines.push(`- axes: ${sum((m) => m.axes)}`);
    lines.push(`- line objects: ${sum((m) => m.lines)}`);
    lines.push(`- patch objects: ${sum((m) => m.patches)}`);
    lines.push(`- distinct colours: ${colours.length}${colours.length ? ` (${colours.slice(0, 12).join(", ")}${colours.length > 12 ? ", ..." : ""})` : ""}`);
    lines.push(`- title present: ${yesNo(sum((m) => m.titles))}`);
    lines.push(`- x-axis label present: ${yesNo(sum((m) => m.xlabels))}`);
    lines.push(`- y-axis label present: ${yesNo(sum((m) => m.ylabels))}`);
    lines.push(`- legend present: ${yesNo(sum((m) => m.legends))}`);
    // A layout count the sandbox could not measure is null: the total is then unknown, "n/a".
    const total = (f: (m: (typeof figs)[number]) => number | null) => (figs.some((m) => f(m) === null) ? "n/a" : sum((m) => f(m) ?? 0));
    lines.push(`- overlapping text: ${total((m) => m.overlappingText)}`);
    const outside = total((m) => m.outsideArtists);
    const empty = sum((m) => m.emptyAxes);
    if (outside !== 0) lines.push(`- text outside the figure: ${outside}`);
    if (empty) lines.push(`- empty axes: ${empty}`);
    const series = figs.flatMap((m) => m.data);
    if (series.length) {
      const kinds = ["line", "bar", "scatter", "heatmap"].map((k) => [k, series.filter((s) => s.kind === k)] as const).filter(([, s]) => s.length);
      lines.push(`- plotted series: ${kinds.map(([k, s]) => `${s.length} ${k} (${s.map((x) => x.y.length).join("/")} points)`).join(", ")}`);
    }
  }
  lines.push(`- faithfulness: ${faithfulnessLine(faith)}`);
  return lines.join("\n");
}
