// The task list of a batch: an array, or a CSV / JSONL file of questions (and, for graphite, the
// data each question is about). Parsing is pure; reading the file is one call at the edge.
import fs from "node:fs";
import path from "node:path";
import { InputError } from "../errors/errors";

export type CsvRef = string | Uint8Array | { path: string };

export interface Task {
  question: string;
  /** graphite only: this task's own data (a file task's `csv` column is a path). */
  csv?: CsvRef;
}

export type TaskInput = string | { question: string; csv?: CsvRef };
export type TaskSource = readonly TaskInput[] | { path: string };

export class BatchInputError extends InputError {
  override name = "BatchInputError";
}

/** RFC 4180 rows: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const src = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && src[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ""));
}

/** Tasks from CSV text with a header naming a `question` column (and optionally `csv`). */
export function tasksFromCsv(text: string, where = "the task CSV"): Task[] {
  const rows = parseCsvRows(text);
  if (rows.length === 0) throw new BatchInputError(`${where} is empty: give a header row with a "question" column and one question per row.`);
  const header = rows[0]!.map((h) => h.trim().toLowerCase());
  const q = header.indexOf("question");
  if (q < 0)
    throw new BatchInputError(
      `${where} has no "question" column (its header is ${rows[0]!.map((h) => JSON.stringify(h)).join(", ")}): name the column of questions "question".`,
    );
  const c = header.indexOf("csv");
  return rows.slice(1).map((r, i) => {
    const question = (r[q] ?? "").trim();
    if (!question) throw new BatchInputError(`${where}, data row ${i + 1}: the question is empty; fill it in or delete the row.`);
    const csv = c >= 0 ? (r[c] ?? "").trim() : "";
    return csv ? { question, csv: { path: csv } } : { question };
  });
}

/** Tasks from JSONL: each line a JSON string or an object with `question` (and optionally `csv`, a path). */
export function tasksFromJsonl(text: string, where = "the task file"): Task[] {
  const tasks: Task[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === "") return;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      throw new BatchInputError(`${where}, line ${i + 1} is not JSON: write one {"question": "..."} per line.`);
    }
    tasks.push(taskFrom(v, `${where}, line ${i + 1}`, true));
  });
  if (tasks.length === 0) throw new BatchInputError(`${where} holds no tasks: write one {"question": "..."} per line.`);
  return tasks;
}

function taskFrom(v: unknown, where: string, csvIsPath: boolean): Task {
  if (typeof v === "string") {
    if (!v.trim()) throw new BatchInputError(`${where}: the question is empty.`);
    return { question: v.trim() };
  }
  const o = v as { question?: unknown; csv?: unknown } | null;
  if (!o || typeof o !== "object" || typeof o.question !== "string" || !o.question.trim()) {
    throw new BatchInputError(`${where}: a task is a question string or { question: "..." }.`);
  }
  if (o.csv === undefined || o.csv === null) return { question: o.question.trim() };
  if (csvIsPath && typeof o.csv === "string") return { question: o.question.trim(), csv: { path: o.csv } };
  return { question: o.question.trim(), csv: o.csv as CsvRef };
}

/** Read the tasks from an array or a .csv / .jsonl file; relative data paths in a file are relative to it. */
export function readTasks(source: TaskSource | undefined): Task[] {
  if (Array.isArray(source)) {
    if (source.length === 0) throw new BatchInputError("The task list is empty: pass at least one question.");
    return source.map((t, i) => taskFrom(t, `task ${i + 1}`, false));
  }
  const p = (source as { path?: unknown } | undefined)?.path;
  if (typeof p !== "string") throw new BatchInputError('Pass the tasks as an array of questions or as { path: "tasks.csv" } (or .jsonl).');
  let text: string;
  try {
    text = fs.readFileSync(p, "utf8");
  } catch {
    throw new BatchInputError(`Cannot read the task file ${p} (paths are relative to ${process.cwd()}).`);
  }
  const tasks = /\.jsonl?$/i.test(p) ? tasksFromJsonl(text, p) : /\.csv$/i.test(p) ? tasksFromCsv(text, p) : null;
  if (!tasks) throw new BatchInputError(`The task file ${p} is neither .csv nor .jsonl: rename it, or pass the questions as an array.`);
  const dir = path.dirname(path.resolve(p));
  return tasks.map((t) => (t.csv && typeof t.csv === "object" && "path" in t.csv ? { ...t, csv: { path: path.resolve(dir, t.csv.path) } } : t));
}
