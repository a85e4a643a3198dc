# realcharts bench snippet (hist pandas frame): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
axes = df[["build_seconds", "tests_run", "lines_changed"]].hist(bins=25, figsize=(10, 6))
fig = axes.flat[0].figure
fig.savefig("chart.png")
