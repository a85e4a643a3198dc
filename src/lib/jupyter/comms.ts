// The kernel side of Jupyter comms, installed into a running tslab on first use. tslab ignores
// comm messages, so its shell handler is wrapped: comm traffic is parsed, signed and answered here
// (with busy/idle parented to each message), everything else goes to tslab unchanged. The layer
// lives on globalThis so two loaded copies of duellab share one set of comms.
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import { commInfoReply, decodeCommData, type CommRequest } from "./protocol";
import { locateTslab, probeIopub, type ServerLike, type ShellHandler, type SocketLike, type TslabKernel } from "./tslab";
import { buildFrames, newHeader, parseFrames, type Header, type WireMessage } from "./wire";

export interface Comm {
  target: string;
  /** A frontend comm_msg for this comm (runs with that message as the parent of anything sent). */
  onMessage(req: CommRequest, msg: WireMessage): void;
  onClose(): void;
}

const COMM_TYPES = new Set(["comm_open", "comm_msg", "comm_close", "comm_info_request"]);
const GLOBAL_KEY = Symbol.for("duellab.jupyter.comms");

/** Where diagnostics go: the kernel's real stderr (tslab redirects process.stderr into cells). */
function log(line: string): void {
  try {
    fs.writeSync(2, `duellab bridge: ${line}\n`);
  } catch {
    /* stderr closed: nothing more to do */
  }
}

export class CommLayer {
  readonly comms = new Map<string, Comm>();
  private iopub: SocketLike;
  private readonly parents = new AsyncLocalStorage<Partial<Header>>();

  private constructor(
    private readonly kernel: TslabKernel,
    iopub: SocketLike,
  ) {
    this.iopub = iopub;
  }

  /** The layer of this kernel, installed on first call. Throws one sentence if tslab differs. */
  static get(): CommLayer {
    const g = globalThis as unknown as Record<symbol, CommLayer | undefined>;
    const existing = g[GLOBAL_KEY];
    if (existing) return existing;
    const kernel = locateTslab();
    const layer = new CommLayer(kernel, probeIopub(kernel).socket);
    layer.install();
    g[GLOBAL_KEY] = layer;
    return layer;
  }

  /** Header of the request executing now: the parent of a widget created by a cell. */
  executingParent(): Partial<Header> {
    const p = probeIopub(this.kernel);
    this.iopub = p.socket;
    return p.parent as Partial<Header>;
  }

  /** The message being handled (also across its async continuations), if any. */
  currentParent(): Partial<Header> | undefined {
    return this.parents.getStore();
  }

  publish(msgType: string, content: unknown, parent: Partial<Header>, metadata: Record<string, unknown> = {}, buffers: Uint8Array[] = []): void {
    const header = newHeader(msgType, String(parent.session ?? ""), String(parent.username ?? "kernel"));
    this.sendFrames(this.iopub, buildFrames(this.kernel.key, { header, parent, metadata, content, buffers }));
  }

  private sendFrames(sock: SocketLike, frames: Buffer[]): void {
    try {
      sock.send(frames).catch((e: Error) => log(`send failed: ${e.message}`));
    } catch (e) {
      log(`send failed: ${(e as Error).message}`);
    }
  }

  private install(): void {
    const layer = this;
    for (const mod of this.kernel.modules) {
      const proto = mod.ZmqServer.prototype;
      const original = proto.handleShellMessage as ShellHandler & { duellabOriginal?: ShellHandler };
      const base = original.duellabOriginal ?? original;
      const wrapped: ShellHandler & { duellabOriginal?: ShellHandler } = function (this: ServerLike, sock, ...frames) {
        if (!isComm(frames)) return base.call(this, sock, ...frames);
        layer.iopub = this.iopub ?? layer.iopub;
        layer.handle(sock, frames);
        return undefined;
      };
      wrapped.duellabOriginal = base;
      proto.handleShellMessage = wrapped;
    }
  }

  private handle(sock: SocketLike, frames: Buffer[]): void {
    let msg: WireMessage;
    try {
      msg = parseFrames(this.kernel.key, frames);
    } catch (e) {
      log(`dropped a comm message: ${(e as Error).message}`);
      return;
    }
    this.publish("status", { execution_state: "busy" }, msg.header);
    try {
      this.parents.run(msg.header, () => this.dispatch(sock, msg));
    } catch (e) {
      log(`${msg.header.msg_type} handler failed: ${(e as Error).stack ?? e}`);
    } finally {
      this.publish("status", { execution_state: "idle" }, msg.header);
    }
  }

  private dispatch(sock: SocketLike, msg: WireMessage): void {
    const c = msg.content;
    switch (msg.header.msg_type) {
      case "comm_info_request": {
        const entries = [...this.comms].map(([id, comm]): [string, string] => [id, comm.target]);
        const header = newHeader("comm_info_reply", msg.header.session, msg.header.username);
        this.sendFrames(
          sock,
          buildFrames(this.kernel.key, { identities: msg.identities, header, parent: msg.header, content: commInfoReply(entries, c.target_name) }),
        );
        return;
      }
      case "comm_open":
        // No target is served for frontend-opened comms (JupyterLab opens jupyter.widget.control on
        // every load): closing at once spares the frontend its timeout and makes it fall back to
        // comm_info_request + request_state, which are answered below.
        this.publish("comm_close", { comm_id: c.comm_id, data: {} }, msg.header);
        return;
      case "comm_msg": {
        const comm = this.comms.get(String(c.comm_id));
        if (!comm) {
          log(`comm_msg for unknown comm ${String(c.comm_id)}`);
          return;
        }
        comm.onMessage(decodeCommData(c.data, msg.buffers), msg);
        return;
      }
      case "comm_close": {
        const id = String(c.comm_id);
        const comm = this.comms.get(id);
        this.comms.delete(id);
        comm?.onClose();
        return;
      }
    }
  }
}

function isComm(frames: Buffer[]): boolean {
  const at = frames.findIndex((f) => f.length === 9 && f.toString() === "<IDS|MSG>");
  if (at < 0 || !frames[at + 2]) return false;
  try {
    return COMM_TYPES.has(JSON.parse(frames[at + 2]!.toString("utf8")).msg_type);
  } catch {
    return false;
  }
}
