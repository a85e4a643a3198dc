# realcharts bench snippet (image contour): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
x = np.linspace(-3, 3, 200); X, Y = np.meshgrid(x, x)
Z = np.exp(-X**2 - Y**2) - np.exp(-(X - 1)**2 - (Y - 1)**2)
fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
cs = a.contour(X, Y, Z, 10); a.clabel(cs, fontsize=8)
cf = b.contourf(X, Y, Z, 20, cmap="RdBu_r"); fig.colorbar(cf, ax=b)
fig.savefig("chart.png")
