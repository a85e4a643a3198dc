// `duellab sandbox run snippet.py --csv data.csv [--timeout-ms N] [--json] [--png-dir DIR] [--no-static]`
// `duellab sandbox doctor`
// `run` exits 0 whatever the snippet did; non-zero only when the sandbox itself failed.
import fs from "node:fs";
import path from "node:path";
import type { Command } from "./types";
import { Sandbox } from "../sandbox/sandbox.js";
import { formatDoctor, formatRun } from "../sandbox/report.js";

const USAGE = "usage: duellab sandbox run snippet.py --csv data.csv [--timeout-ms N] [--json] [--png-dir DIR] [--no-static]\n       duellab sandbox doctor";

export interface RunArgs { snippet: string; csv: string | null; timeoutMs: number | null; json: boolean; pngDir: string | null; staticCheck: boolean }

export function parseRunArgs(args: string[]): RunArgs | { error: string } {
  const r: RunArgs = { snippet: "", csv: null, timeoutMs: null, json: false, pngDir: null, staticCheck: true };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--csv" || a === "--timeout-ms" || a === "--png-dir") {
      const v = args[++i];
      if (v === undefined) return { error: `${a} needs a value` };
      if (a === "--csv") r.csv = v;
      else if (a === "--png-dir") r.pngDir = v;
      else {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 100) return { error: `--timeout-ms needs a whole number of milliseconds (at least 100), got "${v}"` };
        r.timeoutMs = n;
      }
    } else if (a === "--json") r.json = true;
    else if (a === "--no-static") r.staticCheck = false;
    else if (a.startsWith("-")) return { error: `unknown option ${a}` };
    else if (r.snippet) return { error: `one snippet at a time (got "${r.snippet}" and "${a}")` };
    else r.snippet = a;
  }
  if (!r.snippet) return { error: "give the Python snippet to run, e.g. duellab sandbox run chart.py --csv data.csv" };
  return r;
}

async function runCommand(args: string[]): Promise<number> {
  const p = parseRunArgs(args);
  if ("error" in p) {
    process.stderr.write(`duellab sandbox run: ${p.error}\n${USAGE}\n`);
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
      r.pngs.forEach((png, i) => fs.writeFileSync(path.join(p.pngDir!, `chart-${i + 1}.png`), Buffer.from(png.base64, "base64")));
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

async function doctorCommand(): Promise<number> {
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
  if (sub === "doctor") return doctorCommand();
  process.stderr.write(`${sub ? `duellab sandbox: unknown subcommand "${sub}"\n` : ""}${USAGE}\n`);
  return sub === "-h" || sub === "--help" ? 0 : 2;
};
