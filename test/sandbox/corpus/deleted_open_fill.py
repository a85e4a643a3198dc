# Deleted-but-open files fill the disk both runs share (the file cap counts names, not blocks)
# and are held while a chart runs beside: that chart must not fail with "No space left on
# device"; the run that filled its share fails alone, and says so.
# source: https://penguin-gym-linux.com/en/articles/troubleshooting/disk-full-but-df-normal (a deleted file held open keeps its blocks; du cannot see it)
# source: https://semicolony.dev/codex/linux/why-is-the-disk-full (deleted-but-open files: every name-walking tool reports nothing)
# expect-status: killed|error
# expect-note: disk
# timeout-ms: 60000
# covered-by: diskquota
# rival-after-disk-mb: 200
# check: rival-completes
import os
import time

fds, chunk = [], b"\0" * (1 << 20)
try:
    for i in range(12):  # 12 x 60 MB = 720 MB, each under the 64 MB file-size limit
        name = f"fill-{i}.bin"
        fd = os.open(name, os.O_CREAT | os.O_WRONLY, 0o600)
        os.unlink(name)
        fds.append(fd)
        for _ in range(60):
            os.write(fd, chunk)
except OSError as e:
    print("stopped:", e)
while True:  # hold the space while the other chart runs
    time.sleep(0.05)
