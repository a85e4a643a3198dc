// The reader's numbers are the very doubles pandas' C parser computes, proven on seeded texts of
// the shapes where its arithmetic and the nearest double part (17 and more digits, leading zeros
// after the point, exponents near the double's limits, a decimal comma): each text read by
// pd.read_csv in the trusted oracle.py and by graphite's parseNumber, compared bit for bit.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseNumber } from "../../src/lib/graphite/csv-typing";
import { ok, oracle, rng } from "./support";

const r = rng(2026);
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join("");
const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const sign = () => ["", "", "-", "+"][int(0, 3)]!;

function text(): string {
  switch (int(0, 4)) {
    case 0:
      return `${sign()}${digits(int(1, 4))}.${digits(int(12, 22))}`;
    case 1:
      return `${sign()}0.${"0".repeat(int(0, 25))}${digits(int(1, 20))}`;
    case 2:
      return `${sign()}${digits(int(16, 24))}.${digits(int(0, 4))}`;
    case 3:
      return `${sign()}${digits(int(1, 20))}e${["", "-", "+"][int(0, 2)]}${int(0, 330)}`;
    default:
      return `${sign()}${digits(int(1, 3))}.${digits(int(1, 18))}e${["-", "+"][int(0, 1)]}${int(290, 340)}`;
  }
}

test("numbers: 4,000 texts (and 500 with a decimal comma) read to the same double as pd.read_csv's, bit for bit", () => {
  const dot = Array.from({ length: 4000 }, text);
  const comma = Array.from({ length: 500 }, text).map((t) => t.replace(".", ","));
  const [a, b] = oracle([
    { op: "csv_numbers", texts: dot, decimal: "." },
    { op: "csv_numbers", texts: comma, decimal: "," },
  ]);
  const asDouble = (s: string) => (s === "inf" ? Infinity : s === "-inf" ? -Infinity : Number(s));
  const differ: string[] = [];
  for (const [texts, answer, decimal] of [[dot, a, "."] as const, [comma, b, ","] as const]) {
    const lib = ok<string[]>(answer, `csv_numbers ${decimal}`).map(asDouble);
    texts.forEach((t, i) => {
      if (parseNumber(t, decimal) !== lib[i]) differ.push(`${t}: graphite ${parseNumber(t, decimal)}, pandas ${lib[i]}`);
    });
  }
  assert.deepEqual(differ.slice(0, 10), []);
  // the shapes do part pandas from the nearest double, so the test would catch a reader using Number()
  assert.ok(dot.filter((t) => Number(t) !== parseNumber(t)).length > 500);
});
