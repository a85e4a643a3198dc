// The TypeScript side of the sandbox: starts the warm Python parent (under bubblewrap when the
// host allows), sends it up to `concurrency` runs at once (the parent forks and supervises each
// on its own; replies are matched by id), validates every reply with the SandboxRun schema.
// The Python side (sandbox/) does the isolation; this file only drives it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { SandboxError } from "../errors/errors";
import { SandboxRun, type Layer } from "../schema/sandbox";
import { quotedBase64InSlices } from "./encode";
import { LineSplitter } from "./lines";
import { launchPlan } from "./launch";
import { SandboxStatus } from "./status";
import { defaultPython, findBwrap, pythonTrees, repoRoot } from "./paths";
import { helperNice, niceTree } from "./priority";

export interface SandboxOptions {
  /** Python with pandas and matplotlib; default `<repo>/.venv/bin/python` or env DUELLAB_PYTHON. */
  python?: string;
  /** Default wall-clock limit per run (20 s). */
  timeoutMs?: number;
  /** Use bubblewrap namespaces when available (default true). */
  namespaces?: boolean;
  /** Leave host layers off, to check what a host without them still contains: the Linux ones
   * (landlock, seccomp, privileges, pidfd, pdeathsig, subreaper, proc; namespaces via `namespaces: false`),
   * macOS's seatbelt, or "all" of them, so only the portable POSIX core runs (as on a host that
   * has none). "prefault" stops the waiting spare child's throwaway draw (a speed measure, not a
   * layer). Also read from env DUELLAB_SANDBOX_OFF (comma-separated, the same names plus
   * namespaces). */
  off?: OffName[];
  /** Runs executed at the same time, each in its own forked child (default 2, at most 16):
   * graphite() runs chart A and chart B side by side. Further runs wait for a free slot. */
  concurrency?: number;
  /** The nice value of the sandbox's processes (0–19; default DUELLAB_HELPER_NICE, else as the
   * kernel): above 0, below the kernel's own thread, so its loop gets a core first when cores are short (./priority.ts). */
  nice?: number;
}

export interface RunRequest {
  code: string;
  files?: Record<string, string | Uint8Array>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The friendly static check (default on). Tests turn it off to prove the OS layers hold alone. */
  staticCheck?: boolean;
}

/** Host facilities that can be left off (see SandboxOptions.off). */
export const OFF_NAMES = ["landlock", "seccomp", "privileges", "pidfd", "pdeathsig", "subreaper", "proc", "seatbelt", "prefault", "all"] as const;
export type OffName = (typeof OFF_NAMES)[number];

/** What the host offers, as the warm parent probed it at start. */
export type HostLayers = Record<
  "namespaces" | "cleanenv" | "landlock" | "seccomp" | "privileges" | "diskquota" | "seatbelt" | "pidfd" | "pdeathsig" | "subreaper",
  Layer
>;

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

/** One JSON line from the sandbox process as parsed, before any validation: only the fields that route it.
 *  The run's result itself is checked against the SandboxRun schema where the run awaits it. */
interface Reply {
  type?: string;
  id: number; // every reply to a run names it; the ready line has none and is never routed by id
  message?: string;
  result?: unknown;
  host?: unknown;
  concurrency?: unknown;
}

/** A child's stdio stream as Node really makes it (a net.Socket), whose ref/unref the Writable/Readable types omit. */
type RefCounted = { ref?: () => void; unref?: () => void } | null;

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_CONCURRENCY = 2;
const MAX_CONCURRENCY = 16;
/** Beyond the run's own limit, how long the supervisor may take to answer before we kill it. */
const GRACE_MS = 15_000;

function rootEntries(): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const p of ["/bin", "/sbin", "/lib", "/lib64", "/lib32", "/etc/localtime"]) {
    try {
      const st = fs.lstatSync(p);
      out[p] = st.isSymbolicLink() ? fs.readlinkSync(p) : st.isDirectory() ? "dir" : "file";
    } catch {
      out[p] = null;
    }
  }
  return out;
}

