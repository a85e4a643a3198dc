# The supervisor's and its parent's environment blocks.
# expect-status: error|no-figure
# expect-absent: PATH=|DUELLAB_FAKE_API_KEY
# covered-by: landlock namespaces
import os
ppid = os.getppid()
print(open(f"/proc/{ppid}/environ", "rb").read())
stat = open(f"/proc/{ppid}/stat").read()
gpid = int(stat.rsplit(")", 1)[1].split()[1])
print(open(f"/proc/{gpid}/environ", "rb").read())
