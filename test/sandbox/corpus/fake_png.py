# A chart.png that is not a PNG.
# expect-status: no-figure
# expect-pngs: 0
# expect-note: chart\.png is not a PNG
with open("chart.png", "w") as f:
    f.write("this chart has 9 axes and a legend")
