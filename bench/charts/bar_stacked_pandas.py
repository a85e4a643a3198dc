# realcharts bench snippet (bar stacked pandas): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
counts = df.pivot_table(index="weekday", columns="stack", values="tests_failed", aggfunc="sum")
ax = counts.plot.bar(stacked=True, figsize=(9, 5), title="Failed tests by weekday")
fig = ax.figure
fig.savefig("chart.png")
