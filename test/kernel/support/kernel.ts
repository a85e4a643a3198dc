// A real tslab kernel driven as a frontend drives it (jupyter_client from .venv, via driver.py).
// Every shell and IOPub message is kept in arrival order so tests can check them one by one.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";

export const ROOT = path.resolve(__dirname, "../../..");
export const VENV_PYTHON = path.join(ROOT, ".venv/bin/python");

export interface KMsg {
  channel: "shell" | "iopub" | "control";
  msg_type: string;
  header: { msg_id: string; msg_type: string; session: string; [k: string]: unknown };
  parent_header: { msg_id?: string; session?: string; msg_type?: string; [k: string]: unknown };
  metadata: Record<string, unknown>;
  content: Record<string, any>;
  buffers: string[];
  /** Date.now() when the test process received it. */
  t: number;
}

/**
 * A folder a kernel can run notebooks from: `duellab` and `@types/node` resolvable (tslab
 * type-checks every cell with Node10 resolution from here).
 */
export function makeWorkdir(prefix = "duellab-kernel-"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.mkdirSync(path.join(dir, "node_modules"));
  fs.symlinkSync(ROOT, path.join(dir, "node_modules/duellab"), "dir");
  fs.symlinkSync(path.join(ROOT, "node_modules/@types"), path.join(dir, "node_modules/@types"), "dir");
  return dir;
}

export class Kernel {
  readonly messages: KMsg[] = [];
  session = "";
  private nextId = 1;
  private replies = new Map<number, (v: any) => void>();
  private waiters: (() => void)[] = [];
  private exited = false;

  private constructor(
    private readonly proc: ChildProcess,
    readonly cwd: string,
    readonly logPath: string,
  ) {}

  static async start(o: { cwd?: string; kernelName?: string } = {}): Promise<Kernel> {
    const cwd = o.cwd ?? makeWorkdir();
    const logPath = path.join(cwd, "kernel.log");
    const proc = spawn(VENV_PYTHON, [path.join(__dirname, "driver.py"), o.kernelName ?? "tslab", cwd, logPath], {
      stdio: ["pipe", "pipe", "inherit"],
      env: { ...process.env, PATH: `${path.join(ROOT, ".venv/bin")}:${process.env.PATH}` },
    });
    const k = new Kernel(proc, cwd, logPath);
    const ready = new Promise<void>((resolve, reject) => {
      const rl = readline.createInterface({ input: proc.stdout! });
      rl.on("line", (line) => {
        const ev = JSON.parse(line);
        if (ev.ready) {
          k.session = ev.session;
          resolve();
        } else if (ev.error) reject(new Error(ev.error));
        else if (ev.msg) {
          k.messages.push({ ...ev.msg, t: Date.now() });
          for (const w of k.waiters.splice(0)) w();
        } else if (ev.reply !== undefined) {
          k.replies.get(ev.reply)?.(ev);
          k.replies.delete(ev.reply);
        }
      });
      proc.on("exit", (code) => {
        k.exited = true;
        reject(new Error(`the kernel driver exited (code ${code}) before the kernel was ready; log: ${k.log()}`));
        for (const w of k.waiters.splice(0)) w();
      });
    });
    await ready;
    return k;
  }

  log(): string {
    try {
      return fs.readFileSync(this.logPath, "utf8");
    } catch {
      return "(no kernel log)";
    }
  }

  private command(cmd: Record<string, unknown>): Promise<any> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.exited) return reject(new Error("the kernel driver has exited"));
      this.replies.set(id, resolve);
      this.proc.stdin!.write(JSON.stringify({ ...cmd, id }) + "\n");
    });
  }

  /** Send execute_request; resolves with its msg_id. */
  async execute(code: string): Promise<string> {
    return (await this.command({ op: "execute", code })).msg_id;
  }

  /** Send any shell message (with optional binary buffers); resolves with its msg_id. */
  async send(msgType: string, content: Record<string, unknown>, buffers: Uint8Array[] = [], o: { wrongKey?: boolean } = {}): Promise<string> {
    const b64 = buffers.map((b) => Buffer.from(b).toString("base64"));
    return (await this.command({ op: "send", msg_type: msgType, content, buffers: b64, wrong_key: o.wrongKey ?? false })).msg_id;
  }

  async alive(): Promise<boolean> {
    return (await this.command({ op: "alive" })).alive;
  }

  async bench(o: { commId: string; n: number; event: unknown; code: string }): Promise<{ custom: number[]; execute: number[] } | { error: string }> {
    return (await this.command({ op: "bench", comm_id: o.commId, n: o.n, event: o.event, code: o.code })).bench;
  }

  /** The first message (from index `from`) matching `pred`, waiting up to `timeoutMs`. */
  async waitFor(pred: (m: KMsg) => boolean, timeoutMs = 20000, what = "a matching message", from = 0): Promise<KMsg> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const m = this.messages.slice(from).find(pred);
      if (m) return m;
      if (this.exited) throw new Error(`the kernel driver exited while waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no ${what} within ${timeoutMs} ms; got: ${this.messages
            .slice(-8)
            .map((x) => `${x.channel}/${x.msg_type}`)
            .join(", ")}; kernel log: ${this.log().slice(-1500)}`,
        );
      await new Promise<void>((r) => {
        const t = setTimeout(r, Math.min(left, 500));
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  /** All messages whose parent is `msgId`. */
  childrenOf(msgId: string): KMsg[] {
    return this.messages.filter((m) => m.parent_header?.msg_id === msgId);
  }

  /** Wait for the idle status parented to `msgId` (the kernel finished handling that message). */
  idleOf(msgId: string, timeoutMs = 20000): Promise<KMsg> {
    return this.waitFor(
      (m) => m.channel === "iopub" && m.msg_type === "status" && m.content.execution_state === "idle" && m.parent_header.msg_id === msgId,
      timeoutMs,
      `idle for ${msgId}`,
    );
  }

  /** Execute a cell and wait for its reply; throws with the cell's error text when it failed. */
  async run(code: string, timeoutMs = 60000): Promise<{ msgId: string; reply: KMsg; outputs: KMsg[] }> {
    const msgId = await this.execute(code);
    const reply = await this.waitFor(
      (m) => m.channel === "shell" && m.msg_type === "execute_reply" && m.parent_header.msg_id === msgId,
      timeoutMs,
      "execute_reply",
    );
    await this.idleOf(msgId, timeoutMs);
    const outputs = this.childrenOf(msgId).filter((m) => m.channel === "iopub");
    if (reply.content.status !== "ok") {
      const text = outputs
        .filter((m) => m.msg_type === "stream" || m.msg_type === "error")
        .map((m) => m.content.text ?? m.content.evalue)
        .join("");
      throw new Error(`cell failed (${reply.content.status}): ${text}`);
    }
    return { msgId, reply, outputs };
  }

  async close(): Promise<void> {
    if (this.exited) return;
    const done = new Promise<void>((r) => this.proc.once("exit", () => r()));
    this.proc.stdin!.write(JSON.stringify({ op: "stop", id: 0 }) + "\n");
    const t = setTimeout(() => this.proc.kill("SIGKILL"), 15000);
    await done;
    clearTimeout(t);
  }
}

/** Stream text a cell printed. */
export function streamText(outputs: KMsg[]): string {
  return outputs
    .filter((m) => m.msg_type === "stream")
    .map((m) => m.content.text)
    .join("");
}
