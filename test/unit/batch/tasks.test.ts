import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { itemKeys } from "../../../src/lib/batch/key";
import { parseCsvRows, readTasks, tasksFromCsv, tasksFromJsonl } from "../../../src/lib/batch/tasks";

test("CSV rows: quotes, doubled quotes, commas and line breaks inside fields, CRLF, BOM", () => {
  const rows = parseCsvRows('\uFEFFquestion,csv\r\n"Is A, or B, better?",data.csv\r\n"He said ""no""\nthen left",\r\n\r\n');
  assert.deepEqual(rows, [
    ["question", "csv"],
    ["Is A, or B, better?", "data.csv"],
    ['He said "no"\nthen left', ""],
  ]);
});

test("task CSV needs a question column and says what to do", () => {
  assert.deepEqual(tasksFromCsv("Question\nOne?\nTwo?\n"), [{ question: "One?" }, { question: "Two?" }]);
  assert.deepEqual(tasksFromCsv("question,csv\nQ?,d.csv\n"), [{ question: "Q?", csv: { path: "d.csv" } }]);
  assert.throws(
    () => tasksFromCsv("prompt\nOne?\n", "t.csv"),
    /t\.csv has no "question" column \(its header is "prompt"\): name the column of questions "question"\./,
  );
  assert.throws(() => tasksFromCsv("question,x\n,1\n", "t.csv"), /t\.csv, data row 1: the question is empty/);
  assert.throws(() => tasksFromCsv(""), /is empty/);
});

test("task JSONL: strings or objects, blank lines skipped, a bad line named", () => {
  assert.deepEqual(tasksFromJsonl('"One?"\n\n{"question":"Two?","csv":"b.csv"}\n'), [{ question: "One?" }, { question: "Two?", csv: { path: "b.csv" } }]);
  assert.throws(() => tasksFromJsonl('"ok"\n{nope\n', "t.jsonl"), /t\.jsonl, line 2 is not JSON/);
  assert.throws(() => tasksFromJsonl('{"q":"x"}\n', "t.jsonl"), /line 1: a task is a question string/);
  assert.throws(() => tasksFromJsonl("\n\n", "t.jsonl"), /holds no tasks/);
});

test("readTasks: arrays, files (data paths relative to the file), and clear refusals", () => {
  assert.deepEqual(readTasks(["  A?  ", { question: "B?" }]), [{ question: "A?" }, { question: "B?" }]);
  assert.throws(() => readTasks([]), /The task list is empty/);
  assert.throws(() => readTasks(["ok", ""]), /task 2: the question is empty/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dl-tasks-"));
  fs.writeFileSync(path.join(dir, "t.csv"), "question,csv\nQ1?,sub/d.csv\nQ2?,\n");
  const t = readTasks({ path: path.join(dir, "t.csv") });
  assert.deepEqual(t, [{ question: "Q1?", csv: { path: path.join(dir, "sub/d.csv") } }, { question: "Q2?" }]);
  fs.writeFileSync(path.join(dir, "t.txt"), "x");
  assert.throws(() => readTasks({ path: path.join(dir, "t.txt") }), /neither \.csv nor \.jsonl/);
  assert.throws(() => readTasks({ path: path.join(dir, "missing.csv") }), /Cannot read the task file/);
  assert.throws(() => readTasks(undefined), /Pass the tasks as an array/);
});

test("item keys: stable, and a repeated question is a second item", () => {
  const k1 = itemKeys("weave", [{ question: "Q" }, { question: "Q" }, { question: "R" }]);
  const k2 = itemKeys("weave", [{ question: "Q" }, { question: "Q" }, { question: "R" }]);
  assert.deepEqual(k1, k2);
  assert.equal(new Set(k1).size, 3);
  assert.notEqual(itemKeys("graphite", [{ question: "Q" }])[0], k1[0]);
  assert.notEqual(itemKeys("graphite", [{ question: "Q", dataId: "x" }])[0], itemKeys("graphite", [{ question: "Q", dataId: "y" }])[0]);
});
