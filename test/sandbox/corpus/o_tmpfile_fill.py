# The same with O_TMPFILE: files that never had a name at all.
# source: https://man7.org/linux/man-pages/man2/open.2.html (O_TMPFILE: an unnamed temporary regular file)
# source: https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id=9183df25fe7b (O_TMPFILE compared with memfd_create)
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
    for i in range(12):
        fd = os.open(".", os.O_TMPFILE | os.O_WRONLY, 0o600)
        fds.append(fd)
        for _ in range(60):
            os.write(fd, chunk)
except OSError as e:
    print("stopped:", e)
while True:
    time.sleep(0.05)
