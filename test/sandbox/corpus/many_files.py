# Thousands of small files in the run dir.
# expect-status: killed
# expect-note: more than 256 files
# timeout-ms: 15000
for i in range(50000):
    open(f"f{i}.txt", "w").close()
