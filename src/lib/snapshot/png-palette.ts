// RGBA pixels as an 8-bit palette PNG: a picture of flat fills, lines and anti-aliased text has
// few colours, and a palette PNG of it is a third of the size of the RGBA PNG the renderer writes,
// which is what a saved notebook pays for each output. Colours are binned at 5 bits a channel;
// the 256 most used bins (by their mean colour) form the palette, and every other bin takes its
// nearest palette colour. Pure (zlib is in-memory).
import { deflateSync } from "node:zlib";

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = (CRC_TABLE[(c ^ (buf[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  Buffer.from(data.buffer, data.byteOffset, data.byteLength).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Alpha is composited onto white first: every picture sits on white paper. */
export function palettePng(rgba: Uint8Array, width: number, height: number): Buffer {
  const n = width * height;
  const BINS = 1 << 15;
  const count = new Uint32Array(BINS);
  const sum = new Float64Array(BINS * 3);
  const binOf = new Uint16Array(n);
  for (let i = 0, o = 0; i < n; i++, o += 4) {
    const a = rgba[o + 3] as number;
    let r = rgba[o] as number;
    let g = rgba[o + 1] as number;
    let b = rgba[o + 2] as number;
    if (a !== 255) {
      const k = 255 - a;
      r = ((r * a + 255 * k) / 255) | 0;
      g = ((g * a + 255 * k) / 255) | 0;
      b = ((b * a + 255 * k) / 255) | 0;
    }
    const bin = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    binOf[i] = bin;
    count[bin] = (count[bin] as number) + 1;
    sum[bin * 3] = (sum[bin * 3] as number) + r;
    sum[bin * 3 + 1] = (sum[bin * 3 + 1] as number) + g;
    sum[bin * 3 + 2] = (sum[bin * 3 + 2] as number) + b;
  }
  const used: number[] = [];
  for (let bin = 0; bin < BINS; bin++) if (count[bin]) used.push(bin);
  used.sort((p, q) => (count[q] as number) - (count[p] as number) || p - q);
  const chosen = used.slice(0, 256);
  const pal = new Float64Array(chosen.length * 3);
  chosen.forEach((bin, i) => {
    for (let c = 0; c < 3; c++) pal[i * 3 + c] = Math.round((sum[bin * 3 + c] as number) / (count[bin] as number));
  });
  const map = new Int16Array(BINS).fill(-1);
  chosen.forEach((bin, i) => {
    map[bin] = i;
  });
  // A bin outside the palette takes the nearest palette colour (weighted for the eye's green).
  for (let u = chosen.length; u < used.length; u++) {
    const bin = used[u] as number;
    const r = (sum[bin * 3] as number) / (count[bin] as number);
    const g = (sum[bin * 3 + 1] as number) / (count[bin] as number);
    const b = (sum[bin * 3 + 2] as number) / (count[bin] as number);
    let best = 0;
    let bestD = Infinity;
    for (let i = 0; i < chosen.length; i++) {
      const dr = (pal[i * 3] as number) - r;
      const dg = (pal[i * 3 + 1] as number) - g;
      const db = (pal[i * 3 + 2] as number) - b;
      const d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    map[bin] = best;
  }
  // Filter type 0 (none) on every row: palette indices do not predict from their neighbours.
  const raw = new Uint8Array(height * (width + 1));
  for (let y = 0; y < height; y++) {
    const row = y * (width + 1) + 1;
    for (let x = 0; x < width; x++) raw[row + x] = map[binOf[y * width + x] as number] as number;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 3;
  const plte = new Uint8Array(chosen.length * 3);
  for (let i = 0; i < plte.length; i++) plte[i] = pal[i] as number;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("PLTE", plte),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", new Uint8Array(0)),
  ]);
}
