"""``python -m conformance.mutants.serve ID``: the reference server playing by one mutant.

A mutant over the real protocol, for trying the fuzzer and the suite on a wrong engine in a
separate process: ``phom-conformance fuzz --impl "python -m conformance.mutants.serve
money-mom-3"``.
"""

from __future__ import annotations

import sys

from conformance.mutants.base import applied
from conformance.mutants.catalog import BY_ID


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] not in BY_ID:
        known = ", ".join(sorted(BY_ID))
        print(f"usage: python -m conformance.mutants.serve MUTANT_ID (one of: {known})",
              file=sys.stderr)
        return 3
    from reference_impl.server import serve

    with applied(BY_ID[args[0]]):
        return serve()


if __name__ == "__main__":
    sys.exit(main())
