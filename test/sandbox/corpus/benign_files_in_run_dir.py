# Not hostile: what models write to save a chart (os.path.join, os.makedirs, from os import
# path, pathlib) passes the static check and draws; it reaches nothing outside the run dir.
# source: https://github.com/pandas-dev/pandas/blob/main/doc/source/user_guide/visualization.rst (charts saved to files, as the guide does)
# static: on
# expect-status: ok
# expect-pngs: 1
# expect-stdout: saved out/chart.png
import os
from os import path
from pathlib import Path
import pandas as pd
import matplotlib.pyplot as plt

os.makedirs("out", exist_ok=True)
Path("out", "data").mkdir(exist_ok=True)
df = pd.read_csv("data.csv", parse_dates=["date"])
df.to_csv(Path("out") / "data" / "copy.csv", index=False)
fig, ax = plt.subplots()
ax.plot(df["date"], df["value"])
target = os.path.join("out", "chart.png")
fig.savefig(target)
print("saved", target if path.exists(target) else "nothing")
