# The same held through memory maps: each file is written, mapped, closed and deleted, so no
# descriptor and no name is left, only the mapping keeps its blocks.
# source: https://sobrelinux.info/questions/802635/understanding-where-disk-space-has-gone (deleted files held by mappings: /proc/<pid>/maps shows "(deleted)")
# expect-status: killed|error
# expect-note: disk
# timeout-ms: 60000
# covered-by: diskquota
# rival-after-disk-mb: 200
# check: rival-completes
import mmap
import os
import time

maps, chunk = [], b"\0" * (1 << 20)
try:
    for i in range(12):
        name = f"mapped-{i}.bin"
        fd = os.open(name, os.O_CREAT | os.O_RDWR, 0o600)
        for _ in range(60):
            os.write(fd, chunk)
        maps.append(mmap.mmap(fd, 60 << 20))
        os.close(fd)
        os.unlink(name)
except OSError as e:
    print("stopped:", e)
while True:
    time.sleep(0.05)
