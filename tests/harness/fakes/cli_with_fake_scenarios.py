"""``phom-conformance`` with N fake scenarios instead of the suite (argument 1: N; the rest are
the command line), for the tests that stop a run from outside."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import conformance.commands.run as run_command
from conformance.cli import main
from tests.harness.helpers import scenarios

count = int(sys.argv[1])
run_command.load_all_scenarios = lambda rulesets, paths=None: scenarios(count)
sys.argv = ["phom-conformance", *sys.argv[2:]]
main()
