// When the layout measurement fails inside the sandbox, the figure's overlap and outside counts
// arrive as null with a note saying why, never as 0.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { Sandbox } from "../../src/lib/sandbox";

let sb: Sandbox | null = null;
after(() => sb?.close());

test("a layout that cannot be measured is null, with a note; the other counts are still measured", async () => {
  sb = await Sandbox.start({ namespaces: false });
  // The snippet breaks the layout step of the measurement (it runs in the child, as any
  // matplotlib failure there would).
  const code = `import measure
def broken(fig, renderer):
    raise RuntimeError("no renderer boxes")
measure._layout = broken
import matplotlib.pyplot as plt
fig, ax = plt.subplots()
ax.plot([1, 2, 3], [2, 1, 3])
ax.set_title("t")
fig.savefig("c.png")
`;
  const r = await sb.run({ code, staticCheck: false });
  assert.equal(r.status, "ok", r.notes.join(" | ") + r.stderr);
  const f = r.figures[0]!;
  assert.equal(f.overlappingText, null);
  assert.equal(f.outsideArtists, null);
  assert.equal(f.lines, 1);
  assert.equal(f.titles, 1);
  assert.ok(
    r.notes.some((n) => /overlapping\/outside text could not be measured \(RuntimeError: no renderer boxes\); reported as n\/a/.test(n)),
    r.notes.join(" | "),
  );
});
