# realcharts bench snippet (image pcolormesh matshow): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
rng = np.random.default_rng(3)
fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
a.pcolormesh(rng.random((30, 40)), cmap="magma")
b.matshow(np.corrcoef(df[["build_seconds", "tests_run", "tests_failed", "lines_changed"]].T.values), cmap="coolwarm")
fig.savefig("chart.png")
