// JupyterLab's and Notebook 7's renderer for duellab's fallback displays (the picture and the text
// that stand in for a widget where it cannot load). Ranked above text/html and image/png, it shows
// nothing while the widget it stands in for is live on the page, and the static view when that
// widget does not render (no saved state and no kernel, say): the picture as an image, the text as
// the sanitizer-proof HTML passed through JupyterLab's own sanitizer, so an untrusted notebook is
// as safe as with the built-in renderers.
import { Widget } from "@lumino/widgets";
import type { IRenderMime } from "@jupyterlab/rendermime-interfaces";
import { FALLBACK_MIME, type FallbackMarker } from "../../lib/snapshot/fallback-mime";
import { isLive, onLiveChange } from "./live-views";

/**
 * How long a fallback waits for its widget to become live before showing itself. Only what the
 * reader sees first depends on it (no flash of a static view above a widget that is still loading);
 * whether the static view shows at all is decided by the widget's presence, not by the clock.
 */
export const SHOW_AFTER_MS = 1500;

export class FallbackRenderer extends Widget implements IRenderMime.IRenderer {
  private stop: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private waited = false;

  constructor(private readonly options: IRenderMime.IRendererOptions) {
    super();
    this.addClass("duellab-fallback");
    this.node.setAttribute("data-duellab-renderer", "fallback");
  }

  async renderModel(model: IRenderMime.IMimeModel): Promise<void> {
    const marker = model.data[FALLBACK_MIME] as Partial<FallbackMarker> | undefined;
    const png = model.data["image/png"];
    const html = model.data["text/html"];
    const text = model.data["text/plain"];
    this.node.replaceChildren();
    if (typeof png === "string") {
      const img = document.createElement("img");
      img.src = `data:image/png;base64,${png}`;
      img.alt = typeof text === "string" ? text : "duellab: the settled view";
      img.style.maxWidth = "100%";
      this.node.append(img);
    } else if (typeof html === "string") {
      const div = document.createElement("div");
      div.className = "jp-RenderedHTMLCommon";
      div.innerHTML = this.options.sanitizer.sanitize(html);
      this.node.append(div);
    }
    // The picture display of a run without one says only that it has none: nothing to show here.
    const id = typeof marker?.model_id === "string" ? marker.model_id : null;
    this.stop?.();
    this.stop = id ? onLiveChange(id, () => this.apply(id)) : null;
    if (id && !this.waited && !isLive(id)) {
      this.timer = setTimeout(() => {
        this.waited = true;
        this.apply(id);
      }, SHOW_AFTER_MS);
    } else this.waited = true;
    if (id) this.apply(id);
    else this.setShown(this.node.childElementCount > 0);
  }

  private apply(id: string): void {
    this.setShown(this.waited && !isLive(id) && this.node.childElementCount > 0);
  }

  /** Hides the whole output row (prompt and padding included), not only this node. */
  private setShown(shown: boolean): void {
    this.node.dataset.duellabShown = String(shown);
    this.node.style.display = shown ? "" : "none";
    const row = this.node.closest(".jp-OutputArea-child");
    if (row instanceof HTMLElement) row.style.display = shown ? "" : "none";
  }

  protected onAfterAttach(): void {
    this.setShown(this.node.dataset.duellabShown === "true");
  }

  dispose(): void {
    this.stop?.();
    if (this.timer) clearTimeout(this.timer);
    super.dispose();
  }
}
