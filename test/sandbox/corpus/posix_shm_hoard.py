# 1.5 GB in POSIX shared memory (/dev/shm through multiprocessing.shared_memory): tmpfs pages
# outside the run dir and its quota, beside a chart that must complete.
# source: https://docs.python.org/3/library/multiprocessing.shared_memory.html (SharedMemory(create=True) backs onto /dev/shm)
# source: https://unix.stackexchange.com/questions/441390/is-it-wrong-to-think-of-memfds-as-accounted-to-the-process-that-owns-the-file (/dev/shm as unaccounted tmpfs)
# expect-status: error
# expect-traceback: PermissionError|FileNotFoundError|OSError
# covered-by: landlock
# check: rival-completes
from multiprocessing import shared_memory

shm = shared_memory.SharedMemory(create=True, size=1536 * 1024 * 1024)
shm.buf[:] = b"s" * len(shm.buf)
print("holding 1.5 GB in", shm.name)
