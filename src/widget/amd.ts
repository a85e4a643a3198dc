// The widget module as ipywidgets' own ecosystem loads it: html-manager (nbconvert's lab and
// classic pages, nbviewer, Quarto) and VS Code fetch `<package>@<version>/dist/index.js` from a CDN
// and require it as an AMD module that exports the model and view classes by the names in the saved
// state. scripts/build.mjs wraps this bundle in `define(["@jupyter-widgets/base"], ...)`: the page
// provides @jupyter-widgets/base, and the views inject their own styles.
export { DuelModel, DuelView } from "./plugin";
export { WIDGET_VERSION as version } from "../lib/schema/widget";
