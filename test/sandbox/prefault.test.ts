// The waiting spare child draws one throwaway chart ahead of its request (sandbox/prefault.py),
// so the copy-on-write page faults of a chart are paid before the run's clock starts. It must
// really take them off the run, leave nothing the snippet can see, and never hold a request up.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { Sandbox } from "../../src/lib/sandbox";

const CSV = "date,build_seconds\n" + Array.from({ length: 60 }, (_, i) => `2024-10-${String((i % 28) + 1).padStart(2, "0")},${100 + i}`).join("\n") + "\n";

// Counts the page faults of the snippet's own chart work and reports what it found on arrival.
const PROBE = `import resource, signal, os, sys
import matplotlib.pyplot as plt
import pandas as pd
f0 = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
arrival = {"fignums": plt.get_fignums(), "usr1": signal.getsignal(signal.SIGUSR1) == signal.SIG_DFL, "files": sorted(os.listdir("."))}
df = pd.read_csv("data.csv", parse_dates=["date"])
daily = df.groupby("date")["build_seconds"].mean()
fig, ax = plt.subplots(figsize=(8, 4))
ax.plot(daily.index, daily.values)
ax.set_title("t"); ax.set_xlabel("date"); ax.set_ylabel("s")
fig.savefig("chart.png")
arrival["number"] = fig.number
arrival["faults"] = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - f0
print(arrival)
`;

const sandboxes: Sandbox[] = [];
after(async () => {
  for (const s of sandboxes) await s.close();
});
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function parse(stdout: string): { fignums: number[]; usr1: boolean; files: string[]; number: number; faults: number } {
  return JSON.parse(stdout.trim().replace(/'/g, '"').replace(/True/g, "true").replace(/False/g, "false"));
}

test("a prefaulted child leaves the snippet a clean slate and takes most page faults off the run", async () => {
  const on = await Sandbox.start({ namespaces: false });
  const off = await Sandbox.start({ namespaces: false, off: ["prefault"] });
  sandboxes.push(on, off);
  const faults: Record<"on" | "off", number[]> = { on: [], off: [] };
  for (let i = 0; i < 3; i++) {
    for (const [name, sb] of [
      ["on", on],
      ["off", off],
    ] as const) {
      await pause(600); // the spare has drawn (or, with prefault off, just waited)
      // the probe imports os and signal, which the friendly static check refuses in chart code
      const r = await sb.run({ code: PROBE, files: { "data.csv": CSV }, staticCheck: false });
      assert.equal(r.status, "ok", r.notes.join(" | ") + r.stderr + (r.traceback ?? ""));
      assert.equal(r.stderr, "", "nothing from the throwaway draw reaches the snippet's stderr");
      assert.deepEqual(r.notes, []);
      assert.equal(r.pngs.length, 1, "only the snippet's own chart, no stray throwaway figure");
      assert.equal(r.figures.length, 1);
      assert.equal(r.figures[0]!.titles, 1);
      const seen = parse(r.stdout);
      assert.deepEqual(seen.fignums, [], "no figure is open when the snippet starts");
      assert.equal(seen.number, 1, "the snippet's first figure is figure 1");
      assert.equal(seen.usr1, true, "the snippet gets the default SIGUSR1 action");
      assert.deepEqual(seen.files, ["data.csv"], "the run dir holds only the snippet's input");
      faults[name].push(seen.faults);
    }
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
  assert.ok(
    med(faults.on) * 2 < med(faults.off),
    `page faults in the snippet: prefault on ${faults.on.join("/")}, off ${faults.off.join("/")}; expected on < half of off`,
  );
});

test("a request handed to a spare in the middle of its draw is not held up by it", async () => {
  const sb = await Sandbox.start({ namespaces: false });
  sandboxes.push(sb);
  const quick = "print('ok')";
  // Right after a run the new spare is drawing; timed side by side with a run sent once it is done.
  const busy: number[] = [],
    idle: number[] = [];
  for (let i = 0; i < 4; i++) {
    await sb.run({ code: quick });
    let t = performance.now();
    const a = await sb.run({ code: quick });
    busy.push(performance.now() - t);
    await pause(600);
    t = performance.now();
    const b = await sb.run({ code: quick });
    idle.push(performance.now() - t);
    assert.equal(a.stdout, "ok\n");
    assert.equal(b.stdout, "ok\n");
  }
  const med = (xs: number[]) => {
    const s = [...xs].sort((x, y) => x - y);
    return (s[1]! + s[2]!) / 2;
  };
  // A held-up request would wait for a whole chart draw (several times a print's run).
  assert.ok(
    med(busy) < med(idle) * 2 + 15,
    `a run sent to a drawing spare took ${med(busy).toFixed(0)} ms, one sent to an idle spare ${med(idle).toFixed(0)} ms`,
  );
});
