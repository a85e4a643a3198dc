// `duellab sandbox run snippet.py --csv data.csv [--timeout-ms N] [--json] [--png-dir DIR] [--no-static]`
// `duellab sandbox doctor`
// `run` exits 0 whatever the snippet did; non-zero only when the sandbox itself failed.
import fs from "node:fs";
import path from "node:path";
import type { Command } from "./types";
import { Sandbox } from "../sandbox/sandbox.js";
import { formatDoctor, formatRun } from "../sandbox/report.js";
import { mistake, type Options, walkArgs, wantsHelp } from "./args";

const RUN_USAGE =
  "usage: duellab sandbox run snippet.py --csv data.csv [--timeout-ms N] [--json] [--png-dir DIR] [--no-static]\n" +
  "Runs the snippet in the chart sandbox with the CSV as data.csv; prints the run (--json: as JSON), writes its PNGs to --png-dir.\n" +
  "Exits 0 whatever the snippet did; non-zero only when the sandbox itself failed. --no-static skips the static check.";
const DOCTOR_USAGE = "usage: duellab sandbox doctor\nStarts the sandbox, runs a probe and lists every isolation layer on this host, on or OFF, as probed.";
const USAGE = "usage: duellab sandbox run snippet.py --csv data.csv [--timeout-ms N] [--json] [--png-dir DIR] [--no-static]\n       duellab sandbox doctor";

export interface RunArgs {
  snippet: string;
  csv: string | null;
  timeoutMs: number | null;
  json: boolean;
  pngDir: string | null;
  staticCheck: boolean;
}

const RUN_OPTIONS: Options = {
  csv: { type: "string" },
  "timeout-ms": { type: "string" },
  "png-dir": { type: "string" },
  json: { type: "boolean" },
  "no-static": { type: "boolean" },
};

export function parseRunArgs(args: string[]): RunArgs | { error: string } {
  const r: RunArgs = { snippet: "", csv: null, timeoutMs: null, json: false, pngDir: null, staticCheck: true };
  const walk = walkArgs(
    args,
    RUN_OPTIONS,
    ({ name, value = "" }) => {
      if (name === "csv") r.csv = value;
      else if (name === "png-dir") r.pngDir = value;
      else if (name === "json") r.json = true;
      else if (name === "no-static") r.staticCheck = false;
      else {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 100) return `--timeout-ms needs a whole number of milliseconds (at least 100), got "${value}"`;
        r.timeoutMs = n;
      }
      return null;
    },
    (value) => {
      if (r.snippet) return `one snippet at a time (got "${r.snippet}" and "${value}")`;
      r.snippet = value;
      return null;
    },
  );
  if (walk.help) return { error: "-h/--help prints the usage (`duellab sandbox run --help`) and runs nothing" };
  if (walk.error) return { error: walk.error };
  if (!r.snippet) return { error: "give the Python snippet to run, e.g. duellab sandbox run chart.py --csv data.csv" };
  return r;
}

async function runCommand(args: string[]): Promise<number> {
  if (wantsHelp(args, RUN_OPTIONS)) {
    process.stdout.write(`${RUN_USAGE}\n`);
    return 0;
  }
  const p = parseRunArgs(args);
  if ("error" in p) {
    process.stderr.write(`${mistake("sandbox run", p.error)}\n${USAGE}\n`);
    return 2;
  }
  for (const f of [p.snippet, p.csv]) {
    if (f && !fs.existsSync(f)) {
      process.stderr.write(`duellab sandbox run: ${f} does not exist; give the path of an existing file.\n`);
      return 2;
    }
  }
  const files: Record<string, Uint8Array> = {};
  if (p.csv) files["data.csv"] = fs.readFileSync(p.csv);
  let sb: Sandbox | null = null;
  try {
    sb = await Sandbox.start();
    const r = await sb.run({ code: fs.readFileSync(p.snippet, "utf8"), files, timeoutMs: p.timeoutMs ?? undefined, staticCheck: p.staticCheck });
    if (p.pngDir) {
      fs.mkdirSync(p.pngDir, { recursive: true });
      for (const [i, png] of r.pngs.entries()) fs.writeFileSync(path.join(p.pngDir, `chart-${i + 1}.png`), Buffer.from(png.base64, "base64"));
    }
    process.stdout.write((p.json ? JSON.stringify(r, null, 2) : formatRun(r)) + "\n");
    return 0;
  } catch (e) {
    process.stderr.write(`duellab sandbox run: ${(e as Error).message}\n`);
    return 1;
  } finally {
    await sb?.close();
  }
}

async function doctorCommand(args: string[]): Promise<number> {
  const walk = walkArgs(args, {}, () => null);
  if (walk.help) {
    process.stdout.write(`${DOCTOR_USAGE}\n`);
    return 0;
  }
  if (walk.error) {
    process.stderr.write(`${mistake("sandbox doctor", walk.error)}\n${DOCTOR_USAGE}\n`);
    return 2;
  }
  let sb: Sandbox | null = null;
  try {
    sb = await Sandbox.start();
    const probe = await sb.run({ code: "print('ok')", staticCheck: false });
    const lines = [
      `sandbox started in ${Math.round(sb.startMs)} ms (${sb.underBwrap ? "under bubblewrap" : "without bubblewrap"}); a probe run took ${probe.durationMs} ms.`,
      "isolation layers on this host (probed, not assumed):",
      ...formatDoctor(probe.layers, process.platform),
    ];
    process.stdout.write(lines.join("\n") + "\n");
    return 0;
  } catch (e) {
    process.stderr.write(`duellab sandbox doctor: ${(e as Error).message}\n`);
    return 1;
  } finally {
    await sb?.close();
  }
}

export const sandboxCommand: Command = async (args) => {
  const [sub, ...rest] = args;
  if (sub === "run") return runCommand(rest);
  if (sub === "doctor") return doctorCommand(rest);
  if (sub === "-h" || sub === "--help") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  process.stderr.write(`${sub ? `duellab sandbox: unknown subcommand "${sub}"; the subcommands are run and doctor.\n` : ""}${USAGE}\n`);
  return 2;
};
