// The coder prompt (byte-identical for A and B) and the repair prompt. Pure. Every prompt carries
// the run's nonce so a provider cache can never hand back an earlier run's answer, and every
// repair carries its attempt number so two repairs of the same crash are still distinct prompts.
import { randomBytes } from "node:crypto";
import type { CsvData } from "./csv";

export const CODER_INSTRUCTION =
  "Write Python code using pandas and matplotlib that produces the single most insightful chart of this data.";
export const SAVE_INSTRUCTION =
  'Save the figure as PNG, either to a file such as plt.savefig("chart.png") or to stdout with fig.savefig(sys.stdout.buffer, format="png").';
export const ONLY_CODE = "Output only code. No explanations, no markdown fences.";
export const REPAIR_MARKER = "It crashed with this Python traceback:";
export const REFUSED_MARKER = "It was refused before running by the sandbox's static check:";
export const REPAIR_INSTRUCTION = "Return corrected Python code only. Output only code, no markdown fences.";

export function newNonce(): string {
  return randomBytes(8).toString("hex");
}

export function buildCoderPrompt(o: { csv: Pick<CsvData, "rowCount" | "preview">; question: string; nonce: string }): string {
  const shown = Math.min(o.csv.rowCount, 25);
  return [
    `Here is data.csv (${o.csv.rowCount} data rows). The header and the first ${shown} rows:`,
    "",
    o.csv.preview,
    ...(o.csv.rowCount > shown ? ["..."] : []),
    "",
    "The full file is at ./data.csv.",
    "",
    `Task: ${o.question}`,
    "",
    CODER_INSTRUCTION,
    SAVE_INSTRUCTION,
    ONLY_CODE,
    "",
    `[run-nonce: ${o.nonce}]`,
  ].join("\n");
}

/**
 * One repair pass: the original prompt, the code that failed and what the sandbox said, verbatim.
 * A run refused by the static check has no traceback; the rule it broke stands in its place.
 */
export function buildRepairPrompt(o: {
  basePrompt: string;
  code: string;
  traceback: string | null;
  refusal?: string | null;
  attempt: number;
}): string {
  const failure = o.traceback
    ? [REPAIR_MARKER, "", o.traceback.trimEnd()]
    : o.refusal
      ? [REFUSED_MARKER, "", o.refusal]
      : [REPAIR_MARKER, "", "(no traceback: the code ran but produced no figure)"];
  return [
    o.basePrompt,
    "",
    "Your previous attempt was:",
    "```python",
    o.code.trimEnd(),
    "```",
    ...failure,
    "",
    REPAIR_INSTRUCTION,
    `[repair-attempt: ${o.attempt}]`,
  ].join("\n");
}
