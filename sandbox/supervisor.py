"""One run, in the supervisor: a child forked by the zygote (which never holds a request) and
confined ahead of time, handed the request, watched, and collected. The wall clock, output caps,
file cap, disk quota and the leftover-process sweep live here, outside the child, so nothing the
snippet does can switch them off."""

from __future__ import annotations

import base64
import errno
import json
import os
import re
import shutil
import signal
import stat
import time
from collections.abc import Sequence
from typing import Any

import frames
import pngscan
import quota
import reaper
import verdict
from zygote_link import ZygoteLink

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


class Context:
    """What every run in this supervisor shares: the host's description, the zygote runs are
    forked from (replaced if it dies), the private tmpfs slots for run dirs, and how each run's
    disk is accounted (quota.mode)."""

    def __init__(self, host: Host, link: ZygoteLink | None, slots: quota.Slots | None, disk_mode: str) -> None:
        self.host = host
        self.link = link
        self.slots = slots
        self.disk_mode = disk_mode
        self.counter = 0


class Spare:
    """A child forked by the zygote and confined ahead of time, waiting for a request: a run that
    takes it skips the fork and the Landlock/seccomp set-up (about 10-15 ms). It has its own empty
    run dir (a private tmpfs slot where the host has them) and pipes, like any run; it leads its
    own process group, which sweeps spare. Its exit arrives from the zygote (`exited`)."""

    def __init__(self, ctx: Context) -> None:
        assert ctx.link is not None, "no zygote to fork from"
        self.ctx = ctx
        self.link = ctx.link
        host = ctx.host
        cfg = DEFAULTS
        self.slot = ctx.slots.take() if ctx.slots is not None and ctx.disk_mode == "tmpfs" else None
        if self.slot is not None:
            self.run_dir: str = self.slot
            self.disk_mode = "tmpfs"
            q = quota.layer("tmpfs", cfg["diskMb"])
        else:
            ctx.counter += 1
            self.run_dir = os.path.join(host["runsDir"], f"run-{ctx.counter}")
            os.mkdir(self.run_dir, 0o700)
            self.disk_mode = "polled" if host["use"]["proc"] else "off"
            extra = "; no private tmpfs was free for this run" if ctx.disk_mode == "tmpfs" else ""
            q = quota.layer(self.disk_mode, cfg["diskMb"], extra)
        ours, theirs = {}, {}
        names = ["out", "err", "rep", "req", "go"] + ([] if host["use"]["pdeathsig"] else ["life"])
        try:
            for name in names:
                r, w = os.pipe()
                # the child reads req, go and life, and writes the others
                ours[name], theirs[name] = (w, r) if name in ("req", "go", "life") else (r, w)
            self.pid: int = self.link.fork(self.run_dir, theirs, q)
        except BaseException:
            for fd in list(ours.values()) + list(theirs.values()):
                os.close(fd)
            self._release_dir()
            raise
        for fd in theirs.values():
            os.close(fd)
        self.out_r, self.err_r, self.rep_r = ours["out"], ours["err"], ours["rep"]
        self.req_w: int | None = ours["req"]  # the request goes here (hand_over), then it is closed
        self.go_w: int | None = ours["go"]  # one byte lets it start its throwaway draw (prefault)
        # the write end of its lifeline: held here, never written, closed only once it has exited
        self.life_w: int | None = ours.get("life")
        self.exited = False
        self.wstatus: int | None = None

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
        return not self.exited

    def hand_over(self, request: bytes) -> None:
        """Give the waiting child its one request: stop its throwaway draw, write the request, and
        close the request and go pipes (its end-of-file starts the run). Raises BrokenPipeError if
        the child died first. From here on the run owns the child and its output pipes."""
        assert self.req_w is not None, "a spare takes one request only"
        try:
            os.kill(self.pid, signal.SIGUSR1)  # stop its throwaway draw (prefault.py)
        except ProcessLookupError:
            raise BrokenPipeError("the spare child is gone") from None
        view = memoryview(request)
        while view:
            view = view[os.write(self.req_w, view) :]
        os.kill(self.pid, signal.SIGUSR1)  # again once the request is readable: see prefault.run
        os.close(self.req_w)
        self.req_w = None
        self._close_go()

    def close_lifeline(self) -> None:
        if self.life_w is not None:
            os.close(self.life_w)
            self.life_w = None

    def _release_dir(self) -> None:
        if self.slot is not None and self.ctx.slots is not None:
            self.ctx.slots.give_back(self.slot)
            self.slot = None
        else:
            shutil.rmtree(self.run_dir, ignore_errors=True)
            if os.path.exists(self.run_dir):
                _force_remove(self.run_dir)

    def discard(self, ask_zygote: bool = True) -> None:
        """Kill and reap an unused spare and give back its run dir. ask_zygote False: the zygote is
        not asked (it is gone, or busy loading as the sandbox closes): the child is only killed."""
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
            if not ask_zygote:
                raise ProcessLookupError
            if self.exited:
                self.link.reap(self.pid)  # died while it waited: only its zombie is left
            else:
                self.link.discard(self.pid)
        except Exception:
            try:
                os.kill(self.pid, signal.SIGKILL)  # its zygote reaps it, or is gone and takes it along
            except ProcessLookupError:
                pass
        self.close_lifeline()
        self._release_dir()


