// `jupyter nbconvert --to html` (the lab and classic templates; nbviewer renders with the lab one and
// html-manager from unpkg, which is nbconvert's own default) on the example notebooks executed by
// nbclient, opened in real Chromium: online (jsDelivr, unpkg and cdnjs served from a loopback CDN
// laid out like them, holding what `npm pack` produces) every duellab output is the live widget,
// drawing what JupyterLab draws, and its static views step back; offline, and wherever the state
// was not saved, every output shows its picture and its numbers under their labels. Never an error
// placeholder.
import { test } from "node:test";
import assert from "node:assert/strict";
import { executed, type Source, withoutState } from "./support/executed";
import { NAMED_VALUES_IN } from "../support/named-values";
import { assertLiveWidgets, assertStaticViews, expected, nbconvert } from "./support/expect";
import { foreignErrors, frontendSession, openFile, read, widgetsDrawn } from "./support/reader";

const session = frontendSession({ cdn: true });
const launch = (t: { skip(m?: string): void }) => session.browser(t);

const SOURCES: Source[] = ["weave", "graphite", "beyond"];

for (const template of ["lab", "classic"] as const) {
  for (const source of SOURCES) {
    test(`nbconvert ${template}, ${source}, saved state, online: the live widgets, drawn as in JupyterLab`, { timeout: 10 * 60_000 }, async (t) => {
      const b = await launch(t);
      if (!b) return;
      const file = executed()[source];
      const want = expected(file);
      const page = nbconvert(file, template);
      const o = await openFile(b, page, session.cdn);
      await widgetsDrawn(o.page, want.length);
      const reading = await read(o.page);
      assertLiveWidgets(reading, want, `${template}/${source}/online`);
      assert.deepEqual(foreignErrors(o.errors), [], "no console errors of duellab's");
      assert.ok(
        session.cdn.log.some((l) => l.host === "cdn.jsdelivr.net" && l.path.endsWith("/dist/index.js") && l.status === 200),
        "the widget module came from the CDN path html-manager asks for",
      );
      await o.close();
    });

    test(`nbconvert ${template}, ${source}, saved state, offline: the static views, never a placeholder`, { timeout: 10 * 60_000 }, async (t) => {
      const b = await launch(t);
      if (!b) return;
      const file = executed()[source];
      const want = expected(file);
      const o = await openFile(b, nbconvert(file, template), null);
      const reading = await read(o.page);
      assert.deepEqual(reading.live, [], "offline, no widget can load");
      assertStaticViews(reading, want, `${template}/${source}/offline`);
      assert.equal(reading.pictures, want.filter((w) => w.kind !== "none").length, "each output's picture decoded");
      await o.close();
    });

    test(`nbconvert ${template}, ${source}, state not saved: the summary line and the static views, online or not`, { timeout: 10 * 60_000 }, async (t) => {
      const b = await launch(t);
      if (!b) return;
      const file = withoutState(executed()[source]);
      const want = expected(executed()[source]);
      const page = nbconvert(file, template);
      for (const online of [session.cdn, null]) {
        const o = await openFile(b, page, online);
        const reading = await read(o.page);
        assert.deepEqual(reading.live, []);
        assertStaticViews(reading, want, `${template}/${source}/no state/${online ? "online" : "offline"}`);
        await o.close();
      }
    });
  }
}

for (const source of ["weave", "graphite", "beyond"] as Source[]) {
  test(`nbconvert --HTMLExporter.sanitize_html=True, ${source}: the static views stay readable, not escaped markup`, { timeout: 10 * 60_000 }, async (t) => {
    const b = await launch(t);
    if (!b) return;
    const file = executed()[source];
    const want = expected(file);
    const page = nbconvert(file, "lab", ["--HTMLExporter.sanitize_html=True"]);
    const o = await openFile(b, page, null);
    // bleach keeps the class (not the data attributes duellab's pages hide a fallback by).
    // The text just before each view counts too: a browser moves text a table holds outside its
    // cells (an escaped <tbody>) to just above the table.
    const views = (await o.page.evaluate(
      `Array.from(document.querySelectorAll(".duellab-static")).map((el) => ({ text: (el.closest(".jp-OutputArea-output") || el).innerText, rows: ${NAMED_VALUES_IN}(el) }))`,
    )) as { text: string; rows: [string, string][] }[];
    assert.equal(views.length, want.length, "every output's static view is there");
    want.forEach((w, i) => {
      assert.doesNotMatch(views[i]!.text, /<\/?[a-z][a-z0-9]*(\s[^>]*)?>/i, "no markup printed as text");
      for (const row of w.rows)
        assert.ok(
          views[i]!.rows.some(([k, v]) => k === row[0] && v === row[1]),
          `${w.model}: ${row[0]} = ${row[1]}`,
        );
    });
    await o.close();
  });
}
