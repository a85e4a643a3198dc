// Hiding a live widget's static fallbacks on pages that show raw output HTML (nbconvert's lab and
// classic pages, nbviewer, Quarto, duellab's own exported notebooks): once the widget has rendered,
// its picture and its text display would only repeat it. The text display is found by its
// data-duellab-fallback attribute; the picture display has no attribute of ours (viewers draw an
// image/png as they like), so it is the image-only output between the widget's own output and the
// text display, found by walking the output area both sit in, whatever the template calls it.
// Reversible: `showFallbacks` puts back exactly what was hidden.

const HIDDEN = "data-duellab-hidden";

/** The child of `area` that holds `el` (el itself when it is a child). */
function childOf(area: Element, el: Element): Element | null {
  let cur: Element | null = el;
  while (cur && cur.parentElement !== area) cur = cur.parentElement;
  return cur;
}

/** The nearest ancestor of `a` that also contains `b`. */
function commonArea(a: Element, b: Element): Element | null {
  let cur: Element | null = a.parentElement;
  while (cur && !cur.contains(b)) cur = cur.parentElement;
  return cur;
}

/** An output that is one image and no text: how every viewer draws an image/png display. */
function isPictureOnly(el: Element): boolean {
  return el.querySelectorAll("img").length === 1 && (el.textContent ?? "").replace(/\s|Out\[\d*\]:?/g, "") === "";
}

function hide(el: Element, list: Element[]): void {
  if (!(el instanceof HTMLElement) || el.hasAttribute(HIDDEN)) return;
  el.setAttribute(HIDDEN, el.style.display);
  el.style.display = "none";
  list.push(el);
}

/** Hides the fallbacks of `modelId` near the widget element `view`; returns what to show again. */
export function hideFallbacks(view: Element, modelId: string): Element[] {
  const doc = view.ownerDocument;
  const hidden: Element[] = [];
  const texts = Array.from(doc.querySelectorAll(`[data-duellab-fallback="${CSS.escape(modelId)}"]`)).filter((t) => !t.closest("[data-duellab-renderer]"));
  for (const text of texts) {
    const area = commonArea(text, view);
    if (!area) {
      hide(text, hidden);
      continue;
    }
    const mine = childOf(area, view);
    const theirs = childOf(area, text);
    if (!mine || !theirs || mine === theirs) {
      hide(text, hidden);
      continue;
    }
    hide(theirs, hidden);
    for (let sib = mine.nextElementSibling; sib && sib !== theirs; sib = sib.nextElementSibling) if (isPictureOnly(sib)) hide(sib, hidden);
  }
  return hidden;
}

export function showFallbacks(hidden: Element[]): void {
  for (const el of hidden) {
    if (!(el instanceof HTMLElement)) continue;
    el.style.display = el.getAttribute(HIDDEN) ?? "";
    el.removeAttribute(HIDDEN);
  }
}
