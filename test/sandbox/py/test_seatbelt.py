"""Unit tests of the Seatbelt profile text (sandbox/seatbelt.py profile(), pure). Run by
test/sandbox/python-units.test.ts; the profile itself is not run on a Mac by CI."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "sandbox"))
import seatbelt  # noqa: E402

BASE = "/private/var/folders/x1/T/duellab-sandbox-abc"
PY = "/opt/homebrew/opt/python@3.12/Frameworks/Python.framework/Versions/3.12"


def make(**kw):
    args = dict(
        write_dir=BASE,
        read_dirs=["/Users/ada/proj/.venv", PY, "/Users/ada/proj/node_modules/duellab/sandbox"],
        executables=["/Users/ada/proj/.venv/bin/python", PY + "/bin/python3.12"],
        exec_trees=[PY],
    )
    args.update(kw)
    return seatbelt.profile(**args)


def rules(text):
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith(";")]


class ProfileText(unittest.TestCase):
    def test_starts_with_version_and_denies_all_network(self):
        r = rules(make())
        self.assertEqual(r[0], "(version 1)")
        self.assertIn("(deny network*)", r)
        self.assertFalse(any(ln.startswith("(allow network") for ln in r), "no network exception of any kind")

    def test_writes_only_in_the_base_dir_and_dev_null(self):
        r = rules(make())
        self.assertIn("(deny file-write*)", r)
        allows = [ln for ln in r if ln.startswith("(allow file-write")]
        self.assertEqual(allows, [f'(allow file-write* (subpath "{BASE}") (literal "/dev/null"))'])
        # the deny comes before the allow: in SBPL the last matching rule wins
        self.assertLess(r.index("(deny file-write*)"), r.index(allows[0]))

    def test_reads_only_python_trees_sandbox_and_system_paths(self):
        text = make()
        self.assertIn("(deny file-read*)", text)
        self.assertIn("(allow file-read-metadata)", text)
        for p in [
            "/Users/ada/proj/.venv",
            PY,
            "/Users/ada/proj/node_modules/duellab/sandbox",
            BASE,
            "/System",
            "/usr/lib",
            "/Library/Fonts",
            "/private/var/db/timezone",
        ]:
            self.assertIn(f'(subpath "{p}")', text, p)
        self.assertNotIn('(subpath "/Users")', text)
        self.assertNotIn('(subpath "/")', text, "never the whole disk")
        self.assertNotIn('"/Users/ada"', text.replace('"/Users/ada/proj', ""), "not the home dir")

    def test_exec_only_python(self):
        r = rules(make())
        self.assertIn("(deny process-exec)", r)
        ex = [ln for ln in r if ln.startswith("(allow process-exec")]
        self.assertEqual(len(ex), 1)
        self.assertIn('(literal "/Users/ada/proj/.venv/bin/python")', ex[0])
        self.assertIn(f'(subpath "{PY}")', ex[0])
        self.assertNotIn('(subpath "/usr")', ex[0])

    def test_parentheses_balance(self):
        text = "".join(ln.split(";")[0] for ln in make().splitlines())
        depth = 0
        for ch in text:
            depth += {"(": 1, ")": -1}.get(ch, 0)
            self.assertGreaterEqual(depth, 0)
        self.assertEqual(depth, 0)

    def test_quotes_and_backslashes_in_paths_are_escaped(self):
        text = make(write_dir='/tmp/we"ird\\dir')
        self.assertIn('(subpath "/tmp/we\\"ird\\\\dir")', text)

    def test_refuses_a_root_or_relative_write_dir(self):
        for bad in ["/", "", "tmp/x"]:
            with self.assertRaises(ValueError):
                make(write_dir=bad)

    def test_relative_and_root_read_dirs_are_dropped(self):
        text = make(read_dirs=["/", "relative/dir", "/ok"])
        self.assertIn('(subpath "/ok")', text)
        self.assertNotIn("relative/dir", text)
        self.assertNotIn('(subpath "/")', text)


if __name__ == "__main__":
    unittest.main()
