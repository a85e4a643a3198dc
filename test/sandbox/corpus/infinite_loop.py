# A busy loop.
# timeout-ms: 1500
# expect-status: timeout
# expect-note: wall-clock limit of 1500 ms
while True:
    pass
