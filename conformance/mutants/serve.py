"""``python -m conformance.mutants.serve ID [--profile LIST] [--reading AMB.ID=READING]...``:
the reference server playing by one mutant, in the shape of a profile if one is given.

A mutant over the real protocol, for trying the fuzzer and the suite on a wrong engine in a
separate process: ``phom-conformance fuzz --impl "python -m conformance.mutants.serve
money-mom-3 --profile auto-lay,bare-eat,no-money"``. The options after the id are those of
``phom-reference`` (docs/profiles.md).
"""

from __future__ import annotations

import sys

from conformance.mutants.base import applied
from conformance.mutants.catalog import BY_ID
from reference_impl.serve_config import OPTIONS, ConfigError, parse_command_line


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in BY_ID:
        known = ", ".join(sorted(BY_ID))
        print(f"usage: python -m conformance.mutants.serve MUTANT_ID {OPTIONS}"
              f" (MUTANT_ID one of: {known})", file=sys.stderr)
        return 3
    try:
        config = parse_command_line(args[1:], prog="python -m conformance.mutants.serve ID")
    except ConfigError as e:
        print(f"conformance.mutants.serve: {e}", file=sys.stderr)
        return 3
    from reference_impl.server import serve

    with applied(BY_ID[args[0]]):
        return serve(config=config)


if __name__ == "__main__":
    sys.exit(main())
