# Memory taken a slice at a time (touching every page).
# expect-status: killed
# timeout-ms: 15000
chunks = []
while True:
    chunks.append(b"x" * (64 * 1024 * 1024))
