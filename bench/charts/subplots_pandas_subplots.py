import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
piv = df.pivot_table(index="date", columns="stack", values="build_seconds")
axes = piv.plot(subplots=True, figsize=(8, 10), legend=True)
fig = axes[0].figure
fig.savefig("chart.png")
