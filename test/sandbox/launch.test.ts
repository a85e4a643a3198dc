// The launch plan is pure: these check what the warm parent is started with, without starting it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launchPlan, sandboxEnv } from "../../src/lib/sandbox/launch";
import { LineSplitter } from "../../src/lib/sandbox/lines";

const base = {
  python: "/repo/.venv/bin/python",
  serverPy: "/repo/sandbox/server.py",
  sandboxDir: "/repo/sandbox",
  pythonTrees: ["/repo/.venv", "/opt/py3.11"],
  hostBase: "/tmp/duellab-sandbox-x",
  outerNs: { net: "net:[1]", pid: "pid:[2]", mnt: "mnt:[3]" },
  rootEntries: { "/bin": "usr/bin", "/lib": "usr/lib", "/lib64": "dir", "/sbin": null, "/lib32": null, "/etc/localtime": "/usr/share/zoneinfo/UTC" },
};

test("the sandbox environment holds only what Python and matplotlib need", () => {
  process.env.OPENAI_API_KEY = "sk-should-never-pass";
  const env = sandboxEnv("/b");
  assert.deepEqual(Object.keys(env).sort(), [
    "HOME",
    "LANG",
    "MKL_NUM_THREADS",
    "MPLBACKEND",
    "MPLCONFIGDIR",
    "OMP_NUM_THREADS",
    "OPENBLAS_NUM_THREADS",
    "SEABORN_DATA",
  ]);
  assert.equal(env.MPLBACKEND, "Agg");
  assert.equal(env.OPENBLAS_NUM_THREADS, "1");
  assert.equal(env.HOME, "/b/home");
  const direct = launchPlan({ ...base, bwrap: null });
  assert.ok(!JSON.stringify(direct).includes("sk-should-never-pass"));
  delete process.env.OPENAI_API_KEY;
});

test("without bubblewrap Python starts directly, isolated mode, in a private host dir", () => {
  const p = launchPlan({ ...base, bwrap: null, bwrapWhy: "bubblewrap (bwrap) is not installed" });
  assert.equal(p.command, "/repo/.venv/bin/python");
  assert.deepEqual(p.args.slice(0, 3), ["-I", "-B", "/repo/sandbox/server.py"]);
  const cfg = JSON.parse(p.args[3]!);
  assert.equal(cfg.base, "/tmp/duellab-sandbox-x");
  assert.equal(cfg.bwrap, false);
  assert.equal(cfg.bwrapWhy, "bubblewrap (bwrap) is not installed");
  assert.equal(p.underBwrap, false);
});

test("under bubblewrap: every namespace, dies with its parent, clean env, read-only trees, private /tmp", () => {
  const p = launchPlan({ ...base, bwrap: "/usr/bin/bwrap" });
  const a = p.args.join(" ");
  assert.equal(p.command, "/usr/bin/bwrap");
  assert.deepEqual(p.env, {}, "bwrap itself gets an empty environment");
  for (const flag of ["--die-with-parent", "--unshare-all", "--new-session", "--clearenv", "--cap-drop ALL"]) assert.ok(a.includes(flag), flag);
  assert.ok(!a.includes("--share-net"));
  assert.ok(a.includes("--setenv MPLBACKEND Agg"));
  assert.ok(a.includes("--ro-bind /repo/.venv /repo/.venv") && a.includes("--ro-bind /opt/py3.11 /opt/py3.11"));
  assert.ok(a.includes("--symlink usr/bin /bin") && a.includes("--ro-bind /lib64 /lib64"));
  assert.ok(!a.includes("/sbin"), "absent entries are not bound");
  assert.ok(/--size \d+ --tmpfs \/tmp/.test(a));
  assert.ok(!/--bind /.test(a.replace(/--ro-bind/g, "")), "nothing from the host is writable");
  assert.equal(JSON.parse(p.args.at(-1)!).base, "/tmp/duellab");
});

test("under bubblewrap every run dir is a private tmpfs of its own size: one per run in flight, the spare, and one more", () => {
  const p = launchPlan({ ...base, bwrap: "/usr/bin/bwrap", concurrency: 2 });
  const a = p.args.join(" ");
  const slots = [0, 1, 2, 3].map((k) => `/tmp/duellab/runs/slot-${k}`);
  for (const slot of slots) assert.ok(a.includes(`--size ${256 * 1024 * 1024} --perms 0700 --tmpfs ${slot}`), slot);
  assert.ok(!a.includes("slot-4"));
  assert.ok(a.indexOf("--tmpfs /tmp ") < a.indexOf("slot-0"), "mounted inside the private /tmp");
  const cfg = JSON.parse(p.args.at(-1)!);
  assert.deepEqual(cfg.slots, slots);
  assert.equal(cfg.slotBytes, 256 * 1024 * 1024);
  assert.deepEqual(JSON.parse(launchPlan({ ...base, bwrap: null }).args[3]!).slots, [], "no slots without bubblewrap");
});

test("replies are split into whole lines whatever the chunking", () => {
  const s = new LineSplitter();
  assert.deepEqual(s.push('{"a":1}\n{"b"'), ['{"a":1}']);
  assert.deepEqual(s.push(":2}\n\n"), ['{"b":2}']);
  assert.deepEqual(s.push(""), []);
  // a long reply in chunks with no line end is gathered until its line ends
  assert.deepEqual(s.push('{"c":['), []);
  assert.deepEqual(s.push("1,2"), []);
  assert.deepEqual(s.push(']}\n{"d"'), ['{"c":[1,2]}']);
  assert.deepEqual(s.push(":3}\n"), ['{"d":3}']);
});
