# One huge allocation.
# expect-status: killed
# expect-note: memory limit
x = bytearray(16 * 1024 ** 3)
