# A fork bomb.
# expect-status: error|killed|timeout
# covered-by: seccomp
# timeout-ms: 3000
# check: no-leftover
import os
while True:
    os.fork()
