# realcharts bench snippet (bar categorical strings): our own chart code in the style models write; reads
# data.csv (the build log), saves chart.png. Run warm in the sandbox and in a fresh Python.
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
df = pd.read_csv("data.csv", parse_dates=["date"])
fig, ax = plt.subplots()
ax.bar(["Go", "Python", "Swift"], [85, 110, 430], color=["tab:green", "tab:blue", "tab:orange"])
ax.set_ylabel("seconds"); ax.set_title("Typical build time")
fig.savefig("chart.png")
