// A file's text as the sandbox's request carries it (the JSON string of its UTF-8 bytes in base64),
// made a slice per turn of the kernel's loop: a 50,000-row CSV (2.5 MB) encoded in one piece held
// the loop 10–14 ms as a batch started (measured under a CPU profile). The bytes are those of
// Buffer.from(JSON.stringify(Buffer.from(text).toString("base64"))): a surrogate pair is never cut
// between two slices, and the bytes are put in base64 in runs of a multiple of 3 (whose base64
// joins as the whole's does). Pure apart from yielding to the loop between slices.

/** Characters encoded to UTF-8 per turn of the loop (about 1 ms each). */
export const ENCODE_SLICE_CHARS = 256 * 1024;

const turn = () => new Promise<void>((r) => setImmediate(r));

/** The end of a slice from `from`, at most `size` characters, never between a surrogate pair's halves. */
export function sliceEnd(text: string, from: number, size: number): number {
  const to = Math.min(text.length, from + Math.max(1, size));
  const last = text.charCodeAt(to - 1);
  // a high surrogate alone would be encoded as U+FFFD: its low half goes with it
  return to < text.length && last >= 0xd800 && last <= 0xdbff ? to + 1 : to;
}

/** `"<base64 of text's UTF-8>"` as bytes, the same as encoding it in one piece. */
export async function quotedBase64InSlices(text: string, sliceChars = ENCODE_SLICE_CHARS): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (let from = 0; from < text.length; ) {
    const to = sliceEnd(text, from, sliceChars);
    parts.push(Buffer.from(text.slice(from, to), "utf8"));
    from = to;
    await turn();
  }
  const bytes = Buffer.concat(parts);
  const out = Buffer.allocUnsafe(2 + 4 * Math.ceil(bytes.length / 3));
  out[0] = 0x22; // "
  let at = 1;
  // a multiple of 3 bytes per piece: no padding inside, so the pieces' base64 is the whole's
  const step = 3 * Math.max(1, Math.floor(sliceChars / 3));
  for (let i = 0; i < bytes.length; i += step) {
    at += out.write(bytes.subarray(i, i + step).toString("base64"), at, "latin1");
    if (i + step < bytes.length) await turn();
  }
  out[at] = 0x22;
  return out;
}
