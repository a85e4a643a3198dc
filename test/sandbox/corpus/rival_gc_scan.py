# Another run's code or CSV through the garbage collector, module globals and caches: the
# chart scans gc.get_objects(), every module's globals, linecache and the referents of every
# container (base64 decoded too: requests carry files that way), and would chart what it finds.
# source: https://github.com/danthedeckie/simpleeval/issues/15 (func_globals, then sys.modules, to find sensitive data)
# source: https://utcc.utoronto.ca/~cks/space/blog/2005/10/03/ (gc.get_objects returns every container object)
# source: https://book.hacktricks.xyz/generic-methodologies-and-resources/python/bypass-python-sandboxes (recovering objects and globals without imports)
# expect-status: ok
# expect-pngs: 1
# expect-stdout: self-test: True
# check: rivals
import base64
import binascii
import gc
import linecache
import re
import sys
import pandas as pd
import matplotlib.pyplot as plt

TOKEN = re.compile("DUELLAB" + r"-(?:PREV|RIVAL|SELF)-[A-Z]+-[0-9a-f]{12}")
B64 = re.compile(rb"[A-Za-z0-9+/]{24,}={0,2}")
planted = ["DUELLAB" + "-SELF-CSV-" + "0123456789ab"]
found, scanned = set(), 0


def text_of(value):
    if isinstance(value, str):
        return value
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).decode("latin-1")
    return None


def look(value):
    global scanned
    t = text_of(value)
    if t is None:
        return
    scanned += 1
    found.update(TOKEN.findall(t))
    if len(t) > 24:
        for chunk in B64.findall(t.encode("latin-1", "ignore"))[:50]:
            try:
                found.update(TOKEN.findall(base64.b64decode(chunk + b"==").decode("latin-1")))
            except (binascii.Error, ValueError):
                pass


for obj in gc.get_objects():
    try:
        for ref in gc.get_referents(obj):
            look(ref)
    except Exception:
        pass
for mod in list(sys.modules.values()):
    for v in list(getattr(mod, "__dict__", {}).values()):
        look(v)
for entry in list(linecache.cache.values()):
    for line in entry[2] if len(entry) > 2 else []:
        look(line)
print("strings scanned:", scanned)
print("self-test:", planted[0] in found)
print("found:", sorted(found - set(planted)))
df = pd.read_csv("data.csv")
plt.plot(df["value"])
plt.title(" ".join(sorted(found - set(planted)))[:300] or "nothing of another run")
plt.savefig("chart.png")
