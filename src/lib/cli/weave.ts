// `duellab weave`: one weave from the shell. Defaults to the offline demo models, so it runs with
// no key and no network; prints the summary line and any warning, and can write the result JSON.
import fs from "node:fs";
import type { Command } from "./types";
import type { SlotInput } from "../slot/slot";
import { mistake, type Options, walkArgs, wantsHelp } from "./args";
import { parseSlotSpec } from "./slot-spec";

export { parseSlotSpec };

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

export const WEAVE_OPTIONS: Options = {
  question: { type: "string", short: "q" },
  a: { type: "string" },
  b: { type: "string" },
  judge: { type: "string" },
  "max-claims": { type: "string" },
  models: { type: "string" },
  "judge-runs": { type: "string" },
  "keep-rule": { type: "string" },
  json: { type: "string" },
};

export function parseWeaveArgs(args: string[]): WeaveArgs | { error: string } {
  const out: WeaveArgs = { a: { provider: "demo", model: "atlas" }, b: { provider: "demo", model: "beacon" }, judge: { provider: "demo", model: "judge" } };
  const walk = walkArgs(args, WEAVE_OPTIONS, ({ name, raw, value = "" }) => {
    if (name === "question") out.question = value;
    else if (name === "json") out.json = value;
    else if (name === "models") {
      const slots: SlotInput[] = [];
      for (const spec of value.split(",")) {
        const slot = parseSlotSpec(raw, spec);
        if ("error" in slot) return slot.error;
        slots.push(slot);
      }
      if (slots.length < 2) return `--models takes two or more provider:model specs separated by commas, got "${value}"`;
      out.models = slots;
    } else if (name === "judge-runs") {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) return `--judge-runs takes a whole number of 1 or more, got "${value}"`;
      out.judgeRuns = n;
    } else if (name === "keep-rule") {
      if (value !== "majority" && value !== "all" && value !== "any") return `--keep-rule is majority, all or any, got "${value}"`;
      out.keepRule = value;
    } else if (name === "max-claims") {
      const n = Number(value);
      if (!Number.isInteger(n)) return `--max-claims takes a whole number, got "${value}"`;
      out.maxClaims = n;
    } else {
      const slot = parseSlotSpec(raw, value);
      if ("error" in slot) return slot.error;
      out[name as "a" | "b" | "judge"] = slot;
    }
    return null;
  });
  if (walk.help) return { error: "-h/--help prints the usage (`duellab weave --help`) and runs nothing" };
  return walk.error ? { error: walk.error } : out;
}

export const weaveCommand: Command = async (args) => {
  if (wantsHelp(args, WEAVE_OPTIONS)) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const parsed = parseWeaveArgs(args);
  if ("error" in parsed) {
    process.stderr.write(`${mistake("weave", parsed.error)}\n${USAGE}\n`);
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
