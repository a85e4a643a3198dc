// The widget bridge's round trip, driven through jupyter_client as a frontend would: a custom
// message from the view to the kernel and the state update it causes coming back, next to a plain
// execute_request round trip measured in the same run on the same kernel.
import { Kernel } from "../test/kernel/support/kernel";

const N = Number(process.env.BRIDGE_BENCH_N ?? 40);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function main(): Promise<number> {
  let k: Kernel | null = null;
  try {
    k = await Kernel.start();
    const cell = [
      `import { showWidget } from "duellab/dist/lib/jupyter/index";`,
      `let n = 0;`,
      `const h = showWidget({ view: "run", run: null as any, result: null, pending: [] }, { text: "bench" })!;`,
      `h.onEvent(() => h.set({ pending: [String(++n)] }));`,
    ].join("\n");
    const { outputs } = await k.run(cell);
    const open = outputs.find((m) => m.msg_type === "comm_open");
    if (!open) throw new Error("the bench cell opened no widget comm");
    // Warm both paths (tslab compiles its first cells slowly), then measure interleaved.
    await k.bench({ commId: open.content.comm_id, n: 3, event: { type: "repair", side: "a" }, code: "1" });
    const r = await k.bench({ commId: open.content.comm_id, n: N, event: { type: "repair", side: "a" }, code: "1" });
    if ("error" in r) throw new Error(r.error);
    const c = median(r.custom);
    const e = median(r.execute);
    console.log(`bridge: custom message → kernel → state update back: median ${c.toFixed(2)} ms (p90 ${pct(r.custom, 0.9).toFixed(2)} ms, n=${N})`);
    console.log(`bridge: plain execute_request "1" → execute_reply:      median ${e.toFixed(2)} ms (p90 ${pct(r.execute, 0.9).toFixed(2)} ms, n=${N})`);
    console.log(`bridge: custom round trip / execute round trip = ${(c / e).toFixed(2)}`);
    return 0;
  } catch (err) {
    console.error(`bridge bench could not run: ${(err as Error).message}`);
    return 1;
  } finally {
    await k?.close();
  }
}

main().then((code) => process.exit(code));
