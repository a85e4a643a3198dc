# Far more PNG files than any chart needs.
# expect-status: ok
# expect-pngs: 16
# expect-note: more than 16 PNGs
import matplotlib.pyplot as plt
fig, ax = plt.subplots(figsize=(1, 1), dpi=20)
ax.plot([1, 2])
for i in range(40):
    fig.savefig(f"chart{i:02d}.png")
