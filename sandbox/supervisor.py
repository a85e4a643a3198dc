"""One run: fork a child from the warm parent, confine it, watch it, and collect what it left.
The wall clock, output caps, file cap and the leftover-process sweep live here, outside the
child, so nothing the snippet does can switch them off."""
import base64
import errno
import json
import os
import re
import selectors
import shutil
import signal
import stat
import sys
import time

import confine
import frames
import harness
import pngscan

DEFAULTS = {
    "timeoutMs": 20000, "memoryMb": 1024, "fileSizeMb": 64, "maxFiles": 256, "diskMb": 256,
    "maxPngs": 16, "maxPngBytes": 8 * 1024 * 1024, "textCap": 64 * 1024,
    "stdoutHardCap": 48 * 1024 * 1024, "stderrHardCap": 8 * 1024 * 1024, "reportCap": 96 * 1024 * 1024,
}
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$")


class BadRequest(Exception):
    pass


def _vm_bytes():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def _leftovers(me):
    """Pids whose parent is this process (orphans of a run are reparented here: subreaper)."""
    try:
        os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return []  # no children at all: skip the /proc scan
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                st = f.read()
            ppid = int(st[st.rindex(b")") + 2:].split()[1])
        except (OSError, ValueError):
            continue
        if ppid == me:
            found.append(int(name))
    return found


def sweep(me):
    """SIGKILL and reap every process still attached to us. Returns how many were killed."""
    killed = 0
    for _ in range(50):
        pids = _leftovers(me)
        if not pids:
            # reap zombies
            while True:
                try:
                    pid, _ = os.waitpid(-1, os.WNOHANG)
                except ChildProcessError:
                    break
                if pid == 0:
                    break
            if not _leftovers(me):
                return killed
            continue
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
                killed += 1
            except ProcessLookupError:
                pass
        for pid in pids:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
    return killed


def _dir_usage(root, limit):
    """(entries, bytes) under root, counting at most limit+1 entries; never follows links."""
    count, size, stack = 0, 0, [root]
    while stack and count <= limit:
        try:
            with os.scandir(stack.pop()) as it:
                for e in it:
                    count += 1
                    try:
                        if e.is_dir(follow_symlinks=False):
                            stack.append(e.path)
                        else:
                            size += e.stat(follow_symlinks=False).st_size
                    except OSError:
                        pass
                    if count > limit:
                        break
        except OSError:
            pass
    return count, size


