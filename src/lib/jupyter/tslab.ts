// Finding the running tslab kernel from inside a cell. User code runs in the kernel's own Node
// process, so its modules are in require.cache. Everything the bridge relies on is checked here,
// once, and a mismatch is one sentence naming the tslab version the bridge was built against.
import fs from "node:fs";
import Module from "node:module";
import path from "node:path";

export const EXPECTED_TSLAB = "1.0.22";

export interface SocketLike {
  send(frames: (string | Buffer)[]): Promise<void>;
}
export type ShellHandler = (this: ServerLike, sock: SocketLike, ...frames: Buffer[]) => unknown;
export interface ServerLike {
  iopub: SocketLike;
  connInfo: { key: string };
}
export interface TslabJupyterModule {
  lastWriteDisplayData: ((content: unknown, update: boolean) => void) | null;
  ZmqServer: { prototype: { handleShellMessage: ShellHandler } };
}
export interface TslabKernel {
  /** Every loaded copy of tslab's jupyter module (a global tslab may delegate to a local one). */
  modules: TslabJupyterModule[];
  /** The copy that is executing cells now. */
  active: TslabJupyterModule;
  /** The zeromq Publisher class that copy loaded (its IOPub socket is one of these). */
  Publisher: { prototype: object };
  key: string;
  version: string;
}

const JUPYTER_JS = path.join("tslab", "dist", "jupyter.js");

function loadedCopies(): { file: string; mod: TslabJupyterModule }[] {
  return Object.keys(require.cache)
    .filter((k) => k.endsWith(JUPYTER_JS))
    .map((file) => ({ file, mod: require.cache[file]?.exports as TslabJupyterModule }))
    .filter((c) => c.mod !== undefined);
}

/** True only inside a running tslab kernel (a cell is or was executing). */
export function inTslabKernel(): boolean {
  return loadedCopies().some((c) => typeof c.mod.lastWriteDisplayData === "function") && configPath() !== null;
}

function configPath(): string | null {
  const i = process.argv.indexOf("--config-path");
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  return value ? value : null;
}

function versionOf(file: string): string {
  try {
    return JSON.parse(fs.readFileSync(path.join(path.dirname(file), "..", "package.json"), "utf8")).version ?? "unknown";
  } catch {
    return "unknown";
  }
}

export function locateTslab(): TslabKernel {
  const copies = loadedCopies();
  const active = copies.find((c) => typeof c.mod.lastWriteDisplayData === "function") ?? copies[0];
  const mismatch = (what: string, version = active ? versionOf(active.file) : "not loaded") =>
    new Error(
      `duellab's widget bridge needs tslab ${EXPECTED_TSLAB}, but the running kernel's tslab (${version}) ${what}; install tslab ${EXPECTED_TSLAB} and restart the kernel.`,
    );
  if (!active) throw mismatch("was not found in this process");
  for (const c of copies) {
    if (typeof c.mod.ZmqServer?.prototype?.handleShellMessage !== "function") throw mismatch("has no ZmqServer.prototype.handleShellMessage");
  }
  if (typeof active.mod.lastWriteDisplayData !== "function") throw mismatch("has no lastWriteDisplayData (is a cell executing?)");
  let Publisher: { prototype: object } | undefined;
  try {
    Publisher = (Module.createRequire(active.file)("zeromq") as { Publisher?: { prototype: object } }).Publisher;
  } catch {
    throw mismatch("cannot load its zeromq module");
  }
  if (typeof Publisher?.prototype !== "object" || !("send" in Publisher.prototype)) throw mismatch("uses a zeromq without Publisher.send");
  const cfg = configPath();
  if (!cfg) throw mismatch("was started without --config-path");
  let key: string;
  try {
    key = String(JSON.parse(fs.readFileSync(cfg, "utf8")).key ?? "");
  } catch (e) {
    throw new Error(`duellab could not read the kernel's connection file ${cfg} (${(e as Error).message}); restart the kernel.`);
  }
  return { modules: copies.map((c) => c.mod), active: active.mod, Publisher, key, version: versionOf(active.file) };
}

/**
 * The IOPub socket and the header of the executing request, without sending anything: the
 * Publisher's send is shadowed for one call while tslab writes an update_display_data, and the
 * frames it would have sent are read instead. `send` is a non-writable native method, hence
 * defineProperty.
 */
export function probeIopub(k: TslabKernel): { socket: SocketLike; parent: Record<string, unknown> } {
  const proto = k.Publisher.prototype;
  const own = Object.getOwnPropertyDescriptor(proto, "send");
  let seen: { socket: SocketLike; frames: (string | Buffer)[] } | null = null;
  Object.defineProperty(proto, "send", {
    configurable: true,
    writable: true,
    value(this: SocketLike, frames: (string | Buffer)[]) {
      seen = { socket: this, frames };
      return Promise.resolve();
    },
  });
  try {
    k.active.lastWriteDisplayData?.({ data: {}, metadata: {}, transient: { display_id: "duellab-probe" } }, true);
  } finally {
    if (own) Object.defineProperty(proto, "send", own);
    else delete (proto as { send?: unknown }).send;
  }
  const s = seen as { socket: SocketLike; frames: (string | Buffer)[] } | null;
  if (!s)
    throw new Error(
      `duellab's widget bridge needs tslab ${EXPECTED_TSLAB}: the running kernel's tslab (${k.version}) did not write display data through its IOPub socket; install tslab ${EXPECTED_TSLAB} and restart the kernel.`,
    );
  const at = s.frames.findIndex((f) => String(f) === "<IDS|MSG>");
  return { socket: s.socket, parent: JSON.parse(String(s.frames[at + 3])) };
}
