// Splits a byte stream into complete lines (the sandbox replies one JSON object per line). A reply
// of several MB (a 50,000-point figure) arrives in many 64 KB chunks: a chunk with no line end is
// only kept, so the text gathered so far is not copied and scanned again for each chunk. Pure state.
export class LineSplitter {
  private pending = "";
  push(chunk: string): string[] {
    if (!chunk.includes("\n")) {
      this.pending += chunk;
      return [];
    }
    const parts = (this.pending + chunk).split("\n");
    this.pending = parts.pop() ?? "";
    return parts.filter((l) => l.trim().length > 0);
  }
}
