# A fork bomb.
# expect-status: error|killed|timeout
# timeout-ms: 3000
# check: no-leftover
import os
while True:
    os.fork()
