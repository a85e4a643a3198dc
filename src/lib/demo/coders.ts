// The graphite chart coders: pandas + matplotlib programs over data.csv, each showing one
// behaviour of the seed (a careful chart, a noisy one, a crash and its fix, a blocked import, a
// chart whose comments lie, a chart drawn with seaborn). Deterministic: same prompt kind, same code.

export const CODERS = ["analyst", "raw-bars", "crasher", "overthinker", "socket", "liar", "seaborn"] as const;
export type CoderName = (typeof CODERS)[number];

export const ANALYST_CODE = `import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

df = pd.read_csv("data.csv", parse_dates=["date"]).sort_values("date")
daily = df.groupby("date")["build_seconds"].mean()
trend = daily.rolling(10, min_periods=1).mean()
swift = df[df["stack"] == "Swift"]

fig, ax = plt.subplots(figsize=(10, 5.5), dpi=110)
ax.plot(trend.index, trend.values, color="#2563eb", linewidth=2.2, label="10-day rolling mean, all stacks")
ax.scatter(swift["date"], swift["build_seconds"], color="#e05c4f", s=14, label="Swift builds (2-4x slower)")
ax.axvline(pd.Timestamp("2025-01-15"), color="#9aa0a6", linestyle="--", linewidth=1.5, label="remote build cache on (2025-01-15)")
ax.set_title("Build time fell when the remote cache was enabled; Swift stays slowest")
ax.set_xlabel("date")
ax.set_ylabel("build time (seconds)")
ax.legend(loc="upper right")
fig.autofmt_xdate()
fig.tight_layout()
fig.savefig("chart.png")
`;

export const RAW_BARS_CODE = `\`\`\`python
import pandas as pd
import matplotlib.pyplot as plt

df = pd.read_csv("data.csv")
fig, ax = plt.subplots(figsize=(12, 5))
ax.bar(range(len(df)), df["build_seconds"], color="#4c78a8")
ax.set_xticks(range(len(df)))
ax.set_xticklabels(df["date"], rotation=90, fontsize=6)
ax.set_title("Build seconds")
fig.savefig("chart.png")
\`\`\``;

export const CRASHER_CODE = `import pandas as pd
import matplotlib.pyplot as plt

df = pd.read_csv("data.csv")
by_language = df.groupby("language")["build_seconds"].mean().sort_values()
fig, ax = plt.subplots(figsize=(9, 5))
ax.barh(by_language.index, by_language.values, color="#2563eb")
ax.set_title("Mean build time by language")
ax.set_xlabel("seconds")
fig.savefig("chart.png")
`;

export const CRASHER_FIXED_CODE = `import pandas as pd
import matplotlib.pyplot as plt

df = pd.read_csv("data.csv")
# The column is "stack", not "language".
before = df[df["cache_enabled"] == 0].groupby("stack")["build_seconds"].mean()
after = df[df["cache_enabled"] == 1].groupby("stack")["build_seconds"].mean().reindex(before.index)
x = list(range(len(before)))
fig, ax = plt.subplots(figsize=(9, 5))
ax.bar([i - 0.2 for i in x], before.values, width=0.4, color="#9aa0a6", label="before the cache")
ax.bar([i + 0.2 for i in x], after.values, width=0.4, color="#2563eb", label="with the cache")
ax.set_xticks(x)
ax.set_xticklabels(list(before.index))
ax.set_title("Mean build time per stack, before and after the remote cache")
ax.set_xlabel("stack")
ax.set_ylabel("mean build time (seconds)")
ax.legend()
fig.tight_layout()
fig.savefig("chart.png")
`;

export const OVERTHINKER_CODE = `import sys
import pandas as pd
import matplotlib.pyplot as plt

df = pd.read_csv("data.csv", parse_dates=["date"])
weekly = df.set_index("date").groupby("stack")["build_seconds"].resample("W").mean().unstack(0)
fig, ax = plt.subplots(figsize=(10, 5))
weekly.plot(ax=ax, marker="o", markersize=3)
ax.set_title("Weekly mean build time per stack")
ax.set_xlabel("week")
ax.set_ylabel("build time (seconds)")
fig.tight_layout()
fig.savefig(sys.stdout.buffer, format="png")
`;

export const SOCKET_CODE = `import socket
import pandas as pd
import matplotlib.pyplot as plt

# Fetch a colour palette before drawing.
conn = socket.create_connection(("example.com", 80), timeout=2)
conn.close()
df = pd.read_csv("data.csv")
fig, ax = plt.subplots()
ax.plot(df["build_seconds"])
fig.savefig("chart.png")
`;

export const LIAR_CODE = `import pandas as pd
import matplotlib.pyplot as plt

# This chart has 9 axes, 42 distinct colours and a legend, honest.
NINE_AXES = 9
FORTY_TWO_COLOURS = 42
LEGEND_PRESENT = True
df = pd.read_csv("data.csv")
fig, ax = plt.subplots(figsize=(6, 4))
ax.plot(df["build_seconds"], color="tab:green")
ax.set_title("9 axes, 42 colours, legend included")
fig.savefig("chart.png")
`;

// Real model code often reaches for seaborn: a bar chart with 95% confidence intervals and a
// histogram, both drawn by seaborn on matplotlib axes (so the sandbox measures them as usual).
export const SEABORN_CODE = `import pandas as pd
import seaborn as sns
import matplotlib.pyplot as plt

df = pd.read_csv("data.csv")
order = df.groupby("stack")["build_seconds"].mean().sort_values().index
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.5))
sns.barplot(data=df, x="stack", y="build_seconds", order=order, errorbar=("ci", 95), seed=0, color="#4c72b0", ax=ax1)
ax1.set_title("Mean build time per stack (95% CI)")
ax1.set_xlabel("stack")
ax1.set_ylabel("build time (seconds)")
sns.histplot(data=df, x="build_seconds", bins=24, color="#dd8452", ax=ax2)
ax2.set_title("Distribution of build times")
ax2.set_xlabel("build time (seconds)")
ax2.set_ylabel("builds")
fig.tight_layout()
fig.savefig("chart.png")
`;

/** What a coder returns for a prompt; the crasher fixes its code once it is shown the traceback. */
export function codeFor(name: CoderName, prompt: string): string {
  switch (name) {
    case "analyst":
      return ANALYST_CODE;
    case "raw-bars":
      return RAW_BARS_CODE;
    case "crasher":
      return prompt.includes("It crashed with this Python traceback") ? CRASHER_FIXED_CODE : CRASHER_CODE;
    case "overthinker":
      return OVERTHINKER_CODE;
    case "socket":
      return SOCKET_CODE;
    case "liar":
      return LIAR_CODE;
    case "seaborn":
      return SEABORN_CODE;
  }
}
