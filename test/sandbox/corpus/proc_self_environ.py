# The process's own environment block, read from /proc (clearing os.environ would not clear it).
# expect-status: error|no-figure
# expect-absent: PATH=|DUELLAB_FAKE_API_KEY
print(open("/proc/self/environ", "rb").read())
