import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
axes = df[["build_seconds", "tests_run", "lines_changed"]].hist(bins=25, figsize=(10, 6))
fig = axes.flat[0].figure
fig.savefig("chart.png")
