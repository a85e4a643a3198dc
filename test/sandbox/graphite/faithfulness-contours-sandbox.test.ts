// Bivariate KDEs drawn for real by seaborn in the sandbox: kdeplot(x=, y=) as lines and filled,
// with hue (common_norm), levels= and thresh=, bw_adjust=, displot(kind="kde") and
// jointplot(kind="kde") are measured as contour sets (kind "contours": each level's vertices, the
// level each is on, the hue level from the legend) and confirmed "faithful" (jointplot's contour
// sets confirmed; its sideways marginal curves are not this reading's); the same charts drawn
// after a column is stretched (× 1.1) or moved (+ 2) are "unfaithful" with a detail naming the
// change; a deliberate subset of rows is never "unfaithful". A small seeded CSV with gaps, read by
// graphite's reader and handed over as a graphite run does.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../../src/lib/graphite/csv";
import { assertEachFaithful, assertEachUnfaithful, closeSandboxAfterTests, drawAndCheck } from "./seaborn-check";

closeSandboxAfterTests();

const rows = ["kind,bill,depth"];
for (let i = 0; i < 180; i++) {
  // two kinds with different centres, spread by multiplicative hashes; every 11th bill missing
  const kind = i % 3 ? "long" : "short";
  const u = ((i * 7919) % 1000) / 1000 - 0.5;
  const v = ((i * 613) % 997) / 997 - 0.5;
  const bill = (kind === "long" ? 45 : 38) + 12 * u;
  const depth = (kind === "long" ? 15 : 18) + 3 * u + 2.5 * v;
  rows.push(`${kind},${i % 11 === 4 ? "" : bill.toFixed(1)},${depth.toFixed(1)}`);
}
const csv = readCsv(rows.join("\n") + "\n");

const draw = (body: string) => drawAndCheck(csv, body, "contours");

test("seaborn's contours are measured as contour sets: vertices in data units, the level each is on, the hue level from the legend", async () => {
  const { shapes: sets, run } = await draw('sns.kdeplot(data=df, x="bill", y="depth", hue="kind", fill=True)');
  assert.deepEqual(run.figures[0]!.unread, []);
  assert.deepEqual(sets.map((s) => s.label).sort(), ["long", "short"]);
  for (const s of sets) {
    assert.equal(s.levels?.length, s.x.length);
    assert.equal(s.lower?.length, s.x.length, "a filled set's bands have a lower level");
    assert.ok(s.levels!.every((l, i) => l > s.lower![i]!));
    // vertices lie within the data's reach (bill 32..51, depth 13..21, a few bandwidths around)
    assert.ok((s.x as number[]).every((x) => x > 20 && x < 65) && s.y.every((y) => y > 8 && y < 26), JSON.stringify(s.x.slice(0, 5)));
  }
});

test("correct bivariate KDEs are faithful: lines, filled, hue, levels and thresh, bw_adjust, displot", async () => {
  await assertEachFaithful(
    csv,
    [
      'sns.kdeplot(data=df, x="bill", y="depth")',
      'sns.kdeplot(data=df, x="bill", y="depth", fill=True)',
      'sns.kdeplot(data=df, x="bill", y="depth", hue="kind")',
      'sns.kdeplot(data=df, x="bill", y="depth", hue="kind", fill=True, common_norm=False)',
      'sns.kdeplot(data=df, x="bill", y="depth", levels=5, thresh=0.2)',
      'sns.kdeplot(data=df, x="bill", y="depth", bw_adjust=0.5)',
      'sns.displot(data=df, x="bill", y="depth", kind="kde")',
    ],
    "contours",
    (d) =>
      assert.ok(
        d.faith.checks.some((c) => c.status === "pass" && /iso-density lines .* of bill and depth/.test(c.detail)),
        d.why,
      ),
  );
});

test("jointplot(kind=\"kde\")'s contour sets are confirmed (its sideways marginal curves are another reading's)", async () => {
  const { faith, shapes: sets, why } = await draw('sns.jointplot(data=df, x="bill", y="depth", hue="kind", kind="kde")');
  assert.equal(sets.length, 2);
  const contours = faith.checks.filter((c) => c.check.startsWith("values of contours"));
  assert.equal(contours.length, 2, why);
  assert.ok(
    contours.every((c) => c.status === "pass" && /where kind == "(long|short)" .*common_norm/.test(c.detail)),
    why,
  );
  assert.notEqual(faith.verdict, "unfaithful", why);
});

test("contours of a column stretched or moved are unfaithful, naming the change; a subset of rows is not", async () => {
  await assertEachUnfaithful(csv, [
    ['df["bill"] = df["bill"] * 1.1\nsns.kdeplot(data=df, x="bill", y="depth")', /bill × 1\.1/],
    ['df["depth"] = df["depth"] + 2\nsns.kdeplot(data=df, x="bill", y="depth", hue="kind")', /depth \+ 2/],
  ]);
  const { faith, why } = await draw('sns.kdeplot(data=df[df["kind"] == "long"], x="bill", y="depth")');
  assert.notEqual(faith.verdict, "unfaithful", why);
});
