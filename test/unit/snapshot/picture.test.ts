// The picture fallback: the SVG draws every claim of every panel and both charts, the PNG drawn
// from it in the kernel is a real PNG of the size the SVG says, and the palette encoding keeps
// every colour of a picture that has few.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { inflateSync } from "node:zlib";
import type { GraphiteResult } from "../../../src/lib/schema/graphite";
import type { WeaveResult } from "../../../src/lib/schema/weave";
import { picturePng } from "../../../src/lib/snapshot/fallback";
import { pictureSvg, PICTURE_WIDTH } from "../../../src/lib/snapshot/picture-svg";
import { palettePng } from "../../../src/lib/snapshot/png-palette";
import { graphiteSheet } from "../../../src/lib/snapshot/sheet-graphite";
import { weaveSheet } from "../../../src/lib/snapshot/sheet-weave";
import { clipText, textWidth, wrapText } from "../../../src/lib/snapshot/text-fit";

const fixture = <T>(name: string): T => JSON.parse(fs.readFileSync(path.join(__dirname, "../../fixtures/results", `${name}.json`), "utf8")) as T;

/** IHDR of a PNG: width, height, bit depth, colour type. */
function ihdr(png: Buffer): { width: number; height: number; depth: number; type: number } {
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "PNG signature");
  assert.equal(png.subarray(12, 16).toString("ascii"), "IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), depth: png[24]!, type: png[25]! };
}

test("weave picture: three panels with every claim, the headline numbers as text", () => {
  const r = fixture<WeaveResult>("weave-12x12");
  const { svg, width, height } = pictureSvg(weaveSheet(r));
  assert.equal(width, PICTURE_WIDTH);
  assert.ok(height > 400 && height < 1000, `height ${height}`);
  for (const k of ["a", "b", "both"] as const) {
    const panel = new RegExp(`<svg[^>]*data-panel="${k}"[\\s\\S]*?</svg>`).exec(svg)?.[0] ?? "";
    assert.equal((panel.match(/<circle/g) ?? []).length, r.panels[k].nodes.length, `panel ${k}`);
  }
  const c = r.consensus;
  assert.ok(svg.includes(`>${(Math.round((c.sharedPairs / (c.sharedPairs + c.aOnly + c.bOnly)) * 1000) / 10).toFixed(1)}%</text>`));
  assert.ok(svg.includes(">consensus by nodes</text>"));
  assert.doesNotMatch(svg, /<script|<foreignObject/);
});

test("graphite picture: both charts as images, each with its faithfulness verdict", () => {
  const r = fixture<GraphiteResult>("graphite-charts");
  const { svg } = pictureSvg(graphiteSheet(r));
  assert.equal((svg.match(/<image /g) ?? []).length, r.charts.a.run.pngs.length > 0 && r.charts.b.run.pngs.length > 0 ? 2 : 1);
  for (const s of ["a", "b"] as const) assert.ok(svg.includes(`faithful to the data? ${r.charts[s].faithfulness.verdict.toUpperCase()}`));
});

test("the PNG drawn in the kernel is an 8-bit palette PNG of the SVG's size", async (t) => {
  const pic = await picturePng(fixture("weave-12x12"));
  if ("reason" in pic) {
    // Only a machine with no font at all gets here, and the fallback then says so in words.
    assert.match(pic.reason, /font|renderer/);
    return t.skip(pic.reason);
  }
  const h = ihdr(Buffer.from(pic.base64, "base64"));
  assert.deepEqual([h.width, h.height, h.depth, h.type], [pic.width, pic.height, 8, 3]);
  assert.ok(pic.base64.length < 120_000, `a weave picture stays small (${pic.base64.length} base64 bytes)`);
});

test("palette encoding keeps every colour of a picture with few colours, alpha on white", () => {
  const w = 3;
  const h = 2;
  const px = [
    [255, 0, 0, 255],
    [0, 128, 0, 255],
    [0, 0, 255, 255],
    [0, 0, 0, 0],
    [0, 0, 0, 255],
    [255, 255, 255, 255],
  ];
  const png = palettePng(Uint8Array.from(px.flat()), w, h);
  assert.deepEqual(Object.values(ihdr(png)), [w, h, 8, 3]);
  const chunks: Record<string, Buffer> = {};
  for (let o = 8; o < png.length; ) {
    const len = png.readUInt32BE(o);
    chunks[png.subarray(o + 4, o + 8).toString("ascii")] = png.subarray(o + 8, o + 8 + len);
    o += 12 + len;
  }
  const plte = chunks.PLTE!;
  const raw = inflateSync(chunks.IDAT!);
  const rgb: number[][] = [];
  for (let y = 0; y < h; y++) {
    assert.equal(raw[y * (w + 1)], 0, "filter none");
    for (let x = 0; x < w; x++) {
      const i = raw[y * (w + 1) + 1 + x]!;
      rgb.push([plte[i * 3]!, plte[i * 3 + 1]!, plte[i * 3 + 2]!]);
    }
  }
  // 5-bit bins keep these exact colours (their bins hold only them); transparent becomes white.
  assert.deepEqual(rgb, [
    [255, 0, 0],
    [0, 128, 0],
    [0, 0, 255],
    [255, 255, 255],
    [0, 0, 0],
    [255, 255, 255],
  ]);
});

test("text fitting: wraps at words, cuts the last line with an ellipsis, never runs past the width", () => {
  const s = "Should a five-person startup build its backend as microservices or as a monolith?";
  const lines = wrapText(s, 17, 300, 2, true);
  assert.equal(lines.length, 2);
  for (const l of lines) assert.ok(textWidth(l, 17, true) <= 300, l);
  assert.ok(lines[1]!.endsWith("…"));
  assert.deepEqual(wrapText("short", 12, 300, 3), ["short"]);
  assert.deepEqual(wrapText("", 12, 300, 3), []);
  assert.equal(clipText("exactly", 12, 1000), "exactly");
  assert.ok(clipText("a very long label that cannot fit", 12, 60).endsWith("…"));
  assert.ok(textWidth("mmm", 10) > textWidth("iii", 10));
});
