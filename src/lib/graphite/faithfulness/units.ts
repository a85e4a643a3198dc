// Changes of unit a chart may apply to the data's numbers (seconds to minutes, grams to kilograms,
// bytes to MiB, a share to a percent, counts to thousands, inches to centimetres, pounds to
// kilograms, miles to kilometres). A constant factor between the plotted
// values and one reading of the data is a change of unit only if it is one of these: any other
// factor says the values are not the data's. Pure.

const BASES: ReadonlyArray<[number, string]> = [
  [60, "60"],
  [3600, "3600"],
  [86400, "86400"],
  [24, "24"],
  [7, "7"],
  [1024, "1024"],
  [1024 ** 2, "1024²"],
  [1024 ** 3, "1024³"],
  // physical units a chart converts to: inch/cm, pound/kg, mile/km, foot/m, US gallon/litre,
  // miles per gallon/km per litre
  [2.54, "2.54"],
  [0.45359237, "0.45359237"],
  [1.609344, "1.609344"],
  [0.3048, "0.3048"],
  [3.785411784, "3.785411784"],
  [1.609344 / 3.785411784, "0.425144"],
];

function* factors(): Generator<[number, string]> {
  for (let e = 1; e <= 9; e++) {
    const label = e <= 3 ? String(10 ** e) : `1e${e}`;
    yield [10 ** e, ` × ${label}`];
    yield [10 ** -e, ` ÷ ${label}`];
  }
  for (const [b, label] of BASES) {
    yield [b, ` × ${label}`];
    yield [1 / b, ` ÷ ${label}`];
  }
}
const UNITS: ReadonlyArray<[number, string]> = [...factors()];

/** The unit change `k` is (" ÷ 1000", " × 100"), "" for 1, or null when no unit change gives it. */
export function unitChange(k: number): string | null {
  if (Math.abs(k - 1) <= 2e-3) return "";
  for (const [f, label] of UNITS) if (Math.abs(k - f) <= 2e-3 * f) return label;
  return null;
}
