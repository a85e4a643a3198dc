// A GitHub-like view of HTML: hast-util-sanitize's default schema, which is written to follow
// GitHub's user-content sanitizer (no style attribute, no <style>, no <svg>, no script, images only
// from http(s) URLs). What survives it is what a reader of the notebook on GitHub can see; the
// rows helper reads the named values back as (label, value) pairs the way a reader would.
export async function githubSanitize(html: string): Promise<string> {
  const { fromHtml } = await import("hast-util-from-html");
  const { sanitize, defaultSchema } = await import("hast-util-sanitize");
  const { toHtml } = await import("hast-util-to-html");
  return toHtml(sanitize(fromHtml(html, { fragment: true }), defaultSchema));
}

/** Every `<li><b>label</b>: value</li>` of the HTML (a named value of the static view), in order, with entities decoded. */
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
  return [...html.matchAll(/<li><b>([^<]*)<\/b>: ([^<]*)<\/li>/g)].map((m) => [text(m[1] ?? ""), text(m[2] ?? "")]);
}

/** The tag names an HTML string uses. */
export function tagNames(html: string): Set<string> {
  return new Set([...html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => (m[1] ?? "").toLowerCase()));
}
