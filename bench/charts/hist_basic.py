# realcharts bench snippet (hist basic): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
fig, ax = plt.subplots()
ax.hist(df["build_seconds"], bins=30, color="#4c78a8", edgecolor="white")
ax.set_xlabel("seconds"); ax.set_title("Build time distribution")
fig.savefig("chart.png")
