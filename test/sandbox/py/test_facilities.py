"""Unit tests of facilities.plan (pure): which OS facilities the sandbox uses on which host.
Run by test/sandbox/python-units.test.ts."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "sandbox"))
import facilities  # noqa: E402

LINUX = ("namespaces", "landlock", "seccomp", "pidfd", "pdeathsig", "subreaper", "proc")


class Plan(unittest.TestCase):
    def test_linux_uses_every_linux_facility_and_not_seatbelt(self):
        p = facilities.plan("linux", [], True, False)
        for k in LINUX:
            self.assertEqual(p[k], (True, ""), k)
        self.assertEqual(p["seatbelt"], (False, "macOS only; this host is linux"))

    def test_all_off_leaves_only_the_portable_core(self):
        p = facilities.plan("linux", ["all"], True, True)
        self.assertTrue(all(not use for use, _ in p.values()))
        self.assertEqual(p["landlock"][1], "turned off by the caller (as on a host without Landlock)")
        self.assertEqual(p["seccomp"][1], "turned off by the caller (as on a host without seccomp)")
        self.assertEqual(set(p), set(facilities.OPTIONAL))

    def test_macos_uses_seatbelt_only_where_sandbox_exec_exists(self):
        p = facilities.plan("darwin", [], False, True)
        self.assertEqual(p["seatbelt"], (True, ""))
        for k in LINUX:
            self.assertEqual(p[k], (False, "Linux only; this host is darwin"), k)
        self.assertEqual(
            facilities.plan("darwin", [], False, False)["seatbelt"],
            (False, "/usr/bin/sandbox-exec is missing on this Mac"),
        )
        self.assertFalse(facilities.plan("darwin", ["seatbelt"], False, True)["seatbelt"][0])

    def test_subreaper_needs_proc_and_pidfd_needs_pidfd_open(self):
        p = facilities.plan("linux", ["proc"], False, False)
        self.assertFalse(p["subreaper"][0])
        self.assertIn("needs /proc", p["subreaper"][1])
        self.assertIn("no pidfd_open", p["pidfd"][1])
        self.assertTrue(p["landlock"][0])

    def test_one_facility_off_leaves_the_others(self):
        p = facilities.plan("linux", ["pidfd"], True, False)
        self.assertFalse(p["pidfd"][0])
        self.assertTrue(p["pdeathsig"][0] and p["subreaper"][0] and p["seccomp"][0])

    def test_expand_off(self):
        self.assertEqual(facilities.expand_off(None), set())
        self.assertEqual(facilities.expand_off(["all", "prefault"]), set(facilities.OPTIONAL) | {"prefault"})


if __name__ == "__main__":
    unittest.main()
