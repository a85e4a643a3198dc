// What bench/graphite-check.bench.ts checks: a seeded 50,000-row CSV shaped like a shop's sales log
// (a date, three categories, four numbers) and real-style chart code for it in the forms models
// and galleries write (groupby bars, histograms, scatter, rolling and resampled dates, seaborn's
// count, box, bar, violin and KDE plots, pivot bars, a 50,000-point line). Our own code. Pure.
import { seededRng } from "../src/lib/stats/prng";

export const BIG_ROWS = 50_000;

const CUTS = ["Fair", "Good", "Very Good", "Premium", "Ideal"];
const COLORS = ["D", "E", "F", "G", "H", "I", "J"];
const STORES = ["north", "south", "east", "west"];

/** The 50,000-row CSV (deterministic: the same bytes every run). */
export function bigCsv(rows = BIG_ROWS): string {
  const rand = seededRng(20_261_202);
  const out = ["sold,store,cut,color,carat,depth,price,discount"];
  const day0 = Date.UTC(2019, 0, 1);
  for (let i = 0; i < rows; i++) {
    const day = new Date(day0 + Math.floor((i / rows) * 1826) * 86_400_000).toISOString().slice(0, 10);
    const carat = 0.2 + rand() * rand() * 3;
    const cut = CUTS[Math.floor(rand() * CUTS.length)]!;
    const color = COLORS[Math.floor(rand() * COLORS.length)]!;
    const depth = 58 + rand() * 8;
    const price = Math.round(300 + carat * carat * 2500 * (1 + CUTS.indexOf(cut) / 10) + rand() * 400);
    // a few gaps, as real logs have
    const discount = rand() < 0.03 ? "" : (rand() * 0.3).toFixed(2);
    out.push(`${day},${STORES[i % 4]},${cut},${color},${carat.toFixed(2)},${depth.toFixed(1)},${price},${discount}`);
  }
  return `${out.join("\n")}\n`;
}

const HEAD = `import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
import seaborn as sns
df = pd.read_csv("data.csv")
`;
const SAVE = `\nplt.tight_layout()\nplt.savefig("chart.png")\n`;

/** Chart code for the big CSV, by name. */
export const BIG_CHARTS: Record<string, string> = {
  "groupby mean bars": `df.groupby("cut")["price"].mean().sort_values().plot.bar()`,
  histogram: `plt.hist(df["carat"], bins=30)`,
  scatter: `plt.scatter(df["carat"], df["price"], s=2, alpha=0.3)`,
  "daily rolling mean": `df["sold"] = pd.to_datetime(df["sold"])
daily = df.groupby("sold")["price"].mean()
daily.rolling(30).mean().plot()`,
  "monthly resample": `s = df.set_index(pd.to_datetime(df["sold"]))["price"].resample("ME").sum()
s.plot(marker="o")`,
  countplot: `sns.countplot(x="color", data=df)`,
  boxplot: `sns.boxplot(x="cut", y="price", data=df)`,
  "barplot sd": `sns.barplot(x="store", y="price", data=df, errorbar="sd")`,
  violin: `sns.violinplot(x="store", y="depth", data=df)`,
  kde: `sns.kdeplot(df["depth"])`,
  "pivot bars": `df.pivot_table(index="cut", columns="store", values="price", aggfunc="mean").plot.bar()`,
  "whole column line": `df["price"].plot()`,
  "discount by cut": `df.groupby("cut")["discount"].mean().plot.barh()`,
};

export const bigChartCode = (body: string) => `${HEAD}${body}${SAVE}`;
