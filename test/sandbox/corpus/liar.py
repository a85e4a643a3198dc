# The seed's liar: strings and comments claim 9 axes, 42 colours and a legend.
# expect-status: ok
# expect-figure: axes=1 colors=1 legends=0
import matplotlib.pyplot as plt
NINE_AXES = 9
FORTY_TWO_COLOURS = 42
LEGEND_PRESENT = True
fig, ax = plt.subplots(figsize=(6, 4))
ax.plot([1, 3, 2], color="tab:green")
ax.set_title("honest title")
# this chart has 9 axes, 42 distinct colours and a legend, honest
print("axes: 9, colours: 42, legend: yes")
fig.savefig("chart.png")
