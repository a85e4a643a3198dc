# TIOCSTI: pushing characters into the controlling terminal's input.
# expect-status: error|no-figure
# expect-absent: injected
import fcntl, termios
try:
    with open("/dev/tty", "wb") as tty:
        for ch in b"echo injected\n":
            fcntl.ioctl(tty, termios.TIOCSTI, bytes([ch]))
    print("injected")
except OSError as e:
    print("refused:", type(e).__name__)
