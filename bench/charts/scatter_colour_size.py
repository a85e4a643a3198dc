# realcharts bench snippet (scatter colour size): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
fig, ax = plt.subplots(figsize=(7, 5))
sc = ax.scatter(df["lines_changed"], df["build_seconds"], c=df["tests_run"], s=df["tests_failed"] * 5 + 5, cmap="plasma", alpha=0.7)
fig.colorbar(sc, label="tests run"); ax.set_xlabel("lines changed"); ax.set_ylabel("seconds")
fig.savefig("chart.png")
