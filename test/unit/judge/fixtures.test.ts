// Real failure shapes of judge output, each with the claims or pairs it must yield.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { parseLoose } from "../../../src/lib/judge/parse";
import { coerceClaims, coercePairs } from "../../../src/lib/judge/coerce";

const dir = path.resolve(__dirname, "../../fixtures/judge");
const claims: { name: string; output: string; expect: string[]; max: number; rung?: string }[] = JSON.parse(
  fs.readFileSync(path.join(dir, "claims.json"), "utf8"),
);
const pairs: { name: string; output: string; sizeA: number; sizeB: number; expect: object[]; dropped?: number; rung?: string }[] = JSON.parse(
  fs.readFileSync(path.join(dir, "pairs.json"), "utf8"),
);

test("there are at least 30 claim and pair fixtures together with distinct names", () => {
  assert.ok(claims.length + pairs.length >= 30, `${claims.length + pairs.length} fixtures`);
  const names = [...claims, ...pairs].map((f) => f.name);
  assert.equal(new Set(names).size, names.length);
});

for (const f of claims) {
  test(`claims fixture: ${f.name}`, () => {
    const parsed = parseLoose(f.output);
    assert.ok(parsed.ok, `did not parse: ${!parsed.ok ? parsed.error : ""}`);
    if (f.rung) assert.equal(parsed.rung, f.rung);
    const c = coerceClaims(parsed.value, f.max);
    assert.ok(c, "not read as claims");
    assert.deepEqual(c.claims, f.expect);
  });
}

for (const f of pairs) {
  test(`pairs fixture: ${f.name}`, () => {
    const parsed = parseLoose(f.output);
    assert.ok(parsed.ok, `did not parse: ${!parsed.ok ? parsed.error : ""}`);
    if (f.rung) assert.equal(parsed.rung, f.rung);
    const p = coercePairs(parsed.value, f.sizeA, f.sizeB);
    assert.ok(p, "not read as pairs");
    assert.deepEqual(
      p.pairs,
      f.expect.map((e) => ({ ...e, sourceKind: "judge" })),
    );
    if (f.dropped !== undefined) assert.equal(p.dropped, f.dropped);
  });
}

const UNREADABLE = [
  "",
  "   \n ",
  "I'm sorry, but I can't help with that request.",
  "The answer makes three points about deployment and one about cost.",
  "<html><body>502 Bad Gateway</body></html>",
  "{{{{",
  "Claims: deploys are simple; costs are low",
];
for (const text of UNREADABLE) {
  test(`unreadable judge output fails the ladder with a reason: ${JSON.stringify(text.slice(0, 30))}`, () => {
    const r = parseLoose(text);
    assert.equal(r.ok, false);
    if (!r.ok) assert.match(r.error, text.trim() ? /no JSON could be read/ : /returned nothing/);
  });
}
