# savefig to a path outside the run dir.
# expect-status: error
# expect-traceback: PermissionError|FileNotFoundError
# expect-no-file: {{SECRET_DIR}}/pwned.png
# covered-by: landlock namespaces
import matplotlib.pyplot as plt
plt.plot([1, 2, 3])
plt.savefig("{{SECRET_DIR}}/pwned.png")
