# realcharts bench snippet (subplots mosaic): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
fig, axd = plt.subplot_mosaic([["top", "top"], ["left", "right"]], figsize=(9, 7), layout="constrained")
axd["top"].plot(df.groupby("date")["build_seconds"].mean())
axd["left"].bar(*zip(*df.groupby("stack")["tests_run"].sum().items()))
axd["right"].scatter(df["lines_changed"], df["build_seconds"], s=8, alpha=0.5)
fig.savefig("chart.png")
