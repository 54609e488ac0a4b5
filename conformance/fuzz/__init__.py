"""The differential fuzzer: seeded games on the reference, replayed in lockstep against an
implementation; divergences shrunk and written as fixtures (docs/fuzz-arbiter.md)."""
