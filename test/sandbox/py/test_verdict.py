"""Unit tests of verdict.decide (pure): a finished run's status and note, branch by branch.
Run by test/sandbox/python-units.test.ts."""

import os
import signal
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "sandbox"))
import verdict  # noqa: E402

BASE = dict(
    parent_gone=False,
    cancelled=False,
    timed_out=False,
    why_killed=None,
    term_signal=None,
    exit_code=0,
    report={"figures": [], "traceback": None},
    pngs=0,
    timeout_ms=800,
    memory_mb=1024,
)


def decide(**kw):
    return verdict.decide(**dict(BASE, **kw))


class Decide(unittest.TestCase):
    def test_clean_runs(self):
        self.assertEqual(decide(pngs=1), ("ok", None))
        self.assertEqual(decide(), ("no-figure", None))

    def test_a_traceback_is_an_error(self):
        self.assertEqual(decide(report={"traceback": "Traceback ...KeyError"}), ("error", None))

    def test_the_supervisor_outranks_everything_the_child_says(self):
        self.assertEqual(
            decide(parent_gone=True, cancelled=True, timed_out=True),
            ("killed", "the parent process went away during the run; the run was killed"),
        )
        self.assertEqual(
            decide(cancelled=True, timed_out=True, pngs=3),
            ("killed", "cancelled by the caller; the process tree was killed"),
        )
        self.assertEqual(
            decide(timed_out=True, why_killed="flood", term_signal=signal.SIGKILL),
            ("timeout", "the wall-clock limit of 800 ms was reached; the process tree was killed with SIGKILL"),
        )
        self.assertEqual(
            decide(why_killed="stdout flood: more than 48 MB; stopped", term_signal=signal.SIGKILL),
            ("killed", "stdout flood: more than 48 MB; stopped"),
        )

    def test_signals_name_the_limit(self):
        self.assertEqual(
            decide(term_signal=signal.SIGXCPU),
            ("killed", "the snippet's process was killed by SIGXCPU (CPU-time limit)"),
        )
        self.assertEqual(
            decide(term_signal=signal.SIGXFSZ),
            ("killed", "the snippet's process was killed by SIGXFSZ (file-size limit)"),
        )
        self.assertEqual(
            decide(term_signal=signal.SIGSEGV),
            ("killed", "the snippet's process was killed by SIGSEGV (often the memory limit)"),
        )
        self.assertEqual(
            decide(term_signal=signal.SIGKILL, pngs=2), ("killed", "the snippet's process was killed by SIGKILL")
        )
        self.assertEqual(decide(term_signal=250), ("killed", "the snippet's process was killed by 250"))

    def test_memory_error_is_killed_with_the_limit(self):
        self.assertEqual(
            decide(report={"memoryError": True, "traceback": "MemoryError"}),
            ("killed", "the snippet hit the memory limit (1024 MB above the zygote) and raised MemoryError"),
        )

    def test_no_report_the_snippet_ended_the_process(self):
        note = "the snippet ended the process (exit code {}) before the harness could measure its figures"
        self.assertEqual(decide(report=None, exit_code=3), ("error", note.format(3)))
        self.assertEqual(decide(report=None, exit_code=0), ("no-figure", note.format(0)))
        self.assertEqual(decide(report=None, exit_code=0, pngs=1), ("ok", note.format(0)))


if __name__ == "__main__":
    unittest.main()
