"""Extract the corpus's snippets from a seaborn checkout, and their falsified twins.

Usage: python extract.py <seaborn git dir> <csv dir> [twins per snippet, default 1]  > snippets.json

Sources (read with `git show HEAD:<path>`, so the checkout needs no work tree):
- doc/_docstrings/*.ipynb, id `<notebook>-<n>` (n: the code cell's number, from 1), and
  doc/_tutorial/*.ipynb, id `sns-tut-<notebook>-<n>`: each code cell that draws is one snippet,
  preceded by what it needs of the cells before it (imports, style calls, and every statement that
  defines a name it uses, transitively; a name made by an earlier drawing cell brings that cell's
  statements on it). A cell whose last statement is an expression has its value rendered when it is
  a seaborn.objects Plot, as the notebook displays it.
- examples/*.py, id `ex-<name>`: the whole file.
- pandas_forms.py, id `pd-<form>`: our pandas-guide forms.

graphite checks a chart against ONE CSV: a snippet is kept only when it loads exactly one data set
and that data set's CSV (seaborn__<name>.csv) is in the CSV folder; `sns.load_dataset(` becomes the
local `_load_dataset(` (loader.py). Skipped cells and snippets are counted by reason in `skipped`.
Each kept snippet gets twins (twins.py) on the columns it names. Not pure: reads git and the CSVs.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from loader import frame, preamble  # noqa: E402
from pandas_forms import FORMS  # noqa: E402
from twins import pick, twin_lines  # noqa: E402

# seaborn functions that draw nothing (styles, palettes, data)
QUIET_SNS = {
    "load_dataset",
    "get_dataset_names",
    "set_theme",
    "set",
    "set_style",
    "set_context",
    "set_palette",
    "axes_style",
    "plotting_context",
    "reset_defaults",
    "reset_orig",
    "color_palette",
    "light_palette",
    "dark_palette",
    "diverging_palette",
    "blend_palette",
    "cubehelix_palette",
    "mpl_palette",
    "hls_palette",
    "husl_palette",
    "xkcd_palette",
    "crayon_palette",
    "choose_colorbrewer_palette",
}
# method names whose call draws (on a frame, a grid, a Plot, an Axes)
DRAWING_METHODS = {
    "plot",
    "map",
    "map_diag",
    "map_offdiag",
    "map_lower",
    "map_upper",
    "map_dataframe",
    "plot_joint",
    "plot_marginals",
    "add",
    "hist",
    "boxplot",
    "scatter",
    "bar",
    "barh",
    "imshow",
    "pie",
    "fill_between",
    "show",
    "save",
}
# seaborn's loader however the snippet names it (sns.load_dataset, `from seaborn import load_dataset`)
# methods that change the frame they are called on
MUTATORS = {"pop", "insert", "update"}
LOAD_RE = re.compile(r"\b(?:sns\.|seaborn\.)?load_dataset\(")


def git_show(repo: str, path: str) -> str:
    return subprocess.run(
        ["git", "-C", repo, "show", f"HEAD:{path}"], check=True, capture_output=True, text=True
    ).stdout


def git_ls(repo: str, folder: str) -> list[str]:
    out = subprocess.run(
        ["git", "-C", repo, "ls-tree", "--name-only", "HEAD", folder + "/"], check=True, capture_output=True, text=True
    ).stdout
    return sorted(out.split())


def draws(node: ast.AST) -> bool:
    """Whether a statement calls something that draws (seaborn's plots, pyplot, .plot/.map/.add, so.Plot)."""
    for n in ast.walk(node):
        if not isinstance(n, ast.Call):
            continue
        f = n.func
        if isinstance(f, ast.Attribute):
            base = f.value.id if isinstance(f.value, ast.Name) else None
            if base in ("sns", "seaborn") and f.attr not in QUIET_SNS:
                return True
            if base == "so" and f.attr == "Plot":
                return True
            if base == "plt" and f.attr not in ("close", "rc", "rcParams", "style", "get_cmap"):
                return True
            if f.attr in DRAWING_METHODS:
                return True
    return False


def names_used(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def names_defined(stmt: ast.stmt) -> set[str]:
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return {(a.asname or a.name).split(".")[0] for a in stmt.names}
    if isinstance(stmt, (ast.FunctionDef, ast.ClassDef)):
        return {stmt.name}
    out = {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    # `tips["big_tip"] = ...` and `df.x = ...` change the frame: for what a later cell needs, they define it
    for n in ast.walk(stmt):
        if isinstance(n, (ast.Subscript, ast.Attribute)) and isinstance(n.ctx, ast.Store):
            base = base_name(n)
            if base:
                out.add(base)
    # so do `species = iris.pop("species")` and `df.dropna(inplace=True)`
    for n in ast.walk(stmt):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
            if n.func.attr in MUTATORS or any(k.arg == "inplace" for k in n.keywords):
                base = base_name(n.func.value)
                if base:
                    out.add(base)
    return out


def base_name(node: ast.expr) -> str | None:
    """The variable at the root of `a.b[c].d`, if any."""
    while isinstance(node, (ast.Subscript, ast.Attribute)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


class Stmt:
    def __init__(self, cell: int, node: ast.stmt, src: str) -> None:
        self.cell = cell
        self.node = node
        self.src = ast.get_source_segment(src, node) or ast.unparse(node)
        self.defines = names_defined(node)
        self.uses = names_used(node)
        self.draws = draws(node)
        self.is_import = isinstance(node, (ast.Import, ast.ImportFrom))
        # a bare call that defines nothing and draws nothing: sns.set_theme(...), mpl.rcParams..., warnings
        self.is_setting = isinstance(node, ast.Expr) and not self.draws


def render_last(cell_src: str, tree: ast.Module) -> str:
    """The cell with its last expression kept as `_last` and rendered when it is a seaborn.objects Plot or Plotter."""
    last = tree.body[-1]
    if not isinstance(last, ast.Expr):
        return cell_src
    value = ast.get_source_segment(cell_src, last.value) or ast.unparse(last.value)
    before = cell_src.splitlines()[: last.lineno - 1]
    return "\n".join(
        [
            *before,
            f"_last = (\n{value}\n)",
            'if type(_last).__name__ == "Plot":',
            "    _last.plot(pyplot=True)",
            # a Plot drawn on a figure pyplot does not hold (`.on(mpl.figure.Figure()).plot()`): saved, as shown
            'elif type(_last).__name__ == "Plotter":',
            '    _last.save("chart.png")',
        ],
    )


def notebook_snippets(text: str, prefix: str, skipped: dict[str, list[str]]) -> list[dict[str, Any]]:
    nb = json.loads(text)
    cells = [c for c in nb["cells"] if c["cell_type"] == "code"]
    history: list[Stmt] = []
    out: list[dict[str, Any]] = []
    for i, c in enumerate(cells, start=1):
        sid = f"{prefix}-{i}"
        src = "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
        src = "\n".join(line for line in src.splitlines() if not line.lstrip().startswith(("%", "!")))
        try:
            tree = ast.parse(src)
        except SyntaxError:
            skipped.setdefault("not Python (a syntax error)", []).append(sid)
            continue
        stmts = [Stmt(i, n, src) for n in tree.body]
        if not stmts or not any(s.draws for s in stmts):
            skipped.setdefault("setup or style cell: draws nothing", []).append(sid)
            history += stmts
            continue
        out.append({"id": sid, "code": context_for(history, stmts) + render_last(src, tree)})
        history += stmts
    return out


def context_for(history: list[Stmt], cell: list[Stmt]) -> str:
    """What the cell needs of the cells before it, in their order."""
    need: set[str] = set()
    defined: set[str] = set()
    for s in cell:  # a name the cell defines before using it needs nothing from before
        need |= s.uses - defined
        defined |= s.defines
    keep: set[int] = set()
    for j in range(len(history) - 1, -1, -1):
        s = history[j]
        if s.is_import or s.is_setting and not s.uses - {"sns", "mpl", "plt", "np", "pd", "warnings"}:
            keep.add(j)
            continue
        hit = s.defines & need
        if hit:
            keep.add(j)
            need = (need - hit) | s.uses
            if s.draws and "Plot" not in s.src:
                # a matplotlib grid or figure made by an earlier drawing cell: that cell's later
                # statements on it (a seaborn.objects Plot never changes: statements on it draw copies)
                for k in range(j + 1, len(history)):
                    t = history[k]
                    if t.cell == s.cell and t.uses & hit and not t.defines:
                        keep.add(k)
                        need |= t.uses
    return "".join(history[j].src + "\n" for j in sorted(keep))


def datasets_of(code: str) -> list[str]:
    names: list[str] = []
    for n in ast.walk(ast.parse(code)):
        if (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr == "load_dataset"
            or (
                isinstance(n, ast.Call)
                and isinstance(n.func, ast.Name)
                and n.func.id in ("load_dataset", "_load_dataset")
            )
        ):
            if n.args and isinstance(n.args[0], ast.Constant) and isinstance(n.args[0].value, str):
                names.append(n.args[0].value)
            else:
                names.append("?")
    return sorted(set(names))


def load_kws(code: str) -> dict[str, Any]:
    """The keyword arguments the snippet passes to load_dataset (brain_networks' header=[0, 1, 2])."""
    for n in ast.walk(ast.parse(code)):
        if isinstance(n, ast.Call) and isinstance(n.func, (ast.Attribute, ast.Name)):
            name = n.func.attr if isinstance(n.func, ast.Attribute) else n.func.id
            if name in ("load_dataset", "_load_dataset"):
                try:
                    return {k.arg: ast.literal_eval(k.value) for k in n.keywords if k.arg}
                except ValueError:
                    return {}
    return {}


def used_columns(code: str, columns: list[str]) -> list[str]:
    """The data set's columns the code names (as a string or an attribute), in the order it names them."""
    cols = set(c for c in columns if isinstance(c, str))
    seen: list[str] = []
    nodes = sorted(
        (n for n in ast.walk(ast.parse(code)) if isinstance(n, (ast.Constant, ast.Attribute))),
        key=lambda n: (n.lineno, n.col_offset),
    )
    for n in nodes:
        v = n.value if isinstance(n, ast.Constant) else n.attr
        if isinstance(v, str) and v in cols and v not in seen:
            seen.append(v)
    return seen


def main() -> None:
    repo, csv_dir = sys.argv[1], sys.argv[2]
    per = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    skipped: dict[str, list[str]] = {}
    raw: list[dict[str, Any]] = []
    for path in git_ls(repo, "doc/_docstrings"):
        if path.endswith(".ipynb"):
            name = os.path.basename(path)[: -len(".ipynb")]
            raw += [{**s, "source": path} for s in notebook_snippets(git_show(repo, path), name, skipped)]
    for path in git_ls(repo, "doc/_tutorial"):
        if path.endswith(".ipynb"):
            name = os.path.basename(path)[: -len(".ipynb")]
            raw += [{**s, "source": path} for s in notebook_snippets(git_show(repo, path), f"sns-tut-{name}", skipped)]
    for path in git_ls(repo, "examples"):
        if path.endswith(".py"):
            raw.append({"id": f"ex-{os.path.basename(path)[:-3]}", "source": path, "code": git_show(repo, path)})
    for form_id, code in FORMS:
        raw.append({"id": f"pd-{form_id}", "source": "scripts/corpus/pandas_forms.py", "code": code})

    snippets: list[dict[str, Any]] = []
    frames: dict[str, Any] = {}
    for s in raw:
        try:
            names = datasets_of(s["code"])
        except SyntaxError:
            skipped.setdefault("not Python (a syntax error)", []).append(s["id"])
            continue
        if not names:
            skipped.setdefault("loads no data set", []).append(s["id"])
            continue
        if len(names) > 1:
            skipped.setdefault("loads several data sets", []).append(s["id"])
            continue
        name = names[0]
        csv = os.path.join(csv_dir, f"seaborn__{name}.csv")
        if not os.path.exists(csv):
            skipped.setdefault("its data set has no CSV in the folder", []).append(s["id"])
            continue
        body = LOAD_RE.sub("_load_dataset(", s["code"])
        kws = load_kws(body)
        key = f"{name}:{json.dumps(kws, sort_keys=True)}"
        if key not in frames:
            frames[key] = frame(csv, name, **kws)
        df = frames[key]
        used = used_columns(s["code"], list(df.columns))
        twins = [
            {"kind": kind, "column": col, "line": line, "code": preamble(name, line) + body}
            for kind, col, line in pick(twin_lines(df, used), s["id"], per)
        ]
        snippets.append(
            {
                "id": s["id"],
                "source": s["source"],
                "dataset": name,
                "csv": csv,
                "code": preamble(name) + body,
                "twins": twins,
            }
        )
    json.dump({"snippets": snippets, "skipped": skipped}, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
