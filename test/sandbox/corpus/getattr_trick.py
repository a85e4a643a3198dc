# getattr with built strings, no blocked name spelled out.
# expect-status: error|no-figure
# covered-by: seccomp landlock
# expect-no-file: {{SECRET_DIR}}/marker-getattr
import builtins
imp = getattr(builtins, "__im" + "port__")
mod = imp("o" + "s")
rc = getattr(mod, "sys" + "tem")("touch {{SECRET_DIR}}/marker-getattr")
print("rc", rc)
if rc == 0:
    raise SystemExit("the command ran")
