# A FIFO named chart.png would hang a reader that opens it blocking.
# expect-status: no-figure|error
# expect-pngs: 0
import os
try:
    os.mkfifo("chart.png")
except OSError as e:
    print("mkfifo refused:", type(e).__name__)
