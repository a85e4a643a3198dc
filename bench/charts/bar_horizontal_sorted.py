# realcharts bench snippet (bar horizontal sorted): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
m = df.groupby("stack")["build_seconds"].mean().sort_values()
fig, ax = plt.subplots(figsize=(8, 4))
ax.barh(m.index, m.values, color="#2563eb"); ax.set_xlabel("seconds"); ax.set_title("Mean build time")
fig.savefig("chart.png")
