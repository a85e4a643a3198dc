# Bytes on stdout that start like a PNG but are not one.
# expect-status: no-figure
# expect-pngs: 0
# expect-note: stdout held a PNG signature but not a valid PNG
import sys
sys.stdout.buffer.write(b"\x89PNG\r\n\x1a\n" + b"this is not an image, trust me")
sys.stdout.buffer.flush()
