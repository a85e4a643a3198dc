# Without namespaces, a snippet changes the mode and owner of files outside its directory:
# Landlock (before ABI 13) does not cover metadata. The run dirs' parent is tried too, which
# would lock the supervisor out of making the next run's dir.
# source: https://mail-archive.com/linux-trace-kernel@vger.kernel.org/msg30757.html (Landlock gains metadata rights only with ABI 13: chmod, chown, utimensat, setxattr)
# source: https://man7.org/linux/man-pages/man2/chmod.2.html
# expect-status: no-figure
# covered-by: seccomp
# check: secret-mode-unchanged next-run-clean
import os

targets = ["{{SECRET_FILE}}", "{{SECRET_DIR}}", os.path.dirname(os.getcwd())]
for path in targets:
    for what, call in (("chmod", lambda: os.chmod(path, 0o000)), ("chown", lambda: os.chown(path, 65534, 65534)),
                       ("setxattr", lambda: os.setxattr(path, "user.duellab", b"x"))):
        try:
            call()
            print(what, "changed", path)
        except OSError as e:
            print(what, "refused", path, e.errno)