function outerNs(): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  if (process.platform !== "linux") return { net: null, pid: null, mnt: null };
  for (const k of ["net", "pid", "mnt"]) {
    try {
      out[k] = fs.readlinkSync(`/proc/self/ns/${k}`);
    } catch {
      out[k] = null;
    }
  }
  return out;
}

export class Sandbox {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Runs in flight in the Python parent, and runs waiting here for a free slot. */
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  private exited = false;
  private stderrTail = "";

  private constructor(
    private readonly child: ChildProcess,
    private readonly hostBase: string | null,
    readonly host: HostLayers,
    readonly underBwrap: boolean,
    /** Milliseconds from spawn to ready (imports + warm-up). */
    readonly startMs: number,
    private readonly defaultTimeoutMs: number,
    /** Runs the warm parent executes at the same time. */
    readonly concurrency: number,
  ) {}

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return !this.exited;
  }

  static async start(opts: SandboxOptions = {}): Promise<Sandbox> {
    const python = opts.python ?? defaultPython();
    if (opts.concurrency !== undefined && !(Number.isInteger(opts.concurrency) && opts.concurrency >= 1 && opts.concurrency <= MAX_CONCURRENCY)) {
      throw new Error(
        `duellab sandbox: concurrency must be a whole number from 1 to ${MAX_CONCURRENCY} (got ${opts.concurrency}); use 1 to run snippets one at a time.`,
      );
    }
    if (!fs.existsSync(python)) {
      throw new SandboxError(
        "start",
        `duellab sandbox: no Python at ${python}; run \`npx duellab setup\` (in a checkout of duellab: \`npm run setup\`) or set DUELLAB_PYTHON to a Python with pandas and matplotlib.`,
      );
    }
    const envOff = (process.env.DUELLAB_SANDBOX_OFF ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = envOff.filter((l) => l !== "namespaces" && !(OFF_NAMES as readonly string[]).includes(l));
    if (unknown.length)
      throw new Error(
        `duellab sandbox: DUELLAB_SANDBOX_OFF names ${unknown.map((u) => `"${u}"`).join(", ")}, which is not a layer; use a comma-separated list of namespaces, ${OFF_NAMES.join(", ")}.`,
      );
    const off = [...(opts.off ?? []), ...(envOff.filter((l) => l !== "namespaces") as OffName[])];
    // "all" includes the namespaces: bubblewrap is Linux-only too
    if (envOff.includes("namespaces") || off.includes("all")) opts = { ...opts, namespaces: false };
    opts = { ...opts, off };
    const bwrap = opts.namespaces === false ? null : findBwrap();
    if (bwrap) {
      try {
        return await Sandbox.launch(python, bwrap, undefined, opts);
      } catch (e) {
        const why = `bubblewrap could not start the sandbox here (${(e as Error).message.replace(/^duellab sandbox: /, "")})`;
        return Sandbox.launch(python, null, why, opts);
      }
    }
    const why = opts.off?.includes("all")
      ? "turned off by the caller (as on a host without user namespaces)"
      : opts.namespaces === false
        ? "namespaces were turned off (namespaces: false)"
        : process.platform !== "linux"
          ? `Linux only (bubblewrap); this host is ${process.platform}`
          : "bubblewrap (bwrap) is not installed; on Debian: apt-get install bubblewrap";
    return Sandbox.launch(python, null, why, opts);
  }

  private static async launch(python: string, bwrap: string | null, bwrapWhy: string | undefined, opts: SandboxOptions): Promise<Sandbox> {
    const root = repoRoot();
    const hostBase = bwrap ? null : fs.mkdtempSync(path.join(os.tmpdir(), "duellab-sandbox-"));
    const plan = launchPlan({
      python,
      serverPy: path.join(root, "sandbox", "server.py"),
      sandboxDir: path.join(root, "sandbox"),
      pythonTrees: pythonTrees(python),
      bwrap,
      hostBase: hostBase ?? "",
      outerNs: bwrap ? outerNs() : { net: null, pid: null, mnt: null }, // /proc is read only to verify bubblewrap's namespaces
      bwrapWhy,
      rootEntries: rootEntries(),
      off: opts.off,
      concurrency: opts.concurrency ?? DEFAULT_CONCURRENCY,
    });
    const { execa } = await import("execa");
    const t0 = performance.now();
    const child = execa(plan.command, plan.args, {
      env: plan.env,
      extendEnv: false,
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
      buffer: false,
      reject: false,
      cleanup: true,
      encoding: "utf8",
    }) as unknown as ChildProcess & Promise<unknown>;
    void (child as Promise<unknown>).catch(() => undefined);
    // A write to a sandbox that just died must not become an unhandled 'error' that takes the
    // kernel down; the 'exit' handler reports the death to the pending run instead.
    child.stdin?.on("error", () => undefined);
    const lines = new LineSplitter();
    let stderr = "";
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (d: string) => {
      stderr = (stderr + d).slice(-4000);
    });
    const first = await new Promise<{ ok: true; msg: Reply } | { ok: false; why: string }>((resolve) => {
      const onData = (d: Buffer | string) => {
        for (const l of lines.push(String(d))) {
          let msg: Reply;
          try {
            msg = JSON.parse(l);
          } catch {
            continue;
          }
          child.stdout?.off("data", onData);
          if (msg.type === "ready") resolve({ ok: true, msg });
          else resolve({ ok: false, why: String(msg.message ?? l) });
          return;
        }
      };
      child.stdout?.on("data", onData);
      child.once("exit", (code, sig) =>
        resolve({
          ok: false,
          why: `it exited (${sig ?? `code ${code}`}) before it was ready${stderr.trim() ? `: ${stderr.trim().split("\n").slice(-3).join(" | ")}` : ""}`,
        }),
      );
      child.once("error", (e) => resolve({ ok: false, why: e.message }));
    });
    if (!first.ok) {
      child.kill("SIGKILL");
      if (hostBase) fs.rmSync(hostBase, { recursive: true, force: true });
      throw new SandboxError("start", `duellab sandbox: the Python sandbox did not start: ${first.why}`);
    }
    const startMs = performance.now() - t0;
    const hostLayers = first.msg.host as HostLayers;
    const sb = new Sandbox(child, hostBase, hostLayers, plan.underBwrap, startMs, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, Number(first.msg.concurrency) || 1);
    child.stdout?.on("data", (d: Buffer | string) => {
      for (const l of lines.push(String(d))) sb.onLine(l);
    });
    child.stderr?.on("data", (d: string) => {
      sb.stderrTail = (sb.stderrTail + d).slice(-2000);
    });
    child.once("exit", (code, sig) => sb.onExit(code, sig));
    // Set once the warm parent is ready: the runs it forks from now on inherit it (0: left as started).
    const nice = opts.nice ?? helperNice();
    if (nice > 0) sb.renice(nice);
    sb.idle();
    return sb;
  }

  private onLine(l: string): void {
    let msg: Reply;
    try {
      msg = JSON.parse(l);
    } catch {
      // Several runs may be in flight and an unreadable line names none of them: the channel
      // can no longer be trusted, so every run in flight fails with this reason.
      for (const p of this.pending.values())
        p.reject(new SandboxError("protocol", `duellab sandbox: the sandbox sent a reply that is not JSON (${l.slice(0, 80)}…).`));
      this.pending.clear();
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (msg.type === "result") p.resolve(msg.result);
    else if (msg.type === "pong") p.resolve(msg);
    else p.reject(new SandboxError("protocol", `duellab sandbox: ${msg.message ?? "the sandbox replied with an error"}`));
  }

  private onExit(code: number | null, sig: NodeJS.Signals | null): void {
    this.exited = true;
    const how = sig ? `was killed by ${sig}` : `exited with code ${code}`;
    const tail = this.stderrTail.trim() ? ` (stderr: ${this.stderrTail.trim().split("\n").slice(-2).join(" | ")})` : "";
    for (const p of this.pending.values())
      p.reject(new SandboxError("crashed", `duellab sandbox: the sandbox process ${how} during the run${tail}; the next run starts a new one.`));
    this.pending.clear();
    for (const wake of this.waiting.splice(0)) wake();
    if (this.hostBase) fs.rmSync(this.hostBase, { recursive: true, force: true });
  }

  /** Set the nice value of the sandbox's processes (every thread; runs forked later inherit it): how many threads were set. */
  renice(nice: number): number {
    return this.child.pid === undefined || this.exited ? 0 : niceTree(this.child.pid, nice);
  }

  /** A warm sandbox must not keep a script alive when nothing is running. */
  private idle(): void {
    this.child.unref();
    for (const s of [this.child.stdin, this.child.stdout, this.child.stderr] as unknown as RefCounted[]) s?.unref?.();
  }

  private busy(): void {
    this.child.ref();
    for (const s of [this.child.stdin, this.child.stdout, this.child.stderr] as unknown as RefCounted[]) s?.ref?.();
  }

  /** Run one snippet. Resolves with the validated SandboxRun whatever the snippet did; rejects
   * only when the sandbox itself failed or the request is malformed. */
  run(req: RunRequest): Promise<SandboxRun> {
    return this.withSlot(() => this.runNow(req));
  }

  /** At most `concurrency` runs are sent at once, so a run's answer timer starts when the
   * parent really starts it, not while it waits behind others. */
  private async withSlot<T>(fn: () => Promise<T>): Promise<T> {
    if (this.inFlight >= this.concurrency) {
      this.busy(); // a waiting run keeps the script alive like a running one
      // the run that ends hands its slot straight over, so no newcomer can slip in between
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.inFlight++;
    }
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.inFlight = Math.max(0, this.inFlight - 1);
    }
  }

  private async runNow(req: RunRequest): Promise<SandboxRun> {
    if (this.exited) throw new SandboxError("closed", "duellab sandbox: this sandbox has ended (closed, or its process died); start a new one.");
    if (typeof req.code !== "string") throw new Error("duellab sandbox: run() needs { code: string }.");
    if (req.signal?.aborted) throw new SandboxError("aborted", "duellab sandbox: the run was cancelled before it started.");
    // Each file as its JSON string of base64, in bytes: a batch's CSV text is encoded once and its
    // bytes written as they are with every run (not stringified and converted again each time).
    const files = await Promise.all(
      Object.entries(req.files ?? {}).map(
        async ([name, v]) =>
          [name, typeof v === "string" ? await quotedBase64OfText(v) : Buffer.from(JSON.stringify(Buffer.from(v).toString("base64")))] as const,
      ),
    );
    // The text was encoded over several turns of the loop: the sandbox may have ended meanwhile.
    if (this.exited) throw new SandboxError("closed", "duellab sandbox: this sandbox has ended (closed, or its process died); start a new one.");
    if (req.signal?.aborted) throw new SandboxError("aborted", "duellab sandbox: the run was cancelled before it started.");
    const id = this.nextId++;
    const timeoutMs = req.timeoutMs ?? this.defaultTimeoutMs;
    this.busy();
    try {
      const raw = await new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => {
          if (!this.pending.has(id)) return;
          this.pending.delete(id);
          this.child.kill("SIGKILL");
          reject(
            new SandboxError(
              "unresponsive",
              `duellab sandbox: the supervisor gave no answer ${Math.round((timeoutMs + GRACE_MS) / 1000)} s after a run with a ${timeoutMs} ms limit started, so it was killed; the next run starts a new one.`,
            ),
          );
        }, timeoutMs + GRACE_MS);
        const onAbort = () => this.child.stdin?.write(JSON.stringify({ op: "cancel", id }) + "\n");
        req.signal?.addEventListener("abort", onAbort, { once: true });
        this.pending.set(id, {
          resolve: (v) => {
            clearTimeout(timer);
            req.signal?.removeEventListener("abort", onAbort);
            resolve(v);
          },
          reject: (e) => {
            clearTimeout(timer);
            req.signal?.removeEventListener("abort", onAbort);
            reject(e);
          },
        });
        // One JSON line, written in pieces in this same turn (so no other write comes between them).
        const head = JSON.stringify({ id, code: req.code, timeoutMs, staticCheck: req.staticCheck ?? true });
        const stdin = this.child.stdin;
        stdin?.write(`${head.slice(0, -1)},"files":{`);
        files.forEach(([name, quoted], i) => {
          stdin?.write(`${i ? "," : ""}${JSON.stringify(name)}:`);
          stdin?.write(quoted);
        });
        stdin?.write("}}\n");
      });
      const parsed = SandboxRun.safeParse(raw);
      if (!parsed.success) {
        throw new SandboxError(
          "protocol",
          `duellab sandbox: the sandbox's reply did not match the SandboxRun schema (${parsed.error.issues
            .slice(0, 3)
            .map((i) => `${i.path.join(".")}: ${i.message}`)
            .join("; ")}).`,
        );
      }
      return parsed.data;
    } finally {
      if (this.pending.size === 0) this.idle();
    }
  }

  /** What the warm parent is doing (runs active and waiting, the later warm-up's state). It
   * answers at once, between runs or during them; a ping does not take a run's slot. */
  async status(): Promise<SandboxStatus> {
    if (this.exited) throw new SandboxError("closed", "duellab sandbox: this sandbox has ended (closed, or its process died); start a new one.");
    const id = this.nextId++;
    const raw = await new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!this.pending.delete(id)) return;
        reject(new SandboxError("unresponsive", `duellab sandbox: the supervisor did not answer a ping within ${GRACE_MS / 1000} s.`));
      }, GRACE_MS);
      const done = (f: () => void) => {
        clearTimeout(timer);
        f();
      };
      this.pending.set(id, { resolve: (v) => done(() => resolve(v)), reject: (e) => done(() => reject(e)) });
      this.child.stdin?.write(JSON.stringify({ op: "ping", id }) + "\n");
    });
    const parsed = SandboxStatus.safeParse(raw);
    if (!parsed.success)
      throw new SandboxError("protocol", `duellab sandbox: the sandbox's ping reply did not match the status schema (${parsed.error.issues[0]?.message}).`);
    return parsed.data;
  }

  /** Ends the warm process (stdin EOF; SIGKILL after 2 s). */
  async close(): Promise<void> {
    if (this.exited) return;
    const done = new Promise<void>((r) => this.child.once("exit", () => r()));
    this.child.stdin?.end();
    const t = setTimeout(() => this.child.kill("SIGKILL"), 2000);
    await done;
    clearTimeout(t);
  }
}

let shared: Promise<Sandbox> | null = null;

/** One warm sandbox per process (per kernel), started on first use and restarted if it died. */
// The base64 of the last few file texts, as the bytes of its JSON string: a batch sends the same
// CSV with every run, and encoding a 3 MB CSV again for each held the kernel's thread (bytes are
// encoded each time: they may change). The first encoding of a text is done a slice per turn of
// the loop (quotedBase64InSlices): in one piece it held the loop 10–14 ms as a batch started.
const KEEP_ENCODED = 4;
const encodedTexts = new Map<string, Promise<Buffer>>();
function quotedBase64OfText(text: string): Promise<Buffer> {
  let b = encodedTexts.get(text);
  if (b === undefined) {
    b = quotedBase64InSlices(text);
    encodedTexts.set(text, b);
    while (encodedTexts.size > KEEP_ENCODED) encodedTexts.delete(encodedTexts.keys().next().value!);
  }
  return b;
}

export async function sharedSandbox(): Promise<Sandbox> {
  if (shared) {
    const sb = await shared.catch(() => null);
    if (sb?.alive) return sb;
  }
  shared = Sandbox.start();
  return shared;
}
