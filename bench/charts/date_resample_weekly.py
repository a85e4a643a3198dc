# realcharts bench snippet (date resample weekly): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
weekly = df.set_index("date").groupby("stack")["build_seconds"].resample("W").mean().unstack(0)
fig, ax = plt.subplots(figsize=(10, 5))
weekly.plot(ax=ax, marker="o", markersize=3)
ax.set_title("Weekly mean build time per stack")
fig.savefig("chart.png")
