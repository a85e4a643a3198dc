# Executing a file written into the run dir.
# expect-status: error
# covered-by: seccomp landlock
# expect-traceback: PermissionError
import os
with open("x.sh", "w") as f:
    f.write("#!/bin/sh\necho ran\n")
os.chmod("x.sh", 0o755)
os.execv(os.path.abspath("x.sh"), ["x.sh"])
