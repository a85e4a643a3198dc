"""Our pandas-guide forms: `.plot` calls written in the style of pandas' visualization guide
(line, bar, barh, stacked, hist, box, kde, area, scatter, hexbin, pie, groupby aggregates,
resampling, rolling means, pivots, value counts), on seaborn's data sets. Our own code, not
copied from pandas. Each loads its data set with `_load_dataset` (loader.py). Pure data.
"""

from __future__ import annotations

_HEAD = "import matplotlib.pyplot as plt\n"

FORMS: list[tuple[str, str]] = [
    ("line-dowjones", 'df = _load_dataset("dowjones")\ndf.plot(x="Date", y="Price")\n'),
    ("line-index-dates", 'df = _load_dataset("dowjones").set_index("Date")\ndf["Price"].plot()\n'),
    (
        "resample-year-mean",
        'df = _load_dataset("seaice").set_index("Date")\ndf["Extent"].resample("YS").mean().plot()\n',
    ),
    ("rolling-mean", 'df = _load_dataset("dowjones").set_index("Date")\ndf["Price"].rolling(12).mean().plot()\n'),
    (
        "bar-groupby-mean",
        'df = _load_dataset("tips")\ndf.groupby("day", observed=True)["total_bill"].mean().plot.bar()\n',
    ),
    ("barh-value-counts", 'df = _load_dataset("titanic")\ndf["embark_town"].value_counts().plot.barh()\n'),
    (
        "bar-stacked-pivot",
        'df = _load_dataset("tips")\n'
        'df.pivot_table(index="day", columns="sex", values="tip", aggfunc="sum", observed=True)'
        ".plot.bar(stacked=True)\n",
    ),
    (
        "bar-unstack-count",
        'df = _load_dataset("penguins")\ndf.groupby(["island", "species"]).size().unstack().plot.bar()\n',
    ),
    ("hist-column", 'df = _load_dataset("penguins")\ndf["flipper_length_mm"].plot.hist(bins=20)\n'),
    (
        "hist-frame-alpha",
        'df = _load_dataset("iris")\ndf[["sepal_length", "petal_length"]].plot.hist(alpha=0.5, bins=15)\n',
    ),
    (
        "box-frame",
        'df = _load_dataset("iris")\ndf[["sepal_length", "sepal_width", "petal_length", "petal_width"]].plot.box()\n',
    ),
    ("boxplot-by", 'df = _load_dataset("tips")\ndf.boxplot(column="total_bill", by="day")\n'),
    ("kde-column", 'df = _load_dataset("mpg")\ndf["mpg"].plot.kde()\n'),
    (
        "area-pivot",
        'df = _load_dataset("healthexp")\n'
        'df.pivot(index="Year", columns="Country", values="Spending_USD").plot.area()\n',
    ),
    ("scatter", 'df = _load_dataset("mpg")\ndf.plot.scatter(x="horsepower", y="mpg")\n'),
    (
        "scatter-colour-column",
        'df = _load_dataset("mpg")\ndf.plot.scatter(x="weight", y="mpg", c="cylinders", colormap="viridis")\n',
    ),
    ("hexbin", 'df = _load_dataset("diamonds")\ndf.plot.hexbin(x="carat", y="price", gridsize=25)\n'),
    ("pie-value-counts", 'df = _load_dataset("titanic")\ndf["class"].value_counts().plot.pie()\n'),
    (
        "line-pivot",
        'df = _load_dataset("flights")\ndf.pivot(index="year", columns="month", values="passengers").plot()\n',
    ),
    (
        "subplots",
        'df = _load_dataset("healthexp")\n'
        'df[df["Country"] == "USA"].set_index("Year")[["Spending_USD", "Life_Expectancy"]].plot(subplots=True)\n',
    ),
    ("cumsum", 'df = _load_dataset("flights")\ndf["passengers"].cumsum().plot()\n'),
    ("hist-by-frame", 'df = _load_dataset("penguins")\ndf.hist(column="body_mass_g", by="species", bins=15)\n'),
]
FORMS = [(i, _HEAD + code) for i, code in FORMS]
