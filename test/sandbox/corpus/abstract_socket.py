# An abstract Unix socket (no file, so file rules do not see it).
# expect-status: error
# covered-by: seccomp landlock namespaces
# expect-traceback: PermissionError|ConnectionRefusedError|OSError
# check: no-connection
import socket
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect("\0{{ABSTRACT}}")
s.sendall(b"leak")
