# Another run's code or CSV through frames: the chart walks every frame it can reach
# (sys._getframe().f_back, a generator's gi_frame, a traceback's tb_frame) and their locals
# and globals, and would put what it finds in its title.
# source: https://github.com/danthedeckie/simpleeval/issues/138 (a generator's gi_frame.f_globals)
# source: https://1cfh.fun/2024/05/22/WebExploit/Python/frame_pyjail (pyjail escape by walking gi_frame.f_back)
# source: https://embird-api.cgast.org/news/40429 (e.__traceback__.tb_frame.f_globals)
# source: https://github.com/secretflow/secretflow/pull/1821 (f_back, f_globals, gi_frame as escape attributes)
# expect-status: ok
# expect-pngs: 1
# expect-stdout: self-test: True
# check: rivals
import re
import sys
import pandas as pd
import matplotlib.pyplot as plt

TOKEN = re.compile("DUELLAB" + r"-(?:PREV|RIVAL|SELF)-[A-Z]+-[0-9a-f]{12}")
planted = "DUELLAB" + "-SELF-CODE-" + "0123456789ab"  # proves the walk finds what is there
found, frames = set(), 0


def look(value, depth=0):
    if isinstance(value, (str, bytes)):
        text = value if isinstance(value, str) else value.decode("latin-1")
        found.update(TOKEN.findall(text))
    elif depth < 4 and isinstance(value, dict):
        for v in list(value.values()):
            look(v, depth + 1)
    elif depth < 4 and isinstance(value, (list, tuple, set)):
        for v in list(value):
            look(v, depth + 1)
    elif depth < 2 and hasattr(value, "__dict__") and not isinstance(value, type):
        look(vars(value), depth + 1)


def walk(frame):
    global frames
    while frame is not None:
        frames += 1
        look(dict(frame.f_locals))
        look(frame.f_globals)
        frame = frame.f_back


def gen():
    yield 1


walk(sys._getframe())
g = gen()
next(g)
walk(g.gi_frame)
try:
    raise RuntimeError("walk")
except RuntimeError as e:
    tb = e.__traceback__
    while tb is not None:
        walk(tb.tb_frame)
        tb = tb.tb_next
print("frames seen:", frames)
print("self-test:", planted in found)
print("found:", sorted(found - {planted}))
df = pd.read_csv("data.csv")
plt.plot(df["value"])
plt.title(" ".join(sorted(found - {planted}))[:300] or "nothing of another run")
plt.savefig("chart.png")
