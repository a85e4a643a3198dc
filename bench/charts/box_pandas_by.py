# realcharts bench snippet (box pandas by): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
ax = df.boxplot(column="build_seconds", by="stack", figsize=(8, 5))
fig = ax.figure
fig.savefig("chart.png")
