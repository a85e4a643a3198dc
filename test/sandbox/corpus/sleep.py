# A long sleep.
# timeout-ms: 1500
# expect-status: timeout
import time
time.sleep(120)
