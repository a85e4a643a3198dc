# One file far bigger than the file-size limit.
# expect-status: killed|error
# timeout-ms: 15000
block = b"\0" * (1024 * 1024)
with open("big.bin", "wb") as f:
    for _ in range(2048):
        f.write(block)
