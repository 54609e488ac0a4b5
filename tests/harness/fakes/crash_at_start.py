"""Exits with status 3 before reading anything, after a message on stderr."""

import sys

sys.stderr.write("fake: cannot open the rules database\n")
sys.exit(3)
