# Popen found by walking object.__subclasses__().
# expect-status: error
# covered-by: seccomp landlock
# expect-traceback: PermissionError
import subprocess  # noqa: F401 (makes sure Popen is loaded)
popen = [c for c in ().__class__.__base__.__subclasses__() if c.__name__ == "Popen"][0]
popen(["/bin/true"]).wait()
