// The sandbox faithfulness tests' shared pieces: a tips-like table (days, who paid, optionally
// smoker, bill, tip, party size) read by graphite's reader, and one chart body drawn for real with
// pandas, numpy, matplotlib and seaborn in the shared sandbox, as a graphite run hands it the CSV
// (or any code run as it stands with the CSV beside it).
// Not pure: it runs the sandbox.
import assert from "node:assert/strict";
import { readCsv, type CsvData } from "../../../src/lib/graphite/csv";
import { sharedSandbox } from "../../../src/lib/sandbox/sandbox";
import type { SandboxRun } from "../../../src/lib/schema/sandbox";

const HEAD = 'import pandas as pd\nimport numpy as np\nimport matplotlib\nmatplotlib.use("Agg")\nimport matplotlib.pyplot as plt\nimport seaborn as sns\n';

/** 160 meals on four days; `smoker` adds a Yes/No column between sex and the bill. */
export function tipsLike(o: { smoker?: boolean } = {}): CsvData {
  const rows = [`day,sex,${o.smoker ? "smoker," : ""}total_bill,tip,size`];
  const days = ["Thur", "Fri", "Sat", "Sun"];
  for (let i = 0; i < 160; i++) {
    const bill = 8 + ((i * 7919) % 3000) / 100;
    const tip = Math.round(bill * (0.1 + ((i * 31) % 10) / 100) * 100) / 100;
    const smoker = o.smoker ? `${Math.floor(i / 8) % 2 ? "Yes" : "No"},` : "";
    rows.push(`${days[i % 4]},${Math.floor(i / 4) % 2 ? "Female" : "Male"},${smoker}${bill.toFixed(2)},${tip},${1 + (Math.floor(i / 16) % 5)}`);
  }
  return readCsv(rows.join("\n") + "\n");
}

/** `code` run as it stands with the CSV as data.csv beside it, as a graphite run hands it over; the run must succeed. */
export async function runWithCsv(csv: CsvData, code: string): Promise<SandboxRun> {
  const sb = await sharedSandbox();
  const run = await sb.run({ code, files: { "data.csv": csv.text } });
  assert.equal(run.status, "ok", run.traceback ?? JSON.stringify(run.violations));
  return run;
}

/** `body` run after `df = pd.read_csv(...)` as graphite tells the models, saved as chart.png; the run must succeed. */
export function drawWithSeaborn(csv: CsvData, body: string): Promise<SandboxRun> {
  return runWithCsv(csv, `${HEAD}df = ${csv.readCall}\n${body}\nplt.savefig("chart.png")`);
}
