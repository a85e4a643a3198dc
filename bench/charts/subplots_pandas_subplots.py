# realcharts bench snippet (subplots pandas subplots): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
piv = df.pivot_table(index="date", columns="stack", values="build_seconds")
axes = piv.plot(subplots=True, figsize=(8, 10), legend=True)
fig = axes[0].figure
fig.savefig("chart.png")
