"""One run: fork a child from the warm parent, confine it, watch it, and collect what it left.
The wall clock, output caps, file cap and the leftover-process sweep live here, outside the
child, so nothing the snippet does can switch them off."""

from __future__ import annotations

import base64
import errno
import json
import os
import re
import select
import shutil
import signal
import stat
import sys
import time
from collections.abc import Sequence
from typing import Any, NoReturn

import confine
import frames
import harness
import pngscan
import prefault
import reaper
import verdict

DEFAULTS = {
    "timeoutMs": 20000,
    "memoryMb": 1024,
    "fileSizeMb": 64,
    "maxFiles": 256,
    "diskMb": 256,
    "maxPngs": 16,
    "maxPngBytes": 8 * 1024 * 1024,
    "textCap": 64 * 1024,
    "stdoutHardCap": 48 * 1024 * 1024,
    "stderrHardCap": 8 * 1024 * 1024,
    "reportCap": 96 * 1024 * 1024,
}
Host = dict[str, Any]  # what server._host_probe found, shared by every run
PngInfo = dict[str, int]  # pngscan.parse's info
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$")


class BadRequest(Exception):
    pass


def _vm_bytes(host: Host) -> int | None:
    """The warm parent's address-space size from /proc, or None where /proc is not used (the
    child then measures its own: confine.probe_address_space)."""
    if not host["use"]["proc"]:
        return None
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def _dir_usage(root: str, limit: int) -> tuple[int, int]:
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


def _read_outputs(
    run_dir: str, inputs: set[str], cfg: dict[str, Any], notes: list[str]
) -> list[tuple[bytes, PngInfo, str]]:
    """PNG files the snippet wrote, read without following links and only if they are regular
    files with a single link (a hard link could point at a file outside the run dir)."""
    out: list[tuple[bytes, PngInfo, str]] = []
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
                    notes.append(
                        f"{name} has {st.st_nlink} hard links (it may be a file from outside the run dir); refused"
                    )
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
            out.append((data[: info["length"]], info, name))
    return out


def _png_entry(data: bytes, info: PngInfo) -> dict[str, Any]:
    return {
        "base64": base64.b64encode(data).decode(),
        "width": info["width"],
        "height": info["height"],
        "bitDepth": info["bitDepth"],
        "colorType": info["colorType"],
    }


def _text(data: bytes, cap: int, what: str, notes: list[str]) -> str:
    if len(data) > cap:
        notes.append(f"{what} was cut at {cap} bytes (it wrote {len(data)})")
        data = data[:cap]
    return data.decode("utf-8", "replace")


