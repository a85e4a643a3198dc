# Memory taken a slice at a time (touching every page).
# (touching 1 GB takes seconds of CPU on a busy VM: the wall clock is a guard against a hang, the
# note says the memory limit stopped it, not the clock)
# expect-status: killed
# timeout-ms: 120000
# expect-note: memory limit
chunks = []
while True:
    chunks.append(b"x" * (64 * 1024 * 1024))
