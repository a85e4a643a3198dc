# Threads are allowed (only processes are not): the chart renders.
# expect-status: ok
# expect-pngs: 1
import threading
import matplotlib.pyplot as plt
out = []
t = threading.Thread(target=lambda: out.append(sum(range(1000))))
t.start(); t.join()
plt.plot([1, 2, out[0] % 7])
plt.savefig("chart.png")
