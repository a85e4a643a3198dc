# A multiprocessing pool.
# expect-status: error
# covered-by: seccomp
# expect-traceback: PermissionError|OSError
# check: no-leftover
import multiprocessing as mp
with mp.Pool(2) as p:
    print(p.map(abs, [-1, -2]))
