# A URL fetched with urllib.
# expect-status: error
# expect-traceback: PermissionError|URLError|OSError
# check: no-connection
import urllib.request
urllib.request.urlopen("http://127.0.0.1:{{TCP_PORT}}/", timeout=2)
