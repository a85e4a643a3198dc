# A UDP datagram to the host's loopback.
# expect-status: error|no-figure
# covered-by: seccomp namespaces
# check: no-datagram
import socket
socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"leak", ("127.0.0.1", {{UDP_PORT}}))
