// The palette's WCAG 2.1 AA promise, checked pair by pair: every foreground against every
// background the stylesheets draw it on, in the light and the dark theme, and the graph's marks
// (theme-independent) against both themes' panel paper.
import { test } from "node:test";
import assert from "node:assert/strict";
import { contrast, DARK, EDGE_OPACITY, GRAPH, GRAPH_USES, LIGHT, luminance, over, paletteCss, REQUIRED, THEMES, USES } from "../../src/lib/theme/palette";

test("contrast() matches WCAG's reference values", () => {
  assert.equal(contrast("#000000", "#ffffff").toFixed(2), "21.00");
  assert.equal(contrast("#ffffff", "#ffffff"), 1);
  // #767676 on white is the well-known 4.54:1 grey.
  assert.equal(contrast("#767676", "#ffffff").toFixed(2), "4.54");
  assert.equal(luminance("#ffffff"), 1);
  assert.equal(over("#000000", "#ffffff", 0.5), "#808080");
  assert.throws(() => contrast("red", "#fff"), /not a #rrggbb colour/);
});

for (const [name, theme] of Object.entries(THEMES)) {
  test(`${name} theme: every text and mark meets WCAG AA on every background it is drawn on`, () => {
    const failures: string[] = [];
    let checked = 0;
    for (const use of USES) {
      for (const bg of use.on) {
        const ratio = contrast(theme[use.fg], theme[bg]);
        checked++;
        if (ratio < REQUIRED[use.kind])
          failures.push(`${use.what}: ${use.fg} ${theme[use.fg]} on ${bg} ${theme[bg]} = ${ratio.toFixed(2)} < ${REQUIRED[use.kind]}`);
      }
    }
    assert.deepEqual(failures, []);
    assert.ok(checked >= 60, `checked ${checked} pairs`);
  });
}

test("graph marks reach 3:1 on the light and the dark panel paper alike", () => {
  const failures: string[] = [];
  for (const use of GRAPH_USES) {
    for (const paper of [LIGHT.paper, LIGHT.bg, DARK.paper, DARK.bg, GRAPH.staticPaper]) {
      const best = Math.max(...use.colors.map((c) => contrast(use.opacity === undefined ? c : over(c, paper, use.opacity), paper)));
      if (best < 3) failures.push(`${use.what} on ${paper}: ${best.toFixed(2)}`);
    }
  }
  assert.deepEqual(failures, []);
  assert.ok(contrast(GRAPH.staticLabel, GRAPH.staticPaper) >= 4.5, "static snapshot labels");
  assert.ok(EDGE_OPACITY.agree <= 1 && EDGE_OPACITY.contradict <= 1);
});

test("paletteCss: light by default, dark under JupyterLab's dark theme and, outside JupyterLab, the system's dark preference", () => {
  const css = paletteCss();
  assert.match(css, /^\.duellab-root \{ --dl-fg: #1f2328;/);
  assert.match(css, /body\[data-jp-theme-light="false"\] \.duellab-root \{ --dl-fg: #e6edf3;/);
  assert.match(css, /@media \(prefers-color-scheme: dark\) \{ body:not\(\[data-jp-theme-light\]\) \.duellab-root \{ --dl-fg: #e6edf3;/);
  assert.match(css, /--dl-tok-comment: #/);
});

test("the N-model view's ring colours and heat-map ink read on both themes", async () => {
  const { cellLightness, ringColour } = await import("../../src/widget/render/multi/layout");
  const { hslHex, inkOn } = await import("../../src/lib/theme/palette");
  assert.equal(hslHex(0, 100, 50), "#ff0000");
  assert.equal(hslHex(212, 60, 96).length, 7);
  const failures: string[] = [];
  for (let n = 2; n <= 8; n++)
    for (let size = 1; size < n; size++) {
      const m = /hsl\((\d+), (\d+)%, (\d+)%\)/.exec(ringColour(size, n))!;
      const c = hslHex(Number(m[1]), Number(m[2]), Number(m[3]));
      for (const paper of [LIGHT.paper, DARK.paper]) if (contrast(c, paper) < 3) failures.push(`${size} of ${n}: ${c} on ${paper}`);
    }
  for (let v = 0; v <= 100; v++) {
    const light = cellLightness(v);
    const bg = hslHex(212, 60, light);
    if (contrast(inkOn(bg), bg) < 4.5) failures.push(`matrix cell at ${light}%`);
  }
  assert.deepEqual(failures, []);
});

test("exported notebooks: the code colours that replace nbconvert's read at 4.5:1 on the cell and on white", async () => {
  const { NOTEBOOK_CODE_LIGHT, NOTEBOOK_CODE_BG, notebookCss } = await import("../../src/lib/theme/palette");
  const failures = Object.entries(NOTEBOOK_CODE_LIGHT).flatMap(([k, v]) =>
    [NOTEBOOK_CODE_BG, "#ffffff"].filter((bg) => contrast(v, bg) < 4.5).map((bg) => `${k} ${v} on ${bg}`),
  );
  assert.deepEqual(failures, []);
  assert.match(notebookCss(), /^body\[data-jp-theme-light="true"\] \{ --jp-mirror-editor-atom-color: #5c5cd6;.* --jp-cell-prompt-not-active-opacity: 1; \}$/);
});
