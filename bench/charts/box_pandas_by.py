import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
ax = df.boxplot(column="build_seconds", by="stack", figsize=(8, 5))
fig = ax.figure
fig.savefig("chart.png")