def _spare_child(host: Host, run_dir: str, pipes: dict[str, int], parent_vm: int | None) -> NoReturn:
    """In the forked child. Confines itself (Landlock, seccomp) before any request exists, then
    waits for its one request on fd 4, sets the request's limits and runs the snippet. Never
    returns."""
    code = 70
    try:
        os.setsid()
        lifeline = None
        if host.get("lifeline") is not None:
            import fcntl

            # moved out of the way first: the dup2s below may reuse its number (POSIX F_DUPFD)
            lifeline = fcntl.fcntl(host["lifeline"], fcntl.F_DUPFD, 64)
        devnull = os.open("/dev/null", os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(pipes["out"], 1)
        os.dup2(pipes["err"], 2)
        os.dup2(pipes["rep"], 3)
        os.dup2(pipes["req"], 4)
        os.dup2(pipes["go"], 5)
        first_free = 6
        if lifeline is not None:
            os.dup2(lifeline, 6)  # read end of the warm parent's lifeline (no PR_SET_PDEATHSIG here)
            host = dict(host, lifeline=6)
            first_free = 7
        os.closerange(first_free, 1 << 16)  # nothing inherited from the warm parent (or other runs) reaches the snippet
        layers = confine.apply_fixed(host, run_dir)  # also arms PR_SET_PDEATHSIG or the lifeline watch
        if os.getppid() != host["parentPid"]:
            os._exit(0)  # the warm parent died before the death signal was armed
        os.chdir(run_dir)
        os.environ["TMPDIR"] = run_dir
        import tempfile

        tempfile.tempdir = run_dir
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
            os._exit(0)  # retired unused (the parent is closing)
        req = json.loads(b"".join(chunks))
        layers = confine.ordered_layers(layers, confine.apply_limits(req["cfg"], parent_vm))
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


class Spare:
    """A child forked and confined ahead of time, waiting for a request: a run that takes it skips
    the fork and the Landlock/seccomp set-up (about 10-15 ms). It has its own empty run dir and
    pipes, like any run; it leads its own session, which sweeps spare."""

    def __init__(self, host: Host) -> None:
        host["runCounter"] += 1
        self.run_dir: str = os.path.join(host["runsDir"], f"run-{host['runCounter']}")
        os.mkdir(self.run_dir, 0o700)
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        rep_r, rep_w = os.pipe()
        req_r, req_w = os.pipe()
        go_r, go_w = os.pipe()
        self.parent_vm = _vm_bytes(host)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            _spare_child(
                host, self.run_dir, {"out": out_w, "err": err_w, "rep": rep_w, "req": req_r, "go": go_r}, self.parent_vm
            )
        for fd in (out_w, err_w, rep_w, req_r, go_r):
            os.close(fd)
        self.pid: int = pid
        self.out_r, self.err_r, self.rep_r = out_r, err_r, rep_r
        self.req_w: int | None = req_w  # the request goes here (hand_over), then it is closed
        self.go_w: int | None = go_w  # one byte lets it start its throwaway draw (prefault)

    def prefault(self) -> None:
        """Let it draw its throwaway chart now (prefault.py); once only."""
        if self.go_w is not None:
            try:
                os.write(self.go_w, b"g")
            except OSError:
                pass  # it died; the run that takes it will notice
            self._close_go()

    def _close_go(self) -> None:
        if self.go_w is not None:
            os.close(self.go_w)
            self.go_w = None

    def alive(self) -> bool:
        try:
            return os.waitpid(self.pid, os.WNOHANG)[0] == 0
        except ChildProcessError:
            return False

    def hand_over(self, request: bytes) -> None:
        """Give the waiting child its one request: stop its throwaway draw, write the request, and
        close the request and go pipes (its end-of-file starts the run). Raises BrokenPipeError if
        the child died first. From here on the run owns the child and its output pipes."""
        assert self.req_w is not None, "a spare takes one request only"
        os.kill(self.pid, signal.SIGUSR1)  # stop its throwaway draw (prefault.py)
        view = memoryview(request)
        while view:
            view = view[os.write(self.req_w, view) :]
        os.kill(self.pid, signal.SIGUSR1)  # again once the request is readable: see prefault.run
        os.close(self.req_w)
        self.req_w = None
        self._close_go()

    def discard(self) -> None:
        """Kill and reap an unused spare and remove its run dir."""
        self._close_go()
        for fd in (self.out_r, self.err_r, self.rep_r, self.req_w):
            if fd is None:
                continue
            try:
                os.close(fd)
            except OSError:
                pass
        self.req_w = None
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        shutil.rmtree(self.run_dir, ignore_errors=True)


class Run:
    """One run, supervised without blocking so the warm parent can watch several at once: the
    server's loop hands it readable fds (`on_ready`) and the time (`tick`), and collects the
    result once `done`. Everything a run owns is its own: run dir, pipes, process group, wall
    clock, output caps and file cap."""

    def __init__(self, req: dict[str, Any], host: Host) -> None:
        self.t0 = time.monotonic()
        self.req, self.host = req, host
        self.id: Any = req.get("id")
        cfg = dict(DEFAULTS)
        if req.get("timeoutMs") is not None:
            cfg["timeoutMs"] = max(100, min(int(req["timeoutMs"]), 600000))
        self.cfg = cfg
        code = req.get("code")
        if not isinstance(code, str):
            raise BadRequest("the request has no code string")
        self.files: dict[str, str] = req.get("files") or {}
        for name in self.files:
            if not NAME_RE.match(name):
                raise BadRequest(
                    f"file name {name!r} is not allowed: use a plain name like data.csv (letters, digits, _ . -)"
                )
        self.result: dict[str, Any] = {
            "status": "ok",
            "pngs": [],
            "figures": [],
            "stdout": "",
            "stderr": "",
            "traceback": None,
            "violations": [],
            "durationMs": 0,
            "layers": {},
            "notes": [],
        }
        # The child and its pipes: set by start().
        self.pid: int | None = None
        self.run_dir = ""
        self.out_r = self.err_r = self.rep_r = -1
        self.pidfd: int | None = None  # exit is noticed through it where Linux has one
        self.fds: list[int] = []  # what the loop watches: the three pipes and the pidfd
        self.bufs: dict[int, bytearray] = {}
        self.caps: dict[int, int] = {}
        self.names: dict[int, str] = {}
        self.open_fds: set[int] = set()
        # How it is going and how it ended.
        self.deadline = float("inf")
        self.wstatus: int | None = None
        self.why_killed: str | None = None
        self.timed_out = self.parent_gone = self.exited = self.cancelled = False
        self.drain_until: float | None = None
        self.next_poll = 0.0
        self.next_reap = 0.0
        self.blocked = False
        if req.get("staticCheck", True):
            import static_check

            v = static_check.check(code)
            if v:
                self.blocked = True
                self.result.update(
                    status="blocked",
                    violations=v,
                    layers={"static": {"on": True, "detail": "blocked before running; the snippet never ran"}},
                )

    def start(self, spare: Spare | None = None) -> list[int]:
        """Hand the request to a spare child (forking one now if none is given). Returns the fds
        (pipes and pidfd) the loop must watch."""
        host, cfg = self.host, self.cfg
        self.t0 = time.monotonic()  # a run queued for a free slot starts its clock here
        for attempt in range(2):
            if spare is None or not spare.alive():
                if spare is not None:
                    spare.discard()  # died while waiting (killed from outside): never used
                spare = Spare(host)
            self.run_dir = spare.run_dir
            try:
                for name, b64 in self.files.items():
                    with open(os.path.join(self.run_dir, name), "wb") as f:
                        f.write(base64.b64decode(b64))
                spare.hand_over(json.dumps({"code": self.req["code"], "cfg": cfg}).encode())
                break
            except BrokenPipeError:
                spare.discard()  # it died between the check and the write: one more try
                spare = None
                if attempt == 1:
                    raise
            except BaseException:
                spare.discard()  # never leave a confined child waiting for a request that will not come
                raise
        assert spare is not None
        pid, out_r, err_r, rep_r = spare.pid, spare.out_r, spare.err_r, spare.rep_r
        self.pid = pid
        self.out_r, self.err_r, self.rep_r = out_r, err_r, rep_r
        self.bufs = {out_r: bytearray(), err_r: bytearray(), rep_r: bytearray()}
        self.caps = {out_r: cfg["stdoutHardCap"], err_r: cfg["stderrHardCap"], rep_r: cfg["reportCap"]}
        self.names = {out_r: "stdout", err_r: "stderr", rep_r: "the report pipe"}
        # Exit is noticed through a pidfd where Linux has one, else by polling waitpid (POSIX).
        self.pidfd = os.pidfd_open(pid) if host["use"]["pidfd"] else None
        self.open_fds = set(self.bufs)
        self.deadline = self.t0 + cfg["timeoutMs"] / 1000
        self.fds = [out_r, err_r, rep_r] + ([self.pidfd] if self.pidfd is not None else [])
        return self.fds

    def kill_tree(self) -> None:
        assert self.pid is not None
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def cancel(self) -> None:
        self.cancelled = True
        self.kill_tree()

    def cancelled_while_waiting(self) -> dict[str, Any]:
        """The result of a run cancelled before it got a slot: it never started."""
        res = self.result
        res.update(
            status="killed",
            layers={
                "supervisor": {"on": True, "detail": "cancelled while waiting for a free slot; the snippet never ran"}
            },
        )
        res["notes"].append("cancelled by the caller before it started; the snippet never ran")
        return res

    def parent_went_away(self) -> None:
        self.parent_gone = True
        self.kill_tree()

    def _exited_now(self) -> None:
        self.exited = True
        # descendants that keep our pipes open get one second, then the sweep kills them
        self.drain_until = time.monotonic() + 1.0

    def on_ready(self, fd: int) -> bool:
        """fd is readable. Returns True when the fd is finished and must be unregistered."""
        if fd == self.pidfd:
            self._exited_now()
            return True
        try:
            data = os.read(fd, 1 << 16)
        except OSError:
            data = b""
        if not data:
            self.open_fds.discard(fd)
            if not self.open_fds:
                self.next_reap = 0.0  # the child is exiting: poll waitpid at once (no pidfd)
            return True
        if len(self.bufs[fd]) + len(data) > self.caps[fd]:
            if self.why_killed is None:
                self.why_killed = f"{self.names[fd]} flood: more than {self.caps[fd] // (1024 * 1024)} MB; stopped"
            self.kill_tree()
            return False
        self.bufs[fd] += data
        return False

    def tick(self, now: float) -> float:
        """Wall clock and file cap. Returns the time this run next needs a tick."""
        cfg = self.cfg
        if not self.exited and now >= self.deadline:
            self.timed_out = True
            self.kill_tree()
            self.deadline = float("inf")
        if not self.exited and now >= self.next_poll:
            count, size = _dir_usage(self.run_dir, cfg["maxFiles"])
            if count > cfg["maxFiles"] or size > cfg["diskMb"] * 1024 * 1024:
                if self.why_killed is None:
                    self.why_killed = (
                        f"the snippet created more than {cfg['maxFiles']} files in the run dir; stopped"
                        if count > cfg["maxFiles"]
                        else f"the snippet wrote more than {cfg['diskMb']} MB to the run dir; stopped"
                    )
                self.kill_tree()
            self.next_poll = now + 0.05
        if self.pidfd is None and not self.exited and now >= self.next_reap:
            assert self.pid is not None
            try:
                pid, wstatus = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                pid, wstatus = self.pid, 0
            if pid:
                self.wstatus = wstatus
                self._exited_now()
            # The child closes its pipes as it exits: once they are all shut, look again soon.
            self.next_reap = now + (0.002 if not self.open_fds else 0.05)
        wake = [self.deadline]
        if not self.exited:
            wake.append(self.next_poll)
            if self.pidfd is None:
                wake.append(self.next_reap)
        if self.drain_until is not None:
            wake.append(self.drain_until)
        return min(wake)

    @property
    def done(self) -> bool:
        if not self.exited:
            return False
        return not self.open_fds or (self.drain_until is not None and time.monotonic() >= self.drain_until)

    def finish(self, spare_pids: Sequence[int] = (), spare_sids: Sequence[int] = ()) -> dict[str, Any]:
        """Close the run's fds, reap its child, sweep what it left, read its outputs and return
        the SandboxRun dict. spare_pids/spare_sids: children and sessions of runs still going,
        which this run's sweep must not touch."""
        result, cfg, notes = self.result, self.cfg, self.result["notes"]
        if self.blocked:
            result["durationMs"] = round((time.monotonic() - self.t0) * 1000, 1)
            return result
        wstatus = self._reap(spare_pids, spare_sids)
        layers, report, rendered = self._read_report()
        result["layers"] = layers or {
            "harness": {
                "on": False,
                "detail": "the child never reported its layers (it died before the snippet started)",
            }
        }
        out_pngs, out_text, out_notes = pngscan.split_stream(bytes(self.bufs[self.out_r]))
        notes += out_notes
        kept = self._keep_pngs(out_pngs, rendered)
        result["pngs"] = kept
        result["stdout"] = _text(out_text, cfg["textCap"], "stdout", notes)
        result["stderr"] = _text(bytes(self.bufs[self.err_r]), cfg["textCap"], "stderr", notes)
        if report is not None:
            figs = report.get("figures")
            result["figures"] = figs if isinstance(figs, list) else []
            tb = report.get("traceback")
            result["traceback"] = tb if isinstance(tb, str) else None
            for n in report.get("notes") or []:
                notes.append(str(n)[:500])

        status, note = verdict.decide(
            parent_gone=self.parent_gone,
            cancelled=self.cancelled,
            timed_out=self.timed_out,
            why_killed=self.why_killed,
            term_signal=os.WTERMSIG(wstatus) if os.WIFSIGNALED(wstatus) else None,
            exit_code=os.WEXITSTATUS(wstatus) if os.WIFEXITED(wstatus) else None,
            report=report,
            pngs=len(kept),
            timeout_ms=cfg["timeoutMs"],
            memory_mb=cfg["memoryMb"],
        )
        result["status"] = status
        if note:
            notes.append(note)

        shutil.rmtree(self.run_dir, ignore_errors=True)
        if os.path.exists(self.run_dir):
            _force_remove(self.run_dir)
        result["durationMs"] = round((time.monotonic() - self.t0) * 1000, 1)
        return result

    def _reap(self, spare_pids: Sequence[int], spare_sids: Sequence[int]) -> int:
        """Close the run's fds, reap its child (returns its wait status) and sweep what it left
        running (a note says what was killed)."""
        assert self.pid is not None
        if self.pidfd is not None:
            os.close(self.pidfd)
        for fd in self.bufs:
            os.close(fd)
        wstatus = self.wstatus if self.wstatus is not None else os.waitpid(self.pid, 0)[1]
        left = reaper.after_run(self.host, self.pid, spare_pids, spare_sids)
        if left:
            self.result["notes"].append(left)
        return wstatus

    def _read_report(self) -> tuple[Any, dict[str, Any] | None, list[bytes]]:
        """The harness's frames: its layers (L), its report (J) and the PNGs it rendered (P).
        A damaged stream keeps what could be read, with a note."""
        frame_list, frame_err = frames.parse(self.bufs[self.rep_r])
        layers, report, rendered = None, None, []
        for kind, payload in frame_list:
            try:
                if kind == b"L" and layers is None:
                    layers = json.loads(payload)
                elif kind == b"J" and report is None:
                    report = json.loads(payload)
                elif kind == b"P":
                    rendered.append(payload)
            except (ValueError, RecursionError):  # the snippet can write to this pipe too: never trusted
                frame_err = frame_err or "unreadable JSON"
        if report is not None and not isinstance(report, dict):
            report, frame_err = None, frame_err or "a report that is not a JSON object"
        if layers is not None and not isinstance(layers, dict):
            layers, frame_err = None, frame_err or "layers that are not a JSON object"
        if frame_err:
            self.result["notes"].append(f"the harness report was damaged ({frame_err}); what could be read is kept")
        return layers, report, rendered

    def _keep_pngs(self, out_pngs: list[tuple[bytes, PngInfo]], rendered: list[bytes]) -> list[dict[str, Any]]:
        """Every PNG of the run, re-checked here (stdout, files in the run dir, the harness's
        renders), within the count and size caps."""
        cfg, notes = self.cfg, self.result["notes"]
        pngs = list(out_pngs)
        for d, i, _name in _read_outputs(self.run_dir, set(self.files), cfg, notes):
            pngs.append((d, i))
        for d in rendered:
            info, why = pngscan.parse(d)
            if info is None:
                notes.append(f"a figure rendered by the sandbox is not a valid PNG ({why}); refused")
            else:
                pngs.append((d[: info["length"]], info))
        kept: list[dict[str, Any]] = []
        for d, i in pngs:
            if len(d) > cfg["maxPngBytes"]:
                notes.append(f"a PNG of {len(d)} bytes is over the {cfg['maxPngBytes']} byte cap; refused")
            elif len(kept) >= cfg["maxPngs"]:
                notes.append(f"more than {cfg['maxPngs']} PNGs; the rest were dropped")
                break
            else:
                kept.append(_png_entry(d, i))
        return kept


def _force_remove(path: str) -> None:
    for root, dirs, _files in os.walk(path):
        for d in dirs:
            try:
                os.chmod(os.path.join(root, d), 0o700, follow_symlinks=False)
            except OSError:
                pass
    shutil.rmtree(path, ignore_errors=True)
