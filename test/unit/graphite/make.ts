// Builders for constructed sandbox measurements (what the sandbox would report for a figure).
import type { FigureMeasure, PlottedSeries, SandboxRun } from "../../../src/lib/schema/sandbox";

export function series(p: Partial<PlottedSeries> & Pick<PlottedSeries, "x" | "y">): PlottedSeries {
  return { axes: 0, kind: "line", label: null, truncated: false, ...p };
}

export function figure(data: PlottedSeries[], p: Partial<FigureMeasure> = {}): FigureMeasure {
  return {
    figsizeIn: [10, 5.5],
    dpi: 110,
    axes: 1,
    lines: data.filter((s) => s.kind === "line").length,
    patches: data.filter((s) => s.kind === "bar").reduce((n, s) => n + s.y.length, 0),
    titles: 1,
    xlabels: 1,
    ylabels: 1,
    legends: 1,
    distinctColors: ["#2563eb", "#e05c4f"],
    overlappingText: 0,
    outsideArtists: 0,
    emptyAxes: 0,
    axisLabels: [{ title: "Build time", xlabel: "date", ylabel: "seconds" }],
    data,
    ...p,
  };
}

export function run(p: Partial<SandboxRun> = {}): SandboxRun {
  return {
    status: "ok",
    pngs: [{ base64: "iVBORw0KGgo=", width: 1100, height: 605, bitDepth: 8, colorType: 6 }],
    figures: [],
    stdout: "",
    stderr: "",
    traceback: null,
    violations: [],
    durationMs: 90,
    layers: { namespaces: { on: true, detail: "bwrap" } },
    notes: [],
    ...p,
  };
}

export const mean = (a: number[]) => a.reduce((s, x) => s + x, 0) / a.length;

/** pandas-style trailing rolling mean; the first w-1 values are NaN (and get dropped when plotted). */
export function rolling(v: number[], w: number): number[] {
  return v.map((_, i) => (i < w - 1 ? NaN : mean(v.slice(i - w + 1, i + 1))));
}
