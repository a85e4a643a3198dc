// A plotted series' x and y are validated as whole arrays (a per-element zod union held the
// kernel's thread for hundreds of milliseconds on a 20,000-point figure): the same values pass and
// fail as under the per-element schema, x numbers or strings, y numbers, never NaN or null.
import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { PlottedSeries } from "../../../src/lib/schema/sandbox";

const perElement = z.object({ x: z.array(z.union([z.number(), z.string()])), y: z.array(z.number()) });
const base = { axes: 0, kind: "line", label: null, truncated: false };

test("x and y pass and fail as the per-element schema says", () => {
  const cases: Array<[unknown, unknown]> = [
    [
      [1, 2, 3],
      [4, 5, 6],
    ],
    [
      ["a", 2, "2024-01-01"],
      [1.5, -2, 1e300],
    ],
    [[], []],
    [
      [1, null],
      [1, 2],
    ],
    [
      [1, true],
      [1, 2],
    ],
    [
      [1, 2],
      [1, "2"],
    ],
    [
      [1, 2],
      [1, Number.NaN],
    ],
    [[Number.NaN], [1]],
    [[{}], [1]],
    ["12", [1, 2]],
    [[1, 2], null],
  ];
  for (const [x, y] of cases) {
    const want = perElement.safeParse({ x, y }).success;
    assert.equal(PlottedSeries.safeParse({ ...base, x, y }).success, want, JSON.stringify({ x, y }));
  }
  const ok = PlottedSeries.parse({ ...base, x: ["a", 1], y: [2, 3] });
  assert.deepEqual(
    [ok.x, ok.y],
    [
      ["a", 1],
      [2, 3],
    ],
  );
});