class Run:
    """One run, supervised without blocking so the supervisor can watch several at once: the
    server's loop hands it readable fds (`on_ready`) and the time (`tick`), and collects the
    result once `done`. Everything a run owns is its own: run dir, pipes, process group, wall
    clock, output caps and file cap."""

    def __init__(self, req: dict[str, Any], ctx: Context) -> None:
        self.t0 = time.monotonic()
        self.req, self.ctx, self.host = req, ctx, ctx.host
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
        self.spare: Spare | None = None
        self.pid: int | None = None
        self.run_dir = ""
        self.out_r = self.err_r = self.rep_r = -1
        self.fds: list[int] = []  # what the loop watches: the three pipes (the exit comes from the zygote)
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
        self.disk_bytes: int | None = None  # what it holds on disk, as its accounting last saw it
        self.disk_peak = 0

    def start(self, spare: Spare | None = None) -> list[int]:
        """Hand the request to a spare child (one is forked now if none is given). Returns the
        pipes the loop must watch; the child's exit arrives from the zygote (on_exit)."""
        cfg = self.cfg
        self.t0 = time.monotonic()  # a run queued for a free slot starts its clock here
        request = json.dumps(
            {"code": self.req["code"], "cfg": cfg, "staticCheck": bool(self.req.get("staticCheck", True))}
        ).encode()
        for attempt in range(2):
            if spare is None or not spare.alive():
                if spare is not None:
                    spare.discard()  # died while waiting (killed from outside): never used
                spare = Spare(self.ctx)
            self.run_dir = spare.run_dir
            try:
                for name, b64 in self.files.items():
                    with open(os.path.join(self.run_dir, name), "wb") as f:
                        f.write(base64.b64decode(b64))
                spare.hand_over(request)
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
        self.spare = spare
        out_r, err_r, rep_r = spare.out_r, spare.err_r, spare.rep_r
        self.pid = spare.pid
        self.out_r, self.err_r, self.rep_r = out_r, err_r, rep_r
        self.bufs = {out_r: bytearray(), err_r: bytearray(), rep_r: bytearray()}
        self.caps = {out_r: cfg["stdoutHardCap"], err_r: cfg["stderrHardCap"], rep_r: cfg["reportCap"]}
        self.names = {out_r: "stdout", err_r: "stderr", rep_r: "the report pipe"}
        self.open_fds = set(self.bufs)
        self.deadline = self.t0 + cfg["timeoutMs"] / 1000
        self.fds = [out_r, err_r, rep_r]
        if spare.exited:  # it died after the request was written (the zygote said so already)
            self.on_exit(spare.wstatus or 0)
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

    def on_exit(self, wstatus: int) -> None:
        """The zygote saw the child exit (it stays a zombie until finish reaps it)."""
        if self.exited:
            return
        self.wstatus = wstatus
        self.exited = True
        # descendants that keep our pipes open get one second, then the sweep kills them
        self.drain_until = time.monotonic() + 1.0

    def zygote_died(self) -> None:
        """The process the child was forked from is gone: the child goes with it (or is killed
        here), and the run ends with a sentence."""
        if self.exited:
            return
        if self.why_killed is None:
            self.why_killed = (
                "the sandbox's zygote (the process runs are forked from) died during the run; "
                "the run was stopped, and a new zygote serves the next runs"
            )
        self.kill_tree()
        self.on_exit(signal.SIGKILL)

    def disk_now(self) -> int | None:
        """What the run holds on disk now, by its accounting (for the ping reply)."""
        if self.spare is not None and self.spare.disk_mode == "tmpfs":
            try:
                return quota.used_bytes(self.run_dir)
            except OSError:
                return None
        return self.disk_bytes

    def on_ready(self, fd: int) -> bool:
        """fd is readable. Returns True when the fd is finished and must be unregistered."""
        try:
            data = os.read(fd, 1 << 16)
        except OSError:
            data = b""
        if not data:
            self.open_fds.discard(fd)
            return True
        if len(self.bufs[fd]) + len(data) > self.caps[fd]:
            if self.why_killed is None:
                self.why_killed = f"{self.names[fd]} flood: more than {self.caps[fd] // (1024 * 1024)} MB; stopped"
            self.kill_tree()
            return False
        self.bufs[fd] += data
        return False

    def tick(self, now: float) -> float:
        """Wall clock, file cap and disk quota. Returns the time this run next needs a tick."""
        if not self.exited and now >= self.deadline:
            self.timed_out = True
            self.kill_tree()
            self.deadline = float("inf")
        if not self.exited and now >= self.next_poll:
            self._poll_disk()
            self.next_poll = now + 0.05
        wake = [self.deadline]
        if not self.exited:
            wake.append(self.next_poll)
        if self.drain_until is not None:
            wake.append(self.drain_until)
        return min(wake)

    def _poll_disk(self) -> None:
        """The file cap (names), and the disk quota where it is not the kernel's (quota.py)."""
        cfg, mode = self.cfg, self.spare.disk_mode if self.spare else "off"
        limit = cfg["diskMb"] * 1024 * 1024
        count, size = quota.dir_usage(self.run_dir, cfg["maxFiles"])
        held = 0
        if mode == "polled" and self.pid is not None:
            held = quota.held_without_name(self.pid)
        if mode == "tmpfs":
            try:
                size = quota.used_bytes(self.run_dir)
            except OSError:
                pass
        self.disk_bytes = size + held
        self.disk_peak = max(self.disk_peak, self.disk_bytes)
        why = None
        if count > cfg["maxFiles"]:
            why = f"the snippet created more than {cfg['maxFiles']} files in the run dir; stopped"
        elif mode != "tmpfs" and size + held > limit:
            why = (
                f"the snippet held more than {cfg['diskMb']} MB of disk, {held // (1024 * 1024)} MB of it in files "
                "it had deleted but kept open or mapped; stopped (this run's disk quota, so the run beside it "
                "keeps its own)"
                if held
                else f"the snippet wrote more than {cfg['diskMb']} MB to the run dir; stopped"
            )
        if why is not None:
            if self.why_killed is None:
                self.why_killed = why
            self.kill_tree()

    @property
    def done(self) -> bool:
        if not self.exited:
            return False
        return not self.open_fds or (self.drain_until is not None and time.monotonic() >= self.drain_until)

    def finish(self, spare_pids: Sequence[int] = (), spare_groups: Sequence[int] = ()) -> dict[str, Any]:
        """Close the run's fds, reap its child, sweep what it left, read its outputs and return
        the SandboxRun dict. spare_pids/spare_groups: children and process groups of runs still going,
        which this run's sweep must not touch."""
        result, cfg, notes = self.result, self.cfg, self.result["notes"]
        wstatus = self._reap(spare_pids, spare_groups)
        layers, report, rendered, check = self._read_report()
        result["layers"] = layers or {
            "harness": {
                "on": False,
                "detail": "the child never reported its layers (it died before the snippet started)",
            }
        }
        violations = check.get("violations") if isinstance(check, dict) else None
        if isinstance(violations, list) and violations:
            return self._blocked(violations)
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
        if (
            self.spare is not None
            and self.spare.disk_mode == "tmpfs"
            and self.disk_peak >= 0.97 * cfg["diskMb"] * 1024 * 1024
        ):
            notes.append(
                f"the run filled its disk quota (a private {cfg['diskMb']} MB tmpfs, files it deleted but kept open "
                "included): its writes past it failed with 'No space left on device'; the run beside it has its own"
            )
        self._release()
        result["durationMs"] = round((time.monotonic() - self.t0) * 1000, 1)
        return result

    def _blocked(self, violations: list[Any]) -> dict[str, Any]:
        """The static check (run in the child, before the snippet) refused it: it never ran."""
        result = self.result
        result.update(
            status="blocked",
            violations=[v for v in violations if isinstance(v, dict)][:50],
            layers=dict(
                result["layers"], static={"on": True, "detail": "blocked before running; the snippet never ran"}
            ),
        )
        self._release()
        result["durationMs"] = round((time.monotonic() - self.t0) * 1000, 1)
        return result

    def _release(self) -> None:
        if self.spare is not None:
            self.spare.close_lifeline()
            self.spare._release_dir()

    def _reap(self, spare_pids: Sequence[int], spare_groups: Sequence[int]) -> int:
        """Close the run's fds, reap its child (returns its wait status) and sweep what it left
        running (a note says what was killed)."""
        assert self.pid is not None and self.spare is not None
        for fd in self.bufs:
            os.close(fd)
        wstatus = self.wstatus if self.wstatus is not None else 0
        try:
            # reaped first, as a parent would: its group then holds only what it left behind (the
            # group id stays reserved while any member lives, so the sweep below cannot miss)
            self.spare.link.reap(self.pid)
        except Exception:
            pass  # the zygote is gone, and its zombies with it
        left = reaper.after_run(self.host, self.pid, spare_pids, spare_groups)
        if left:
            self.result["notes"].append(left)
        return wstatus

    def _read_report(self) -> tuple[Any, dict[str, Any] | None, list[bytes], Any]:
        """The child's frames: its layers (L), the static check's verdict (C: only right after
        L, before the snippet could write), its report (J) and the PNGs it rendered (P). A
        damaged stream keeps what could be read, with a note."""
        frame_list, frame_err = frames.parse(self.bufs[self.rep_r])
        layers, report, rendered, check = None, None, [], None
        for i, (kind, payload) in enumerate(frame_list):
            try:
                if kind == b"L" and layers is None:
                    layers = json.loads(payload)
                elif kind == b"C" and i == 1 and frame_list[0][0] == b"L":
                    check = json.loads(payload)
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
        return layers, report, rendered, check

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
