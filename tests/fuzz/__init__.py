"""The differential fuzzer, game records, the arbiter and the rule mutants."""
