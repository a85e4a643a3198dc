// Charts and runs that never happened, said to be so: status error, no traceback, a note saying
// why, faithfulness unchecked. Pure.
import type { Chart } from "../../schema/graphite";
import type { SandboxRun } from "../../schema/sandbox";

/** A run that never happened is said to be one: status error, no traceback, a note saying why. */
export function notRun(reason: string): SandboxRun {
  return {
    status: "error",
    pngs: [],
    figures: [],
    stdout: "",
    stderr: "",
    traceback: null,
    violations: [],
    durationMs: 0,
    layers: {},
    notes: [`not run: ${reason}`],
  };
}

/** A chart before its model answered (error null), or one whose model could not be asked. */
export function emptyChart(error: string | null, latencyMs: number): Chart {
  return {
    code: "",
    run: notRun(error ? "the model could not be asked" : "not yet"),
    usage: { promptTokens: null, completionTokens: null, totalTokens: null },
    reasoningTokens: null,
    latencyMs,
    faithfulness: { verdict: "unchecked", checks: [{ check: "plotted data", status: "unchecked", detail: "no code was run" }] },
    attempts: [],
    error,
  };
}
