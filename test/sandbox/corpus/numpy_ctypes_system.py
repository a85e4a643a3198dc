# libc's system() through numpy's ctypes re-export.
# expect-status: no-figure
# covered-by: seccomp landlock
# expect-no-file: {{SECRET_DIR}}/marker-ctypes
# expect-stdout: rc -?[1-9]
import numpy as np
libc = np.ctypeslib.ctypes.CDLL(None)
print("rc", libc.system(b"touch {{SECRET_DIR}}/marker-ctypes"))
