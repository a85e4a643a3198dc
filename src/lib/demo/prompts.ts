// Reading the prompt formats the builders and the demo judge agree on (see the shared contract).
// Pure: a prompt in, its parts out, or null when the prompt is not of that kind.

export interface ExtractPrompt {
  label: string;
  answer: string;
  max: number;
}

export function readExtract(prompt: string): ExtractPrompt | null {
  if (!/split the following answer into atomic claims/i.test(prompt)) return null;
  const m = /ANSWER FROM MODEL ([^:\n]+):\s*\n"""\n([\s\S]*?)\n"""/.exec(prompt);
  if (!m) return null;
  const max = /at most (\d+) items/i.exec(prompt) ?? /max (\d+) items/i.exec(prompt);
  return { label: m[1]!.trim(), answer: m[2]!, max: max ? Number(max[1]) : 12 };
}

export interface ClassifyPrompt {
  a: string[];
  b: string[];
  max: number;
}

function list(block: string): string[] {
  const out: string[] = [];
  for (const line of block.split("\n")) {
    const m = /^\s*\[(\d+)\]\s?(.*)$/.exec(line);
    if (m) out[Number(m[1])] = m[2]!.trim();
  }
  return Array.from(out, (x) => x ?? "");
}

export function readClassify(prompt: string): ClassifyPrompt | null {
  const a = /MODEL A CLAIMS:\s*\n([\s\S]*?)\nMODEL B CLAIMS:/.exec(prompt);
  const b = /MODEL B CLAIMS:\s*\n([\s\S]*?)(?:\n\[run-nonce:|\n\[attempt:|$)/.exec(prompt);
  if (!a || !b) return null;
  const max = /at most (\d+) pairs/i.exec(prompt);
  return { a: list(a[1]!), b: list(b[1]!), max: max ? Number(max[1]) : 30 };
}

/** The measured facts of one chart, as the graphite judge prompt lists them ("- key: value"). */
export type ChartFacts = Record<string, string>;

export function readChartJudge(prompt: string): { a: ChartFacts; b: ChartFacts } | null {
  const blocks = prompt.split(/^CHART ([AB]) — measured properties of the rendered figure:\s*$/m);
  if (blocks.length < 5) return null;
  const facts: Partial<Record<"A" | "B", ChartFacts>> = {};
  for (let i = 1; i + 1 < blocks.length; i += 2) {
    const f: ChartFacts = {};
    for (const line of blocks[i + 1]!.split("\n")) {
      const m = /^\s*-\s*([^:]+):\s*(.*)$/.exec(line);
      if (m) f[m[1]!.trim().toLowerCase()] = m[2]!.trim();
      else if (Object.keys(f).length && line.trim() && !line.startsWith(" ")) break;
    }
    facts[blocks[i] as "A" | "B"] = f;
  }
  return facts.A && facts.B ? { a: facts.A, b: facts.B } : null;
}

/** The run nonce in a prompt, or "" (the unstable judge varies its answer by it). */
export function nonceOf(prompt: string): string {
  return /\[run-nonce:\s*([^\]]+)\]/.exec(prompt)?.[1]?.trim() ?? /\(run nonce:\s*([^)]+)\)/.exec(prompt)?.[1]?.trim() ?? "";
}

export function isRepairPrompt(prompt: string): boolean {
  return prompt.includes("It crashed with this Python traceback");
}
