import { test } from "node:test";
import assert from "node:assert/strict";
import { extractCode } from "../../../src/lib/graphite/code";

const CODE =
  'import pandas as pd\nimport matplotlib.pyplot as plt\n\ndf = pd.read_csv("data.csv")\nfig, ax = plt.subplots()\nfor s, g in df.groupby("stack"):\n    ax.plot(g["date"], g["build_seconds"], label=s)\nplt.savefig("chart.png")\n';

test("plain code passes through unchanged, nothing reported", () => {
  assert.deepEqual(extractCode(CODE), { code: CODE, stripped: [], prose: false });
});

test("a ```python fence with chatter around it is stripped and the stripping reported", () => {
  const r = extractCode(`Sure! Here is the code:\n\n\`\`\`python\n${CODE}\`\`\`\n\nThis plots build time per stack.`);
  assert.equal(r.code, CODE);
  assert.equal(r.prose, false);
  assert.deepEqual(r.stripped, ["a markdown code fence", "prose around the fence (2 lines)"]);
});

test("an untagged fence, a ~~~ fence, and CRLF line ends", () => {
  assert.equal(extractCode("```\n" + CODE + "```").code, CODE);
  assert.equal(extractCode("~~~py\n" + CODE + "~~~\n").code, CODE);
  assert.equal(extractCode(("```python\n" + CODE + "```").replace(/\n/g, "\r\n")).code, CODE);
});

test("several python fences are one program: joined in order; a non-python fence is ignored", () => {
  const r = extractCode("First the data:\n```python\nimport pandas as pd\n```\nThen:\n```bash\npip install x\n```\n```python\nprint(1)\n```\n");
  assert.equal(r.code, "import pandas as pd\n\nprint(1)\n");
  assert.equal(r.stripped[0], "2 markdown code fences (joined)");
});

test("an unterminated fence (output cut off) and a lone closing fence are dropped", () => {
  const r = extractCode("```python\n" + CODE);
  assert.equal(r.code, CODE);
  assert.deepEqual(r.stripped, ["a stray markdown fence line"]);
});

test("prose lines before and after unfenced code are removed and counted", () => {
  const r = extractCode(`Here's a chart of the build times:\n${CODE}\nThis chart shows the step change.\n`);
  assert.equal(r.code, CODE);
  assert.deepEqual(r.stripped, ["1 line of prose before the code", "1 line of prose after the code"]);
});

test("prose instead of code is labelled, not passed off as a program", () => {
  const r = extractCode("I would plot the rolling mean of build time per stack, marking the cache cut-over. Swift stands out as the slowest stack.");
  assert.equal(r.prose, true);
  const r2 = extractCode("The best chart here is a line chart.\nIt should show the trend.\nAlso mark January.\nThen print(it) for the team.\nThat is all.");
  assert.equal(r2.prose, true);
  assert.equal(extractCode("").prose, true);
});
