// Splits a byte stream into complete lines (the sandbox replies one JSON object per line).
export class LineSplitter {
  private pending = "";
  push(chunk: string): string[] {
    this.pending += chunk;
    const parts = this.pending.split("\n");
    this.pending = parts.pop() ?? "";
    return parts.filter((l) => l.trim().length > 0);
  }
}
