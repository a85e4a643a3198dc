# A run started as root (the no-namespaces case on a root host) raises its own hard limits
# back to infinity and its own priority above the rival's, then takes 3 GB past the memory
# limit. Capabilities dropped in every run, or a user namespace without them, refuse it.
# source: https://man7.org/linux/man-pages/man2/setrlimit.2.html (CAP_SYS_RESOURCE may raise a hard limit)
# source: https://man7.org/linux/man-pages/man7/capabilities.7.html (CAP_SYS_NICE, CAP_SYS_RESOURCE)
# expect-status: killed|error
# expect-absent: allocated 3 GB
# covered-by: privileges namespaces
# check: parent-unchanged
import os
import resource

for res in (resource.RLIMIT_AS, resource.RLIMIT_CPU, resource.RLIMIT_FSIZE, resource.RLIMIT_NOFILE):
    try:
        resource.setrlimit(res, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        print("raised", res)
    except (OSError, ValueError) as e:
        print("refused", res, e)
try:
    os.setpriority(os.PRIO_PROCESS, 0, -15)
    print("priority raised to", os.getpriority(os.PRIO_PROCESS, 0))
except OSError as e:
    print("priority refused", e)
big = bytearray(3 * 1024**3)
print("allocated 3 GB")
