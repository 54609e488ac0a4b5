"""Rule mutants of the reference engine and the mutation score (docs/fuzz-arbiter.md)."""
