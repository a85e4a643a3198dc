"""Each run's share of disk (the `diskquota` layer): the run dir, the files in it, and files the
run deleted while keeping them open or mapped (a cap that counts names misses those: they keep
their blocks, and the disk both runs share fills up under the rival).

Three ways, by host:
- `tmpfs` (under bubblewrap): every run dir is a private tmpfs of its own size (bubblewrap mounts
  one per slot: concurrency + 2, reused once emptied), so the kernel refuses the run's writes past
  its share with "No space left on device", deleted-but-open, O_TMPFILE and mapped files
  included, and nothing the run writes there can touch another run's space. Its pages are memory:
  the share is counted once, as disk, on top of the address-space limit.
- `polled` (no namespaces, /proc used): the supervisor adds up, every 50 ms, the blocks of the
  run dir and of every regular file the run's process holds open or mapped with no name left
  (/proc/<pid>/fd, /proc/<pid>/maps), and kills the run above its share, with a sentence.
- off (the portable core): only names in the run dir are counted (filecap).

I/O on the file system and /proc; the choice between them is `mode` (pure)."""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Iterable
from typing import Any

MB = 1024 * 1024


def mode(slots_ok: bool, use_proc: bool) -> str:
    """Which accounting a host gets: "tmpfs", "polled" or "off"."""
    if slots_ok:
        return "tmpfs"
    return "polled" if use_proc else "off"


def layer(how: str, disk_mb: int, detail_extra: str = "") -> dict[str, Any]:
    if how == "tmpfs":
        return {
            "on": True,
            "detail": f"a private {disk_mb} MB tmpfs for this run's dir: writes past it fail with "
            "'No space left on device' (files deleted but kept open, O_TMPFILE and mapped files included)"
            + detail_extra,
        }
    if how == "polled":
        return {
            "on": True,
            "detail": f"the supervisor counts, every 50 ms, the blocks of the run dir and of the files the run "
            f"deleted but keeps open or mapped (/proc), and stops the run above {disk_mb} MB" + detail_extra,
        }
    return {
        "on": False,
        "detail": "only the run dir's files are counted (filecap): files the run deleted but keeps open are not "
        "(no private tmpfs and no /proc here)" + detail_extra,
    }


def slot_is_private(path: str, parent: str, size_bytes: int) -> bool:
    """path is a file system of its own (a mount point, not the parent's) of about size_bytes."""
    try:
        if os.stat(path).st_dev == os.stat(parent).st_dev:
            return False
        v = os.statvfs(path)
    except OSError:
        return False
    total = v.f_blocks * v.f_frsize
    return abs(total - size_bytes) <= max(v.f_frsize, size_bytes // 100)


def used_bytes(path: str) -> int:
    """Bytes in use on the file system at path (a slot: everything its run holds)."""
    v = os.statvfs(path)
    return (v.f_blocks - v.f_bfree) * v.f_frsize


def empty_dir(path: str) -> None:
    """Remove everything inside path, not path itself (a slot is a mount point)."""
    try:
        entries = list(os.scandir(path))
    except OSError:
        return
    for e in entries:
        try:
            if e.is_dir(follow_symlinks=False):
                shutil.rmtree(e.path, ignore_errors=True)
            else:
                os.unlink(e.path)
        except OSError:
            pass


class Slots:
    """The private tmpfs run dirs bubblewrap mounted, handed out one per child and taken back
    once emptied. A slot that still holds blocks after its run (something kept a file open) is
    not handed out again until it is empty."""

    def __init__(self, paths: Iterable[str]) -> None:
        self.free = list(paths)
        self.busy: set[str] = set()

    def take(self) -> str | None:
        for path in self.free:
            empty_dir(path)
            try:
                if used_bytes(path) > 0:
                    continue
            except OSError:
                continue
            self.free.remove(path)
            self.busy.add(path)
            return path
        return None

    def give_back(self, path: str) -> None:
        if path in self.busy:
            self.busy.discard(path)
            empty_dir(path)
            self.free.append(path)


def dir_usage(root: str, limit: int) -> tuple[int, int]:
    """(entries, bytes in blocks) under root, counting at most limit+1 entries; never follows links.
    Blocks, not sizes: a sparse file costs what it holds, and a hard link is counted once."""
    count, size, stack, seen = 0, 0, [root], set()
    while stack and count <= limit:
        try:
            with os.scandir(stack.pop()) as it:
                for e in it:
                    count += 1
                    try:
                        if e.is_dir(follow_symlinks=False):
                            stack.append(e.path)
                        else:
                            st = e.stat(follow_symlinks=False)
                            if st.st_ino not in seen:
                                seen.add(st.st_ino)
                                size += st.st_blocks * 512
                    except OSError:
                        pass
                    if count > limit:
                        break
        except OSError:
            pass
    return count, size


def held_without_name(pid: int) -> int:
    """Bytes of regular files the process holds open or mapped with no name left (deleted, or
    O_TMPFILE): what a cap that counts names misses. Read from /proc; 0 when it is gone."""
    seen: set[tuple[int, int]] = set()
    total = 0
    fd_dir = f"/proc/{pid}/fd"
    try:
        names = os.listdir(fd_dir)
    except OSError:
        names = []
    for name in names:
        try:
            st = os.stat(os.path.join(fd_dir, name))
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode) and st.st_nlink == 0 and (st.st_dev, st.st_ino) not in seen:
            seen.add((st.st_dev, st.st_ino))
            total += st.st_blocks * 512
    try:
        with open(f"/proc/{pid}/maps", "rb") as f:
            maps = f.read()
    except OSError:
        return total
    for line in maps.split(b"\n"):
        if not line.endswith(b"(deleted)"):
            continue
        parts = line.split(None, 5)
        if len(parts) < 6 or parts[4] == b"0" or parts[5].startswith((b"/memfd:", b"/dev/zero", b"/SYSV")):
            continue
        lo, hi = (int(x, 16) for x in parts[0].split(b"-"))
        major, _, minor = parts[3].partition(b":")
        key = (os.makedev(int(major, 16), int(minor, 16)), int(parts[4]))
        if key in seen:
            continue
        seen.add(key)
        total += hi - lo  # the mapped length: what the mapping can hold on disk
    return total
