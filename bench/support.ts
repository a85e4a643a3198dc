// What every bench prints the same way: the machine's load beside its figures (these machines are
// shared, so a ratio measured side by side is the figure to trust), and one way to run a bench's
// main that exits non-zero only when the bench itself could not run.
import os from "node:os";

/** The load line, and a warning when the box is busier than its cores. */
export function reportLoad(tag: string): void {
  if (os.loadavg()[0]! > os.cpus().length)
    console.log(`${tag}: the machine is busier than its core count: absolute times are inflated; the ratios are measured side by side`);
  console.log(
    `${tag}: machine load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")} on ${os.cpus().length} cores`,
  );
}

/** Run a bench's main: its exit code, or 1 with one sentence when it could not run. */
export function runBench(tag: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (e) => {
      console.error(`${tag} bench could not run: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    },
  );
}
