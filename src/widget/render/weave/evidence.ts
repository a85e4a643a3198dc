// Where each claim came from, in the weave view: the headline's per-side trace counts (beside the
// judge's parse mode) and the consensus over traced claims only; the Answers tab with every traced
// span marked (and the sentences no claim covers); a claim not found in its answer listed as such;
// and hover or focus on any claim (graph node, diff row) lighting its span in the Answers tab.
// Counts are recomputed from the per-claim records (lib/weave/evidence/tally.ts).
import type { ClaimEvidence, WeaveResult } from "../../../lib/schema/weave";
import { evidenceLine, evidenceText, tallyEvidence } from "../../../lib/snapshot/evidence-tally";
import { h } from "../dom";
import { pct, sideLabel } from "../format";

/** "a:3 b:5": the claims a node or row stands for, as the marks in the Answers tab name them. */
export function claimKeys(indices: Record<string, number>): string {
  return Object.entries(indices)
    .map(([side, i]) => `${side}:${i}`)
    .join(" ");
}

export function evidenceOf(r: Pick<WeaveResult, "evidence">, side: string, index: number): ClaimEvidence | null {
  return r.evidence?.[side]?.[index] ?? null;
}

/** The headline block: one line per side and, when some claim is not traced, the second reading. */
export function evidenceHeadline(r: WeaveResult): HTMLElement | null {
  if (!r.evidence) return null;
  const sides = r.sides.filter((s) => r.evidence![s]);
  const lines = sides.map((s) => {
    const t = tallyEvidence(r.evidence![s]!);
    const level = t.notFound > 0 ? "warn" : t.untraced === t.claims ? "muted" : "ok";
    return h("div", { class: `dl-evidence-line dl-evidence-${level}`, "data-side": s }, evidenceLine(s.toUpperCase(), r.evidence![s]!, r.coverage?.[s]));
  });
  const tc = r.tracedConsensus;
  const second = tc
    ? h(
        "div",
        {
          class: "dl-evidence-line dl-traced-consensus",
          title: `${tc.sharedPairs} shared ÷ (${tc.sharedPairs} + ${tc.aOnly} A-only + ${tc.bOnly} B-only), traced claims only`,
        },
        `Over traced claims only: ${pct(tc.consensusByNodes)} consensus (${tc.sharedPairs} shared / ${tc.aOnly} A-only / ${tc.bOnly} B-only, ${tc.contradictions} contradictions); the headline is the judge's matching of all claims.`,
      )
    : null;
  return h("div", { class: "dl-evidence", "aria-label": "Evidence: claims traced to their answers" }, lines, second);
}

/** An answer's text with each traced claim's span marked and each uncovered sentence underlined. */
export function markedAnswer(r: WeaveResult, side: string, text: string): Array<HTMLElement | string> {
  const ev = r.evidence?.[side];
  if (!ev) return [text];
  const cov = r.coverage?.[side];
  const cuts = new Set([0, text.length]);
  const spans: Array<{ start: number; end: number; key: string; claim: number }> = [];
  ev.forEach((e, i) => {
    if (e.status !== "traced") return;
    for (const sp of e.spans) {
      spans.push({ start: sp.start, end: sp.end, key: `${side}:${i}`, claim: i });
      cuts.add(sp.start);
      cuts.add(sp.end);
    }
  });
  const uncovered = (cov?.uncovered ?? []).map((k) => cov!.sentences[k]!).filter(Boolean);
  for (const u of uncovered) {
    cuts.add(u.start);
    cuts.add(u.end);
  }
  const points = [...cuts].filter((p) => p >= 0 && p <= text.length).sort((x, y) => x - y);
  const out: Array<HTMLElement | string> = [];
  for (let k = 0; k + 1 < points.length; k++) {
    const [from, to] = [points[k]!, points[k + 1]!];
    const piece = text.slice(from, to);
    const here = spans.filter((s) => s.start <= from && s.end >= to);
    if (here.length) {
      const claims = r.claims[side] ?? [];
      out.push(
        h(
          "mark",
          {
            class: "dl-span",
            "data-claim": here.map((s) => s.key).join(" "),
            title: here.map((s) => `claim ${s.claim + 1}: ${claims[s.claim] ?? ""}`).join("\n"),
          },
          piece,
        ),
      );
    } else if (uncovered.some((u) => u.start <= from && u.end >= to))
      out.push(h("span", { class: "dl-uncovered", title: "no claim traces to this sentence" }, piece));
    else out.push(piece);
  }
  return out;
}

/** The claims of a side whose evidence is not in its answer, with the judge's quote and why. */
export function untracedList(r: WeaveResult, side: string): HTMLElement | null {
  const ev = r.evidence?.[side];
  if (!ev) return null;
  const bad = ev.map((e, i) => ({ e, i })).filter(({ e }) => e.status === "not-found" || e.status === "ambiguous");
  if (!bad.length) return null;
  const claims = r.claims[side] ?? [];
  return h(
    "div",
    { class: "dl-notfound" },
    h("h3", {}, `Claims not traced to ${sideLabel(side)}'s answer (${bad.length})`),
    h(
      "ul",
      {},
      bad.map(({ e, i }) =>
        h(
          "li",
          { "data-claims": `${side}:${i}`, "data-evidence": e.status },
          h("span", {}, claims[i] ?? "?"),
          h("span", { class: "dl-evidence-why" }, ` — ${evidenceText(e)}`),
          e.quote ? h("q", { class: "dl-quote" }, e.quote) : null,
        ),
      ),
    ),
  );
}

/** One claim's evidence under its text in the claims diff: the quote it rests on, or what went wrong. */
export function quoteUnder(r: WeaveResult, side: string, index: number): HTMLElement | null {
  const e = evidenceOf(r, side, index);
  if (!e) return null;
  if (e.status === "traced") {
    const answer = r.answers[side]?.text ?? "";
    const words = e.spans.map((s) => answer.slice(s.start, s.end)).join(" … ");
    return h("q", { class: "dl-quote", "data-evidence": "traced", title: evidenceText(e) }, words);
  }
  return h("span", { class: `dl-evidence-why dl-evidence-${e.status}`, "data-evidence": e.status }, evidenceText(e));
}

/** Hover or focus on anything carrying data-claims lights the marks of those claims. */
export function wireSpanHighlight(root: HTMLElement): void {
  const on = (target: EventTarget | null) => {
    for (const m of Array.from(root.querySelectorAll(".dl-span-on"))) m.classList.remove("dl-span-on");
    const el = (target as Element | null)?.closest?.("[data-claims]");
    const keys = el?.getAttribute("data-claims")?.split(/\s+/).filter(Boolean) ?? [];
    for (const key of keys) for (const m of Array.from(root.querySelectorAll(`mark[data-claim~="${key}"]`))) m.classList.add("dl-span-on");
  };
  root.addEventListener("pointerover", (e) => on(e.target));
  root.addEventListener("focusin", (e) => on(e.target));
  root.addEventListener("pointerout", () => on(null));
  root.addEventListener("focusout", () => on(null));
}
