# 1.5 GB in a System V shared memory segment: shmget allocates outside the address space and
# the segment outlives the process that made it (until IPC_RMID), so it would stay after the
# run, and it is a channel between runs sharing an IPC namespace.
# source: https://man7.org/linux/man-pages/man2/shmget.2.html (a segment persists until removed)
# source: https://github.com/huggingface/smolagents/issues/2094 (ctypes reaching libc directly)
# expect-status: error
# expect-traceback: PermissionError
# covered-by: seccomp
# check: rival-completes next-run-clean
import ctypes
import os

libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
IPC_PRIVATE, IPC_CREAT = 0, 0o1000
size = 1536 * 1024 * 1024
shmid = libc.shmget(IPC_PRIVATE, ctypes.c_size_t(size), IPC_CREAT | 0o600)
if shmid < 0:
    raise PermissionError(ctypes.get_errno(), os.strerror(ctypes.get_errno()), "shmget")
addr = libc.shmat(shmid, None, 0)
ctypes.memset(addr, 1, size)
libc.shmdt(ctypes.c_void_p(addr))
print("left a 1.5 GB segment behind:", shmid)
