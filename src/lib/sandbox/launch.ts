// How the warm Python parent is started: the command line and the (almost empty) environment.
// Pure: everything host-specific comes in as arguments, so the plan is unit-testable.

export interface LaunchInput {
  python: string;
  serverPy: string;
  sandboxDir: string;
  pythonTrees: string[];
  /** bwrap path, or null to start Python directly. */
  bwrap: string | null;
  /** Private host dir for HOME and run dirs when not under bwrap. */
  hostBase: string;
  outerNs: Record<string, string | null>;
  bwrapWhy?: string;
  /** How /bin, /lib, /lib64, /sbin, /etc/localtime look on this host: a symlink target or "dir"/"file". */
  rootEntries: Record<string, string | null>;
  /** Layers to leave off, to see what a host without them still contains. */
  off?: string[];
  /** How many runs the warm parent forks and supervises at once (default 2). */
  concurrency?: number;
}

export interface LaunchPlan {
  command: string;
  args: string[];
  env: Record<string, string>;
  underBwrap: boolean;
}

/** The whole environment the sandbox ever sees: no API key can be inherited. */
export function sandboxEnv(base: string): Record<string, string> {
  return {
    MPLBACKEND: "Agg",
    OPENBLAS_NUM_THREADS: "1",
    OMP_NUM_THREADS: "1",
    MKL_NUM_THREADS: "1",
    HOME: `${base}/home`,
    MPLCONFIGDIR: `${base}/mpl`,
    LANG: "C.UTF-8",
    // seaborn's load_dataset caches in the run dir (read-only HOME otherwise): a dataset passed as
    // a file (tips.csv) is found there, and one that is not fails with the network's own error
    SEABORN_DATA: ".",
  };
}

const BWRAP_TMPFS_BYTES = 512 * 1024 * 1024;
/** Each run's share of disk (the supervisor's diskMb): a private tmpfs per run dir. */
export const RUN_DISK_BYTES = 256 * 1024 * 1024;

/** The private run-dir mounts under bubblewrap: one per run that can be in flight, one for the
 * spare child and one to spare while a finished run's slot is emptied. */
export function runSlots(base: string, concurrency: number): string[] {
  return Array.from({ length: concurrency + 2 }, (_, k) => `${base}/runs/slot-${k}`);
}

export function launchPlan(i: LaunchInput): LaunchPlan {
  const base = i.bwrap ? "/tmp/duellab" : i.hostBase;
  const env = sandboxEnv(base);
  const concurrency = i.concurrency ?? 2;
  const slots = i.bwrap ? runSlots(base, concurrency) : [];
  const cfg = JSON.stringify({
    base,
    bwrap: !!i.bwrap,
    outerNs: i.outerNs,
    bwrapWhy: i.bwrapWhy ?? null,
    off: i.off ?? [],
    concurrency,
    slots,
    slotBytes: slots.length ? RUN_DISK_BYTES : 0,
  });
  const py = [i.python, "-I", "-B", i.serverPy, cfg];
  if (!i.bwrap) return { command: i.python, args: py.slice(1), env, underBwrap: false };

  const a: string[] = ["--die-with-parent", "--new-session", "--unshare-all", "--cap-drop", "ALL", "--clearenv"];
  for (const [k, v] of Object.entries(env)) a.push("--setenv", k, v);
  a.push("--setenv", "DUELLAB_SANDBOX_NS", "1");
  a.push("--proc", "/proc", "--dev", "/dev", "--size", String(BWRAP_TMPFS_BYTES), "--tmpfs", "/tmp");
  // every run dir a file system of its own: one run filling its share (deleted-but-open files
  // included) cannot take the rival's
  for (const slot of slots) a.push("--size", String(RUN_DISK_BYTES), "--perms", "0700", "--tmpfs", slot);
  a.push("--ro-bind", "/usr", "/usr");
  for (const entry of ["/bin", "/sbin", "/lib", "/lib64", "/lib32"]) {
    const kind = i.rootEntries[entry];
    if (kind === null || kind === undefined) continue;
    if (kind === "dir") a.push("--ro-bind", entry, entry);
    else a.push("--symlink", kind, entry);
  }
  for (const f of ["/etc/fonts", "/etc/ld.so.cache"]) a.push("--ro-bind-try", f, f);
  const lt = i.rootEntries["/etc/localtime"];
  if (lt && lt !== "dir" && lt !== "file") a.push("--symlink", lt, "/etc/localtime");
  else if (lt === "file") a.push("--ro-bind", "/etc/localtime", "/etc/localtime");
  for (const t of i.pythonTrees) a.push("--ro-bind", t, t);
  a.push("--ro-bind", i.sandboxDir, i.sandboxDir, "--chdir", "/tmp", "--");
  return { command: i.bwrap, args: [...a, ...py], env: {}, underBwrap: true };
}
