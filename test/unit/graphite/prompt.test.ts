import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { buildLogCsv } from "../../../src/lib/graphite/buildlog";
import { readCsv } from "../../../src/lib/graphite/csv";
import { buildCoderPrompt, buildRepairPrompt, newNonce } from "../../../src/lib/graphite/prompt";

const csv = readCsv(buildLogCsv());
const question = "What changed in our build times, and which stack is the outlier?";

test("the coder prompt has the row count, header + 25 rows, the file note, the task, the instructions and the nonce", () => {
  const p = buildCoderPrompt({ csv, question, nonce: "abc123" });
  assert.match(p, /^Here is data\.csv \(215 data rows\)\. The header and the first 25 rows:\n\ndate,weekday,shipped,stack,tools,build_seconds/);
  for (const line of buildLogCsv().split("\n").slice(0, 26)) assert.ok(p.includes(`${line}\n`), `preview line missing: ${line}`);
  assert.ok(!p.includes(buildLogCsv().split("\n")[26]!), "row 26 is not in the prompt");
  assert.ok(p.includes('\nThe full file is at ./data.csv.\nRead it with pd.read_csv("data.csv").\n'));
  assert.ok(p.includes(`\nTask: ${question}\n`));
  assert.ok(p.includes("Write Python code using pandas and matplotlib that produces the single most insightful chart of this data."));
  assert.ok(p.includes('plt.savefig("chart.png")') && p.includes('fig.savefig(sys.stdout.buffer, format="png")'));
  assert.ok(p.includes("Output only code."));
  assert.ok(p.endsWith("\n[run-nonce: abc123]"));
});

test("a small CSV says how many rows it shows and adds no ellipsis", () => {
  const p = buildCoderPrompt({ csv: readCsv("x,y\n1,2\n3,4\n"), question: "q", nonce: "n" });
  assert.ok(p.startsWith("Here is data.csv (2 data rows). The header and the first 2 rows:\n\nx,y\n1,2\n3,4\n\nThe full file"));
});

test("two identical questions get different nonces and so different prompt hashes", () => {
  const n1 = newNonce();
  const n2 = newNonce();
  assert.match(n1, /^[0-9a-f]{16}$/);
  assert.notEqual(n1, n2);
  const h = (s: string) => createHash("sha256").update(s).digest("hex");
  assert.notEqual(h(buildCoderPrompt({ csv, question, nonce: n1 })), h(buildCoderPrompt({ csv, question, nonce: n2 })));
});

test("the repair prompt: original prompt, previous code, verbatim traceback, the instruction, the attempt", () => {
  const base = buildCoderPrompt({ csv, question, nonce: "n1" });
  const tb = 'Traceback (most recent call last):\n  File "snippet.py", line 4, in <module>\n    df["build_time"]\nKeyError: \'build_time\'\n';
  const p = buildRepairPrompt({ basePrompt: base, code: "import pandas as pd\ndf['build_time']\n", traceback: tb, attempt: 1 });
  assert.ok(p.startsWith(base));
  assert.ok(p.includes("Your previous attempt was:\n```python\nimport pandas as pd\ndf['build_time']\n```"));
  assert.ok(p.includes(`It crashed with this Python traceback:\n\n${tb.trimEnd()}\n`));
  assert.ok(p.includes("Return corrected Python code only."));
  assert.ok(p.endsWith("[repair-attempt: 1]"));
  const again = buildRepairPrompt({ basePrompt: base, code: "import pandas as pd\ndf['build_time']\n", traceback: tb, attempt: 2 });
  assert.notEqual(p, again, "a second repair of the same crash is a different prompt");
});

test("a refused run is repaired with the rule in place of a traceback", () => {
  const p = buildRepairPrompt({ basePrompt: "B", code: "import socket", traceback: null, refusal: "import of blocked module 'socket' (line 1)", attempt: 1 });
  assert.ok(p.includes("It was refused before running by the sandbox's static check:\n\nimport of blocked module 'socket' (line 1)"));
  assert.ok(p.includes("Return corrected Python code only."));
});

test("a semicolon CSV with decimal commas: the prompt tells the models the exact read_csv call", () => {
  const semi = readCsv("Datum;Ort;Wert\n2024-01-01;Köln;1,5\n2024-01-02;Bonn;2,25\n");
  const p = buildCoderPrompt({ csv: semi, question: "q", nonce: "n" });
  assert.ok(
    p.includes(
      '\nThe full file is at ./data.csv.\nRead it with pd.read_csv("data.csv", sep=";", decimal=",") (fields are separated by semicolons and numbers use a decimal comma).\n',
    ),
  );
  const tab = buildCoderPrompt({ csv: readCsv("a\tb\n1\t2\n"), question: "q", nonce: "n" });
  assert.ok(tab.includes('Read it with pd.read_csv("data.csv", sep="\\t") (fields are separated by tabs).\n'));
});
