// The doctor's text is pure: the portable core first, then each host layer with why it is off,
// then what is missing among the layers this operating system could offer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatDoctor } from "../../src/lib/sandbox/report";

const on = (detail: string) => ({ on: true, detail });
const off = (detail: string) => ({ on: false, detail });

test("on a Mac: the Linux layers are 'not for this operating system', a missing Seatbelt is missing", () => {
  const out = formatDoctor(
    {
      namespaces: off("Linux only; this host is darwin"),
      landlock: off("Linux only; this host is darwin"),
      seccomp: off("Linux only; this host is darwin"),
      pdeathsig: off("Linux only"),
      subreaper: off("Linux only"),
      pidfd: off("Linux only"),
      seatbelt: off("/usr/bin/sandbox-exec is missing on this Mac"),
      rlimits: off("address space NOT limited"),
      filecap: on("files"),
      cleanenv: on("env"),
      supervisor: on("clock"),
    },
    "darwin",
  );
  const text = out.join("\n");
  assert.match(out[0]!, /^portable core \(POSIX/);
  assert.match(text, /OFF {2}rlimits {5}address space NOT limited/);
  assert.match(text, /host layers \(each used only where the host offers it; this host is darwin\):/);
  assert.match(text, /OFF {2}seatbelt {4}\/usr\/bin\/sandbox-exec is missing on this Mac/);
  assert.match(text, /missing here: seatbelt, rlimits; see sandbox\/README\.md/);
  assert.match(text, /not for this operating system: namespaces, landlock, seccomp, pdeathsig, subreaper, pidfd\./);
  assert.ok(text.indexOf("rlimits") < text.indexOf("host layers") && text.indexOf("seatbelt") > text.indexOf("host layers"), "core before host layers");
});

test("on Linux with everything on: only Seatbelt is not for this operating system", () => {
  const out = formatDoctor(
    { namespaces: on("bwrap"), landlock: on("abi"), seccomp: on("f"), seatbelt: off("macOS only; this host is linux"), rlimits: on("r") },
    "linux",
  );
  assert.ok(out.includes("every layer this operating system can offer is active."), out.join("\n"));
  assert.ok(out.includes("not for this operating system: seatbelt."));
});
