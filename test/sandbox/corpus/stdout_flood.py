# Endless output on stdout.
# expect-status: killed
# expect-note: stdout flood
# timeout-ms: 15000
import sys
line = "x" * 65535 + "\n"
while True:
    sys.stdout.write(line)
