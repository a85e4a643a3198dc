# The snippet's own os.environ holds no key.
# expect-status: no-figure
# expect-stdout: MPLBACKEND
# expect-absent: PATH=|DUELLAB_FAKE_API_KEY
import os
print(dict(os.environ))
