// The coder prompt (byte-identical for A and B) and the repair prompt. Pure. Every prompt carries
// the run's nonce so a provider cache can never hand back an earlier run's answer, and every
// repair carries its attempt number so two repairs of the same crash are still distinct prompts.
import { randomBytes } from "node:crypto";
import type { CsvData } from "./csv";

export const CODER_INSTRUCTION = "Write Python code using pandas and matplotlib that produces the single most insightful chart of this data.";
export const SAVE_INSTRUCTION =
  'Save the figure as PNG, either to a file such as plt.savefig("chart.png") or to stdout with fig.savefig(sys.stdout.buffer, format="png").';
export const ONLY_CODE = "Output only code. No explanations, no markdown fences.";
export const REPAIR_MARKER = "It crashed with this Python traceback:";
export const REFUSED_MARKER = "It was refused before running by the sandbox's static check:";
export const REPAIR_INSTRUCTION = "Return corrected Python code only. Output only code, no markdown fences.";

export function newNonce(): string {
  return randomBytes(8).toString("hex");
}

/** How the models must read the file: the call graphite read it with, and why when not plain. */
export function readInstruction(csv: Partial<Pick<CsvData, "readCall" | "sep" | "decimal">>): string {
  const call = csv.readCall ?? 'pd.read_csv("data.csv")';
  const sepName: Record<string, string> = { ";": "semicolons", "\t": "tabs", "|": "pipes" };
  const why = [
    ...(csv.sep && csv.sep !== "," ? [`fields are separated by ${sepName[csv.sep] ?? JSON.stringify(csv.sep)}`] : []),
    ...(csv.decimal === "," ? ["numbers use a decimal comma"] : []),
  ];
  return `Read it with ${call}${why.length ? ` (${why.join(" and ")})` : ""}.`;
}

export function buildCoderPrompt(o: {
  csv: Pick<CsvData, "rowCount" | "preview"> & Partial<Pick<CsvData, "readCall" | "sep" | "decimal">>;
  question: string;
  nonce: string;
}): string {
  const shown = Math.min(o.csv.rowCount, 25);
  return [
    `Here is data.csv (${o.csv.rowCount} data rows). The header and the first ${shown} rows:`,
    "",
    o.csv.preview,
    ...(o.csv.rowCount > shown ? ["..."] : []),
    "",
    "The full file is at ./data.csv.",
    readInstruction(o.csv),
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
export function buildRepairPrompt(o: { basePrompt: string; code: string; traceback: string | null; refusal?: string | null; attempt: number }): string {
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
