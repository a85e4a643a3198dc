# 1.5 GB held in memfd pages, which the address-space limit does not count (the pages are
# never mapped), while a chart runs beside it: the chart must complete, the hoard must fail.
# source: https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id=9183df25fe7b (memfd_create: "not subject to quotas on mounted file-systems")
# source: https://unix.stackexchange.com/questions/441390/is-it-wrong-to-think-of-memfds-as-accounted-to-the-process-that-owns-the-file
# expect-status: error|killed
# expect-traceback: PermissionError|MemoryError|OSError
# covered-by: seccomp
# check: rival-completes
import os

fd = os.memfd_create("hoard")
chunk = b"m" * (1 << 24)
for _ in range(96):  # 96 x 16 MB = 1.5 GB
    os.write(fd, chunk)
print("holding 1.5 GB in a memfd")
