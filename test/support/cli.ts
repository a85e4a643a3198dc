// Runs `duellab <args>` for many argument lists in ONE child process (Node with tsx), each through
// the real entry point (src/lib/cli/index.ts `main`), and returns what each printed and its exit
// code. One start-up for a whole table of --help and bad-flag cases instead of one per case.
import { spawnSync } from "node:child_process";
import path from "node:path";

export interface CliOutcome {
  code: number;
  out: string;
  err: string;
}

const root = path.resolve(__dirname, "../..");

const CHILD = `
const { main } = require("./src/lib/cli/index");
(async () => {
  const cases = JSON.parse(process.argv[1]);
  const results = [];
  const realOut = process.stdout.write.bind(process.stdout);
  const realErr = process.stderr.write.bind(process.stderr);
  for (const args of cases) {
    let out = "", err = "";
    process.stdout.write = (s) => { out += s; return true; };
    process.stderr.write = (s) => { err += s; return true; };
    let code;
    try { code = await main(args); } finally { process.stdout.write = realOut; process.stderr.write = realErr; }
    results.push({ code, out, err });
  }
  realOut(JSON.stringify(results));
})();
`;

export function duellabMany(cases: string[][]): CliOutcome[] {
  const r = spawnSync(process.execPath, ["--import", "tsx", "-e", CHILD, JSON.stringify(cases)], { cwd: root, encoding: "utf8", timeout: 120_000 });
  if (r.status !== 0) throw new Error(`the CLI child failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout) as CliOutcome[];
}
