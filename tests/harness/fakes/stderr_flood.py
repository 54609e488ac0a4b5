"""Writes 20 MB to stderr at start and 10 KB more before each reply; answers correctly."""

import sys

from base import serve

line = b"debug: " + b"." * 1016 + b"\n"
for _ in range(20 * 1024):
    sys.stderr.buffer.write(line)
sys.stderr.buffer.flush()


def misbehave(request, games):
    for _ in range(10):
        sys.stderr.buffer.write(line)
    sys.stderr.buffer.flush()
    return False


serve(misbehave)
