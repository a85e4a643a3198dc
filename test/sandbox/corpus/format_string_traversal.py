# str.format attribute traversal to reach os.environ through a function's globals.
# expect-status: no-figure|error
# expect-absent: PATH=|DUELLAB_FAKE_API_KEY
import pandas as pd
print("{0.__globals__[os].environ}".format(pd.io.common.get_handle))
