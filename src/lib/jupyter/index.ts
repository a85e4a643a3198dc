// The Jupyter bridge: live ipywidgets from inside a tslab kernel.
export { inKernel, showWidget } from "./widget";
export type { WidgetHandle } from "./widget";
