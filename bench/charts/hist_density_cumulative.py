# realcharts bench snippet (hist density cumulative): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
a.hist(df["build_seconds"], bins=40, density=True)
b.hist(df["build_seconds"], bins=40, cumulative=True, histtype="step")
a.set_title("density"); b.set_title("cumulative")
fig.savefig("chart.png")
