# realcharts bench snippet (seaborn heatmap): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import seaborn as sns
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
piv = df.pivot_table(index="stack", columns="weekday", values="tests_failed", aggfunc="sum")
fig, ax = plt.subplots(figsize=(8, 4))
sns.heatmap(piv, annot=True, fmt=".0f", cmap="rocket_r", ax=ax)
fig.savefig("chart.png")
