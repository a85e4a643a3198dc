# realcharts bench snippet (date pandas pivot plot): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
piv = df.pivot_table(index="date", columns="stack", values="build_seconds", aggfunc="mean")
ax = piv.plot(figsize=(10, 5), title="Build seconds per stack")
ax.set_ylabel("seconds")
fig = ax.figure
fig.savefig("chart.png")
