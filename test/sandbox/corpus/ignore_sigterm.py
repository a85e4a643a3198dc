# A process that ignores SIGTERM (the supervisor uses SIGKILL).
# timeout-ms: 1500
# expect-status: timeout
import signal, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
signal.signal(signal.SIGINT, signal.SIG_IGN)
while True:
    time.sleep(0.05)