def _read_outputs(run_dir, inputs, cfg, notes):
    """PNG files the snippet wrote, read without following links and only if they are regular
    files with a single link (a hard link could point at a file outside the run dir)."""
    out = []
    stack = [""]
    seen = 0
    while stack:
        rel = stack.pop()
        try:
            entries = sorted(os.scandir(os.path.join(run_dir, rel)), key=lambda e: e.name)
        except OSError:
            continue
        for e in entries:
            seen += 1
            if seen > cfg["maxFiles"] * 2:
                return out
            name = os.path.join(rel, e.name)
            if e.is_dir(follow_symlinks=False):
                if name.count(os.sep) < 4:
                    stack.append(name)
                continue
            if rel == "" and e.name in inputs:
                continue
            if not e.name.lower().endswith(".png"):
                continue
            try:
                fd = os.open(os.path.join(run_dir, name), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
            except OSError as err:
                if err.errno == errno.ELOOP:
                    notes.append(f"{name} is a symbolic link; not followed, refused")
                else:
                    notes.append(f"{name} could not be opened ({err.strerror}); refused")
                continue
            try:
                st = os.fstat(fd)
                if not stat.S_ISREG(st.st_mode):
                    notes.append(f"{name} is not a regular file; refused")
                    continue
                if st.st_nlink != 1:
                    notes.append(f"{name} has {st.st_nlink} hard links (it may be a file from outside the run dir); refused")
                    continue
                if st.st_size > cfg["maxPngBytes"]:
                    notes.append(f"{name} is {st.st_size} bytes, over the {cfg['maxPngBytes']} byte cap; refused")
                    continue
                chunks, left = [], st.st_size + 1
                while left > 0:
                    b = os.read(fd, min(left, 1 << 20))
                    if not b:
                        break
                    chunks.append(b)
                    left -= len(b)
                data = b"".join(chunks)
            finally:
                os.close(fd)
            info, why = pngscan.parse(data)
            if info is None:
                notes.append(f"{name} is not a PNG ({why}); refused")
                continue
            out.append((data[:info["length"]], info, name))
    return out


def _png_entry(data, info):
    return {"base64": base64.b64encode(data).decode(), "width": info["width"], "height": info["height"],
            "bitDepth": info["bitDepth"], "colorType": info["colorType"]}


def _text(data, cap, what, notes):
    if len(data) > cap:
        notes.append(f"{what} was cut at {cap} bytes (it wrote {len(data)})")
        data = data[:cap]
    return data.decode("utf-8", "replace")


def _child(req, cfg, host, run_dir, pipes, parent_vm):
    """In the forked child. Never returns."""
    code = 70
    try:
        os.setsid()
        devnull = os.open("/dev/null", os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(pipes["out"], 1)
        os.dup2(pipes["err"], 2)
        os.dup2(pipes["rep"], 3)
        os.closerange(4, 1 << 16)  # nothing inherited from the warm parent reaches the snippet
        os.chdir(run_dir)
        os.environ["TMPDIR"] = run_dir
        import tempfile
        tempfile.tempdir = run_dir
        layers = confine.apply(cfg, host, run_dir, parent_vm)
        import gc
        gc.set_threshold(50000, 20, 100)  # a short-lived child: fewer young-generation collections (about 5% CPU)
        frames.write(3, b"L", layers)
        code = harness.run(req["code"], 3)
    except BaseException as e:  # the harness itself broke: say so on stderr, the supervisor reports it
        try:
            os.write(2, f"duellab sandbox harness failure: {type(e).__name__}: {e}\n".encode())
        except OSError:
            pass
    finally:
        os._exit(code)


def run(req, host, watch_fd=None):
    """Execute one request; returns the SandboxRun dict. watch_fd: the server's stdin, watched
    for EOF so a dead parent ends the run at once."""
    t0 = time.monotonic()
    cfg = dict(DEFAULTS)
    if req.get("timeoutMs") is not None:
        cfg["timeoutMs"] = max(100, min(int(req["timeoutMs"]), 600000))
    code = req.get("code")
    if not isinstance(code, str):
        raise BadRequest("the request has no code string")
    files = req.get("files") or {}
    for name in files:
        if not NAME_RE.match(name):
            raise BadRequest(f"file name {name!r} is not allowed: use a plain name like data.csv (letters, digits, _ . -)")
    result = {"status": "ok", "pngs": [], "figures": [], "stdout": "", "stderr": "", "traceback": None,
              "violations": [], "durationMs": 0, "layers": {}, "notes": []}
    notes = result["notes"]
    if req.get("staticCheck", True):
        import static_check
        v = static_check.check(code)
        if v:
            result.update(status="blocked", violations=v, layers={"static": {"on": True, "detail": "blocked before running; the snippet never ran"}})
            result["durationMs"] = round((time.monotonic() - t0) * 1000, 1)
            return result

    host["runCounter"] += 1
    run_dir = os.path.join(host["runsDir"], f"run-{host['runCounter']}")
    os.mkdir(run_dir, 0o700)
    for name, b64 in files.items():
        with open(os.path.join(run_dir, name), "wb") as f:
            f.write(base64.b64decode(b64))

    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    rep_r, rep_w = os.pipe()
    parent_vm = _vm_bytes()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        _child(req, cfg, host, run_dir, {"out": out_w, "err": err_w, "rep": rep_w}, parent_vm)
    for fd in (out_w, err_w, rep_w):
        os.close(fd)

    bufs = {out_r: bytearray(), err_r: bytearray(), rep_r: bytearray()}
    caps = {out_r: cfg["stdoutHardCap"], err_r: cfg["stderrHardCap"], rep_r: cfg["reportCap"]}
    names = {out_r: "stdout", err_r: "stderr", rep_r: "the report pipe"}
    sel = selectors.DefaultSelector()
    for fd in bufs:
        sel.register(fd, selectors.EVENT_READ)
    pidfd = os.pidfd_open(pid)
    sel.register(pidfd, selectors.EVENT_READ)
    if watch_fd is not None:
        sel.register(watch_fd, selectors.EVENT_READ)
    deadline = t0 + cfg["timeoutMs"] / 1000
    why_killed, timed_out, parent_gone, exited, cancelled = None, False, False, False, False
    drain_until = None
    next_poll = 0.0
    open_fds = set(bufs)

    def kill_tree():
        try:
            os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    while open_fds or not exited:
        now = time.monotonic()
        if not exited and now >= deadline:
            timed_out = True
            kill_tree()
            deadline = float("inf")
        if exited and drain_until is not None and now >= drain_until:
            break
        if not exited and now >= next_poll:
            count, size = _dir_usage(run_dir, cfg["maxFiles"])
            if count > cfg["maxFiles"] or size > cfg["diskMb"] * 1024 * 1024:
                why_killed = (f"the snippet created more than {cfg['maxFiles']} files in the run dir; stopped"
                              if count > cfg["maxFiles"] else f"the snippet wrote more than {cfg['diskMb']} MB to the run dir; stopped")
                kill_tree()
            next_poll = now + 0.05
        wait = 0.05
        if deadline != float("inf"):
            wait = max(0.0, min(wait, deadline - now))
        for key, _ in sel.select(wait):
            fd = key.fd
            if fd == pidfd:
                sel.unregister(pidfd)
                exited = True
                # descendants that keep our pipes open get one second, then the sweep kills them
                drain_until = time.monotonic() + 1.0
                continue
            if fd == watch_fd:
                if _stdin_eof(watch_fd, host):
                    parent_gone = True
                    kill_tree()
                    sel.unregister(watch_fd)
                elif _take_cancel(host, req.get("id")):
                    cancelled = True
                    kill_tree()
                continue
            try:
                data = os.read(fd, 1 << 16)
            except OSError:
                data = b""
            if not data:
                sel.unregister(fd)
                open_fds.discard(fd)
                continue
            if len(bufs[fd]) + len(data) > caps[fd]:
                if why_killed is None:
                    why_killed = f"{names[fd]} flood: more than {caps[fd] // (1024 * 1024)} MB; stopped"
                kill_tree()
                continue
            bufs[fd] += data
    sel.close()
    os.close(pidfd)
    for fd in bufs:
        os.close(fd)
    _, wstatus = os.waitpid(pid, 0)
    leftovers = sweep(os.getpid())
    if leftovers:
        notes.append(f"killed {leftovers} process(es) the snippet left running after it ended")

    frame_list, frame_err = frames.parse(bufs[rep_r])
    layers, report, rendered = None, None, []
    for kind, payload in frame_list:
        try:
            if kind == b"L" and layers is None:
                layers = json.loads(payload)
            elif kind == b"J" and report is None:
                report = json.loads(payload)
            elif kind == b"P":
                rendered.append(payload)
        except ValueError:
            frame_err = frame_err or "unreadable JSON"
    if frame_err:
        notes.append(f"the harness report was damaged ({frame_err}); what could be read is kept")
    result["layers"] = layers or {"harness": {"on": False, "detail": "the child never reported its layers (it died before the snippet started)"}}

    pngs = []
    out_pngs, out_text, out_notes = pngscan.split_stream(bytes(bufs[out_r]))
    notes += out_notes
    pngs += [(d, i) for d, i in out_pngs]
    for d, i, _name in _read_outputs(run_dir, set(files), cfg, notes):
        pngs.append((d, i))
    for d in rendered:
        info, why = pngscan.parse(d)
        if info is None:
            notes.append(f"a figure rendered by the sandbox is not a valid PNG ({why}); refused")
        else:
            pngs.append((d[:info["length"]], info))
    kept = []
    for d, i in pngs:
        if len(d) > cfg["maxPngBytes"]:
            notes.append(f"a PNG of {len(d)} bytes is over the {cfg['maxPngBytes']} byte cap; refused")
        elif len(kept) >= cfg["maxPngs"]:
            notes.append(f"more than {cfg['maxPngs']} PNGs; the rest were dropped")
            break
        else:
            kept.append(_png_entry(d, i))
    result["pngs"] = kept
    result["stdout"] = _text(out_text, cfg["textCap"], "stdout", notes)
    result["stderr"] = _text(bytes(bufs[err_r]), cfg["textCap"], "stderr", notes)
    if report is not None:
        figs = report.get("figures")
        result["figures"] = figs if isinstance(figs, list) else []
        tb = report.get("traceback")
        result["traceback"] = tb if isinstance(tb, str) else None
        for n in report.get("notes") or []:
            notes.append(str(n)[:500])

    sig = os.WTERMSIG(wstatus) if os.WIFSIGNALED(wstatus) else None
    if parent_gone:
        result["status"] = "killed"
        notes.append("the parent process went away during the run; the run was killed")
    elif cancelled:
        result["status"] = "killed"
        notes.append("cancelled by the caller; the process tree was killed")
    elif timed_out:
        result["status"] = "timeout"
        notes.append(f"the wall-clock limit of {cfg['timeoutMs']} ms was reached; the process tree was killed with SIGKILL")
    elif why_killed:
        result["status"] = "killed"
        notes.append(why_killed)
    elif sig is not None:
        result["status"] = "killed"
        sname = signal.Signals(sig).name if sig in signal.Signals._value2member_map_ else str(sig)
        extra = {"SIGXCPU": " (CPU-time limit)", "SIGXFSZ": " (file-size limit)", "SIGSEGV": " (often the memory limit)"}.get(sname, "")
        notes.append(f"the snippet's process was killed by {sname}{extra}")
    elif report is not None and report.get("memoryError"):
        result["status"] = "killed"
        notes.append(f"the snippet hit the memory limit ({cfg['memoryMb']} MB above the warm parent) and raised MemoryError")
    elif report is not None and report.get("traceback"):
        result["status"] = "error"
    elif report is None:
        ec = os.WEXITSTATUS(wstatus) if os.WIFEXITED(wstatus) else None
        notes.append(f"the snippet ended the process (exit code {ec}) before the harness could measure its figures")
        result["status"] = "ok" if kept else ("error" if ec else "no-figure")
    else:
        result["status"] = "ok" if kept else "no-figure"

    shutil.rmtree(run_dir, ignore_errors=True)
    if os.path.exists(run_dir):
        _force_remove(run_dir)
    result["durationMs"] = round((time.monotonic() - t0) * 1000, 1)
    return result


def _force_remove(path):
    for root, dirs, _files in os.walk(path):
        for d in dirs:
            try:
                os.chmod(os.path.join(root, d), 0o700, follow_symlinks=False)
            except OSError:
                pass
    shutil.rmtree(path, ignore_errors=True)


def _stdin_eof(fd, host):
    """Peek at the request pipe: EOF means the parent is gone. Data is kept for the next request."""
    data = os.read(fd, 1 << 16)
    if data:
        host["pending"] += data
        return False
    return True


def _take_cancel(host, rid):
    """A cancel line for this run may arrive while it runs; other lines stay queued."""
    keep, found = [], False
    *lines, tail = host["pending"].split(b"\n")
    for line in lines:
        try:
            msg = json.loads(line)
        except ValueError:
            msg = None
        if isinstance(msg, dict) and msg.get("op") == "cancel" and msg.get("id") == rid:
            found = True
        elif isinstance(msg, dict) and msg.get("op") == "cancel":
            continue  # a stale cancel for a run that already ended
        else:
            keep.append(line)
    host["pending"] = b"".join(l + b"\n" for l in keep) + tail
    return found
