"""The run's child, forked by the zygote (zygote.py): confines itself before any request exists,
waits for its one request on fd 4, checks it (static_check, in this confined process so that no
input can harm the supervisor), sets the request's limits and runs the snippet. Never returns.

Its file descriptors, all its own and none shared with another run: 0 /dev/null, 1 stdout pipe,
2 stderr pipe, 3 report pipe (frames.py), 4 request pipe, 5 "go" pipe (its throwaway draw may
start, prefault.py), 6 the read end of its own lifeline pipe where PR_SET_PDEATHSIG is not used.
Everything else the zygote held is closed before any layer is applied."""

from __future__ import annotations

import json
import os
import select
import signal
import sys
from typing import Any, NoReturn

import confine
import frames
import harness
import prefault

Host = dict[str, Any]


def _static_verdict(req: dict[str, Any]) -> dict[str, Any]:
    """The static check's verdict on the request's code, or that it was turned off."""
    if not req.get("staticCheck", True):
        return {"on": False, "violations": []}
    import static_check

    try:
        return {"on": True, "violations": static_check.check(req["code"])}
    except BaseException as e:  # check() never raises; should it, the snippet must not run unchecked
        return {
            "on": True,
            "violations": [
                {"rule": "not-analysed", "detail": f"the static check failed ({type(e).__name__}); not run", "line": 0}
            ],
        }


def run(host: Host, run_dir: str, pipes: dict[str, int], parent_vm: int | None) -> NoReturn:
    code = 70
    try:
        # the zygote's SIGCHLD wakeup is not the run's: back to the defaults before anything else
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        # Its own process group (the wall clock's killpg, the sweep's spared group). Where seccomp
        # holds, not its own session: Linux schedules each session as one group (autogroup), so a
        # session per run weighed every run as much as the whole kernel, whose thread then waited
        # 50-90 ms for a core during a batch; the runs share the sandbox's one session
        # (server.py), and seccomp keeps each out of the others' groups (setpgid to its own only).
        # Without seccomp, a session of its own is what keeps the other runs' groups out of reach.
        if host.get("seccompOk"):
            os.setpgid(0, 0)
        else:
            os.setsid()
        devnull = os.open("/dev/null", os.O_RDONLY)
        # moved out of the way first: the dup2s below may reuse their numbers (POSIX F_DUPFD)
        import fcntl

        moved = {k: fcntl.fcntl(fd, fcntl.F_DUPFD, 64) for k, fd in pipes.items()}
        os.dup2(devnull, 0)
        for k, target in (("out", 1), ("err", 2), ("rep", 3), ("req", 4), ("go", 5)):
            os.dup2(moved[k], target)
        first_free = 6
        if "life" in moved:
            os.dup2(moved["life"], 6)
            host = dict(host, lifeline=6)
            first_free = 7
        os.closerange(first_free, 1 << 16)  # nothing of the zygote (or of another run) reaches the snippet
        layers = confine.apply_fixed(host, run_dir)  # also arms PR_SET_PDEATHSIG or the lifeline watch
        if os.getppid() != host["parentPid"]:
            os._exit(0)  # the zygote died before the death signal was armed
        os.chdir(run_dir)
        os.environ["TMPDIR"] = run_dir
        import tempfile

        tempfile.tempdir = run_dir
        # matplotlib's TeX cache lives in the read-only MPLCONFIGDIR: in the run dir instead, so a
        # usetex chart fails with TeX's own error ("latex could not be found"), not PermissionError
        texmanager = sys.modules.get("matplotlib.texmanager")
        if texmanager is not None:
            from pathlib import Path

            texmanager.TexManager._cache_dir = Path(run_dir, ".tex.cache")
        # The throwaway draw starts only when the parent says a core is free (a byte on fd 5), so
        # it never competes with running snippets; a request that comes first skips it.
        if 4 not in select.select([4, 5], [], [])[0]:
            prefault.run(4)  # stopped by SIGUSR1 the moment a request is handed over
        os.close(5)
        chunks = []
        while True:
            b = os.read(4, 1 << 20)
            if not b:
                break
            chunks.append(b)
        os.close(4)
        prefault.release()
        if not chunks:
            os._exit(0)  # retired unused (the sandbox is closing)
        req = json.loads(b"".join(chunks))
        del chunks
        layers = confine.ordered_layers(layers, confine.apply_limits(req["cfg"], parent_vm))
        import gc

        gc.set_threshold(50000, 20, 100)  # a short-lived child: fewer young-generation collections (about 5% CPU)
        frames.write(3, b"L", layers)
        verdict = _static_verdict(req)
        frames.write(3, b"C", verdict)  # written before the snippet runs, so it cannot be forged
        if verdict["violations"]:
            code = 0
        else:
            code = harness.run(req["code"], 3)
    except BaseException as e:  # the harness itself broke: say so on stderr, the supervisor reports it
        try:
            os.write(2, f"duellab sandbox harness failure: {type(e).__name__}: {e}\n".encode())
        except OSError:
            pass
    finally:
        os._exit(code)
