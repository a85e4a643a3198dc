// Prints issue 20's targets from one corpus run's output folder (run.ts): correct charts called
// unfaithful (each with its failed checks' details), faithful / unchecked shares of the correct
// charts that ran, twins that draw other data and how many are caught (unfaithful) overall and per
// kind, twins called faithful (each listed: a bug), and the check's time (median / p90 / p99 /
// worst) overall and on diamonds alone. Usage: node --import tsx scripts/corpus/summary.ts <out>.
// Not pure: reads the folder and prints.
import type { Result } from "./record";
import { readOut } from "./record";
import { fmtMs, pct, percentile } from "./stats";

const failed = (r: Result) =>
  r.checks
    .filter((c) => c.status === "fail")
    .map((c) => `${c.check}: ${c.detail}`)
    .join(" | ");

function timing(label: string, rs: Result[]): string {
  const ms = rs.map((r) => r.checkMs).filter((m): m is number => m !== null);
  const stopped = rs.filter((r) => r.timedOut).length;
  const q = (p: number) => fmtMs(percentile(ms, p));
  return `${label} (${ms.length} checks timed${stopped ? `, ${stopped} stopped at the 5 s limit` : ""}): median ${q(50)}, p90 ${q(90)}, p99 ${q(99)}, worst ${q(100)}, over 1 s: ${ms.filter((m) => m > 1000).length}`;
}

function main(): void {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: summary.ts <out dir>");
  const { meta, results } = readOut(dir);
  const out: string[] = [];
  if (meta) {
    out.push(`src ${meta.srcCommit.slice(0, 10)} (${meta.src}); seaborn ${meta.seabornCommit.slice(0, 10)}${meta.only ? `; only ${meta.only}` : ""}`);
    out.push(`run ${meta.startedAt} → ${meta.finishedAt} (${meta.wallSeconds} s); 1-min load as checks started: ${meta.loadDuringChecks.join(", ")}`);
    out.push(
      `skipped at extraction: ${Object.entries(meta.skipped)
        .map(([k, n]) => `${n} ${k}`)
        .join("; ")}`,
    );
  }
  const correct = results.filter((r) => r.kind === "correct");
  const ran = correct.filter((r) => r.run.status === "ok");
  const notRun = correct.filter((r) => r.run.status !== "ok");
  const byStatus = new Map<string, number>();
  for (const r of notRun) byStatus.set(r.run.status, (byStatus.get(r.run.status) ?? 0) + 1);
  const count = (rs: Result[], v: Result["verdict"]) => rs.filter((r) => r.verdict === v).length;
  out.push("");
  out.push(`correct charts: ${correct.length}, ran ${ran.length} (not run: ${[...byStatus].map(([s, n]) => `${n} ${s}`).join(", ") || "none"})`);
  out.push(
    `  faithful ${count(ran, "faithful")} (${pct(count(ran, "faithful"), ran.length)}), unchecked ${count(ran, "unchecked")} (${pct(count(ran, "unchecked"), ran.length)}), unfaithful ${count(ran, "unfaithful")} (${pct(count(ran, "unfaithful"), ran.length)})${count(ran, "partly") ? `, partly ${count(ran, "partly")}` : ""}`,
  );
  for (const r of ran.filter((r) => r.verdict === "unfaithful")) out.push(`  UNFAITHFUL ${r.id}: ${failed(r)}`);

  const twins = results.filter((r) => r.kind === "twin");
  const tRan = twins.filter((r) => r.run.status === "ok");
  const other = tRan.filter((r) => r.drawsOtherData === "yes");
  const caught = other.filter((r) => r.verdict === "unfaithful");
  out.push("");
  out.push(
    `twins: ${twins.length}, ran ${tRan.length}; draw other data ${other.length} (excluded: ${tRan.filter((r) => r.drawsOtherData === "same").length} draw the same series, ${tRan.filter((r) => r.drawsOtherData === "bootstrap only").length} differ only in bootstrap bands or error bars; ${twins.length - tRan.length} did not run or their snippet did not)`,
  );
  out.push(
    `  caught (unfaithful) ${caught.length} of ${other.length} (${pct(caught.length, other.length)}); unchecked ${count(other, "unchecked")}; faithful ${count(other, "faithful")}`,
  );
  const kinds = [...new Set(other.map((r) => r.twin!.kind))].sort();
  out.push(
    `  per kind: ${kinds
      .map((k) => {
        const of = other.filter((r) => r.twin!.kind === k);
        return `${k} ${of.filter((r) => r.verdict === "unfaithful").length}/${of.length}`;
      })
      .join(", ")}`,
  );
  const nonDrop = other.filter((r) => r.twin!.kind !== "drop-category");
  out.push(
    `  leaving dropped categories aside: ${nonDrop.filter((r) => r.verdict === "unfaithful").length} of ${nonDrop.length} (${pct(nonDrop.filter((r) => r.verdict === "unfaithful").length, nonDrop.length)})`,
  );
  for (const r of other.filter((r) => r.verdict === "faithful"))
    out.push(`  FAITHFUL TWIN ${r.id} (${r.twin!.line}): ${r.checks.map((c) => `${c.check} ${c.status}: ${c.detail}`).join(" | ")}`);

  const checked = results.filter((r) => r.verdict !== null);
  out.push("");
  out.push(timing("check time, all", checked));
  out.push(
    timing(
      "check time, diamonds",
      checked.filter((r) => r.dataset === "diamonds"),
    ),
  );
  const worst = [...checked].filter((r) => r.checkMs !== null).sort((a, b) => b.checkMs! - a.checkMs!)[0];
  if (worst) out.push(`  slowest: ${worst.id} (${worst.dataset}) ${fmtMs(worst.checkMs)}`);
  console.log(out.join("\n"));
}

main();
