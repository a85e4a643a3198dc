"""Execute a notebook with the tslab kernel through nbclient, as CI and Binder do, and print a JSON
report of what a reader would see: every output by cell, and the saved widget state."""
import json, sys, time
import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

path, workdir = sys.argv[1], sys.argv[2]
out_path = sys.argv[3] if len(sys.argv) > 3 else None
kernel = sys.argv[4] if len(sys.argv) > 4 else "tslab"
nb = nbformat.read(path, as_version=4)
client = NotebookClient(nb, kernel_name=kernel, timeout=240, resources={"metadata": {"path": workdir}}, store_widget_state=True)
t0 = time.time()
failure = None
try:
    client.execute()
except CellExecutionError as e:
    failure = str(e)[-2000:]
cells = []
for i, cell in enumerate(nb.cells):
    if cell.cell_type != "code":
        continue
    outs = []
    for o in cell.get("outputs", []):
        if o.output_type == "error":
            outs.append({"type": "error", "ename": o.ename, "evalue": o.evalue})
        elif o.output_type == "stream":
            outs.append({"type": "stream", "name": o.name, "text": o.text})
        else:
            data = o.get("data", {})
            outs.append({"type": o.output_type, "mimes": sorted(data.keys()),
                         "widget": data.get("application/vnd.jupyter.widget-view+json", {}).get("model_id"),
                         "fallback": data.get("application/vnd.duellab.fallback+json", {}).get("model_id"),
                         "text": data.get("text/plain", ""),
                         "html": data.get("text/html", "")})
    cells.append({"index": i, "source": cell.source[:200], "outputs": outs})
state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
if out_path:
    nbformat.write(nb, out_path)
print(json.dumps({"seconds": round(time.time() - t0, 1), "failure": failure, "cells": cells, "widgets": state}))
