# realcharts bench snippet (hist overlaid stacks): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
fig, ax = plt.subplots(figsize=(8, 5))
for s, g in df.groupby("stack"):
    ax.hist(g["build_seconds"], bins=20, alpha=0.5, label=s)
ax.legend(); ax.set_title("Per stack")
fig.savefig("chart.png")
