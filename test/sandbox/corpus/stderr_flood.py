# Endless output on stderr.
# expect-status: killed
# expect-note: stderr flood
# timeout-ms: 15000
import sys
line = "y" * 65535 + "\n"
while True:
    sys.stderr.write(line)
