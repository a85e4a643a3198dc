// JupyterLab's mime extension entry (package.json jupyterlab.mimeExtension in the built extension):
// the renderer for duellab's fallback displays.
import type { IRenderMime } from "@jupyterlab/rendermime-interfaces";
import { FALLBACK_MIME } from "../lib/snapshot/fallback-mime";
import { FallbackRenderer } from "./fallback/renderer";

const extension: IRenderMime.IExtension = {
  id: "duellab:fallback",
  rendererFactory: { safe: true, mimeTypes: [FALLBACK_MIME], defaultRank: 0, createRenderer: (options) => new FallbackRenderer(options) },
  rank: 0,
  dataType: "json",
};
export default extension;
