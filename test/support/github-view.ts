// A GitHub-like view of HTML: hast-util-sanitize's default schema, which is written to follow
// GitHub's user-content sanitizer (no style attribute, no <style>, no <svg>, no script, images only
// from http(s) URLs). What survives it is what a reader of the notebook on GitHub can see; the
// rows helper reads a table back as (label, value) pairs the way a reader would.
export async function githubSanitize(html: string): Promise<string> {
  const { fromHtml } = await import("hast-util-from-html");
  const { sanitize, defaultSchema } = await import("hast-util-sanitize");
  const { toHtml } = await import("hast-util-to-html");
  return toHtml(sanitize(fromHtml(html, { fragment: true }), defaultSchema));
}

/** Every `<tr><th>label</th><td>value</td></tr>` of the HTML, in order, with entities decoded. */
export function labelledRows(html: string): [string, string][] {
  const text = (s: string) =>
    s
      .replace(/<[^>]+>/g, "")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&amp;/g, "&")
      .trim();
  return [...html.matchAll(/<tr><th>([\s\S]*?)<\/th><td>([\s\S]*?)<\/td><\/tr>/g)].map((m) => [text(m[1] ?? ""), text(m[2] ?? "")]);
}

/** The tag names an HTML string uses. */
export function tagNames(html: string): Set<string> {
  return new Set([...html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => (m[1] ?? "").toLowerCase()));
}
