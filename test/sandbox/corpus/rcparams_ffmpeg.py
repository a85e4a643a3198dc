# An rcParams executable path pointing at a script the snippet wrote.
# expect-status: error
# covered-by: seccomp landlock
# expect-no-file: {{SECRET_DIR}}/marker-ffmpeg
import os
import matplotlib
import matplotlib.pyplot as plt
from matplotlib import animation
with open("ffmpeg", "w") as f:
    f.write("#!/bin/sh\ntouch {{SECRET_DIR}}/marker-ffmpeg\n")
os.chmod("ffmpeg", 0o755)
matplotlib.rcParams["animation.ffmpeg_path"] = os.path.abspath("ffmpeg")
fig, ax = plt.subplots()
line, = ax.plot([0, 1], [0, 1])
anim = animation.FuncAnimation(fig, lambda i: (line,), frames=2)
anim.save("out.mp4", writer="ffmpeg")
