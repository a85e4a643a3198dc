// `duellab weave`: one weave from the shell. Defaults to the offline demo models, so it runs with
// no key and no network; prints the summary line and any warning, and can write the result JSON.
import fs from "node:fs";
import type { Command } from "./types";
import type { SlotInput } from "../slot/slot";
import { PROVIDERS } from "../schema/common";

const USAGE =
  'usage: duellab weave [--question "..."] [--a provider:model[@baseUrl]] [--b ...] [--judge ...] [--max-claims 12] [--models demo:atlas,demo:beacon,demo:cedar] [--judge-runs K] [--keep-rule majority|all|any] [--json out.json]\n' +
  "defaults: demo:atlas, demo:beacon, demo:judge and the first demo question; keys come from the provider's environment variable.";

export interface WeaveArgs {
  question?: string;
  a: SlotInput;
  b: SlotInput;
  judge: SlotInput;
  maxClaims?: number;
  /** Two or more slots: the N-model form (replaces --a/--b). */
  models?: SlotInput[];
  judgeRuns?: number;
  keepRule?: "majority" | "all" | "any";
  json?: string;
}

/** "demo:atlas", "ollama:llama3.2", "custom:my-model@http://127.0.0.1:8000/v1". */
export function parseSlotSpec(flag: string, spec: string): SlotInput | { error: string } {
  const m = /^([a-z]+):([^@]+?)(?:@(\S+))?$/.exec(spec.trim());
  if (!m || !(PROVIDERS as readonly string[]).includes(m[1]!)) {
    return { error: `${flag} takes provider:model (provider one of ${PROVIDERS.join(", ")}), e.g. ${flag} demo:atlas; got "${spec}"` };
  }
  return { provider: m[1] as SlotInput["provider"], model: m[2]!, ...(m[3] ? { baseUrl: m[3] } : {}) };
}

export function parseWeaveArgs(args: string[]): WeaveArgs | { error: string } {
  const out: WeaveArgs = { a: { provider: "demo", model: "atlas" }, b: { provider: "demo", model: "beacon" }, judge: { provider: "demo", model: "judge" } };
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!;
    const value = args[i + 1];
    if (!["--question", "-q", "--a", "--b", "--judge", "--max-claims", "--models", "--judge-runs", "--keep-rule", "--json"].includes(flag)) return { error: `unknown option ${flag}` };
    if (value === undefined) return { error: `${flag} needs a value` };
    i++;
    if (flag === "--question" || flag === "-q") out.question = value;
    else if (flag === "--json") out.json = value;
    else if (flag === "--models") {
      const slots: SlotInput[] = [];
      for (const spec of value.split(",")) {
        const slot = parseSlotSpec(flag, spec);
        if ("error" in slot) return slot;
        slots.push(slot);
      }
      if (slots.length < 2) return { error: `--models takes two or more provider:model specs separated by commas, got "${value}"` };
      out.models = slots;
    } else if (flag === "--judge-runs") {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) return { error: `--judge-runs takes a whole number of 1 or more, got "${value}"` };
      out.judgeRuns = n;
    } else if (flag === "--keep-rule") {
      if (value !== "majority" && value !== "all" && value !== "any") return { error: `--keep-rule is majority, all or any, got "${value}"` };
      out.keepRule = value;
    } else if (flag === "--max-claims") {
      const n = Number(value);
      if (!Number.isInteger(n)) return { error: `--max-claims takes a whole number, got "${value}"` };
      out.maxClaims = n;
    } else {
      const slot = parseSlotSpec(flag, value);
      if ("error" in slot) return slot;
      out[flag.slice(2) as "a" | "b" | "judge"] = slot;
    }
  }
  return out;
}

export const weaveCommand: Command = async (args) => {
  if (args.includes("-h") || args.includes("--help")) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const parsed = parseWeaveArgs(args);
  if ("error" in parsed) {
    process.stderr.write(`duellab weave: ${parsed.error}.\n${USAGE}\n`);
    return 2;
  }
  const { weave } = await import("../weave/run.js");
  const { DEMO_QUESTIONS } = await import("../demo/questions.js");
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once("SIGINT", onSigint);
  try {
    const result = await weave({
      question: parsed.question ?? DEMO_QUESTIONS[0]!,
      ...(parsed.models ? { models: parsed.models } : { a: parsed.a, b: parsed.b }),
      judge: parsed.judge,
      ...(parsed.judgeRuns !== undefined ? { judgeRuns: parsed.judgeRuns } : {}),
      ...(parsed.keepRule !== undefined ? { keepRule: parsed.keepRule } : {}),
      ...(parsed.maxClaims !== undefined ? { maxClaims: parsed.maxClaims } : {}),
      display: false,
      signal: controller.signal,
    });
    process.stdout.write(`${String(result)}\n`);
    for (const w of result.warnings) process.stdout.write(`warning: ${w}\n`);
    if (parsed.json) {
      fs.writeFileSync(parsed.json, JSON.stringify(result, null, 2) + "\n");
      process.stdout.write(`wrote ${parsed.json}\n`);
    }
    return 0;
  } catch (e) {
    process.stderr.write(`duellab weave: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  } finally {
    process.off("SIGINT", onSigint);
  }
};
