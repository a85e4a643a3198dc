// seaborn's clustermap measured for real in the sandbox (sandbox/dendrograms.py) and checked as a
// graphite run checks it: one "clustermap" series (the reordered matrix, both trees as merges of
// drawn positions, the heights scipy computed), never its trees' 4-point lines; faithful as drawn
// from the data (as is, z-scored along rows, scaled down columns, one axis not clustered, another
// linkage); a column scaled, shifted or shuffled is unfaithful, naming the column; row colours are
// colours beside its rows are
// confirmed as a category's levels, beside its columns an unread colour strip. A small seeded CSV built here. Not pure: it runs the sandbox.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCsv } from "../../src/lib/graphite/csv";
import { assertEachFaithful, assertEachUnfaithful, closeSandboxAfterTests, drawAndCheck } from "./graphite/seaborn-check";

closeSandboxAfterTests();

// flower-like: three kinds, four measurements each, 60 rows (a few on the same values)
const lines = ["kind,sl,sw,pl,pw"];
const kinds = ["a", "b", "c"];
for (let i = 0; i < 60; i++) {
  const k = i % 3;
  const v = (base: number, spread: number, m: number) => (base + k * spread + ((i * m) % 11) / 10).toFixed(1);
  lines.push(`${kinds[k]},${v(5, 0.8, 7)},${v(3.4, -0.3, 5)},${v(1.4, 2.2, 3)},${v(0.2, 0.9, 9)}`);
}
const flowers = readCsv(lines.join("\n") + "\n");
const POP = 'kind = df.pop("kind")\n';

test("a clustermap is one series: the drawn matrix, its row and column trees; faithful", async () => {
  const { data, faith, why } = await drawAndCheck(flowers, `${POP}sns.clustermap(df)`);
  assert.deepEqual(
    data.map((s) => s.kind),
    ["clustermap"],
  );
  const s = data[0]!;
  assert.deepEqual(s.shape, [60, 4]);
  assert.deepEqual([...(s.x as string[])].sort(), ["pl", "pw", "sl", "sw"]);
  assert.equal(s.rowTree!.heights.length, 59);
  assert.equal(s.colTree!.heights.length, 3);
  assert.equal(faith.verdict, "faithful", why);
  assert.ok(
    faith.checks.some((c) => c.check.startsWith("row dendrogram (59 merges)") && /average linkage \(euclidean\)/.test(c.detail)),
    why,
  );
});

test("z-scored rows, columns scaled to 0-1, rows not clustered, single linkage on correlation: faithful", async () => {
  await assertEachFaithful(
    flowers,
    [
      `${POP}sns.clustermap(df, z_score=0)`,
      `${POP}sns.clustermap(df, standard_scale=1)`,
      `${POP}sns.clustermap(df, row_cluster=False)`,
      `${POP}sns.clustermap(df, metric="correlation", method="single")`,
    ],
    "clustermap",
  );
});

test("a column scaled, shifted or shuffled: unfaithful, naming the column", async () => {
  await assertEachUnfaithful(flowers, [
    [`df["pl"] = df["pl"] * 1.37\n${POP}sns.clustermap(df)`, "column pl is 1.37 × the data's pl"],
    [`df["sw"] = df["sw"] + 10\n${POP}sns.clustermap(df)`, "column sw is the data's sw + 10"],
    [`df["sl"] = df["sl"].sample(frac=1, random_state=0).to_numpy()\n${POP}sns.clustermap(df)`, "sl shuffled across rows"],
  ]);
});

test("row colours of a category beside the matrix: confirmed against it; column colours: an unread colour strip", async () => {
  const rowColours = `${POP}sns.clustermap(df, row_colors=kind.map({"a": "r", "b": "g", "c": "b"}))`;
  const { data, faith, why } = await drawAndCheck(flowers, rowColours);
  assert.deepEqual(
    data.map((s) => s.kind),
    ["clustermap"],
  );
  assert.equal(faith.verdict, "faithful", why);
  assert.ok(
    faith.checks.some((c) => c.check.startsWith('row colours "kind"') && c.detail.includes("one level of kind")),
    why,
  );
  const cols = await drawAndCheck(flowers, `${POP}sns.clustermap(df, col_colors=pd.Series(list("rgbr"), index=df.columns))`);
  assert.equal(cols.faith.verdict, "unchecked", cols.why);
  assert.ok(
    cols.faith.checks.some((c) => c.check === "drawn shapes" && c.detail.includes("colour strip")),
    cols.why,
  );
});
