"""What an implementation declares in its ``hello``, as the fuzzer and ``smoke`` use it.

- The rulesets it plays, with the room option values and table sizes of each: the fuzzer
  deals only those (spec/protocol.md 5.1).
- The readings it takes on ambiguities, flat or per ruleset
  (:func:`reference_impl.profiles.hello_readings`: ``{"readings": {"AMB.X": "r"}}``,
  ``{"readings": {"hoi-quan-bai": {...}}}``, or ``readings`` in a ``rulesets`` entry); which
  of them the reference plays (:func:`reference_impl.serve_config.reading_problem`: a reading
  with parameters, or the ruleset's own), and, for the others, the clauses whose comparisons
  depend on them (the ambiguity's clauses): the fuzzer leaves those comparisons out and
  counts them.
- The profile in force (protocol 1.1, spec/protocol.md 8;
  :func:`conformance.suite.profile.profile_in_force`, as ``run`` reads it): the shape the
  fuzzer plays and compares in (:mod:`conformance.fuzz.shape`), recorded with every game. A
  bad member is one line naming it and is treated as left out (8.7).

A declaration the kit cannot read is one line in :attr:`Offer.problems`, never an exception.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from conformance.suite.profile import MEMBERS, ProfileInForce, profile_in_force
from phomspec import list_rulesets, load_spec, resolve_ruleset
from phomspec.errors import SpecError
from phomspec.rulesets import option_specs, reading_parameters
from reference_impl.profiles import DEFAULT, U_AMBIGUITY, U_READINGS, Profile
from reference_impl.serve_config import reading_problem


@cache
def ambiguity_clauses() -> dict[str, tuple[str, ...]]:
    """The clauses of every ambiguity of the register (read once, when first needed)."""
    return {a.id: tuple(a.clauses) for a in load_spec().ambiguities}


@dataclass(frozen=True)
class RulesetOffer:
    """One ruleset the implementation plays: option values, table sizes, readings."""

    id: str
    options: dict[str, tuple[Any, ...]]
    players: tuple[int, ...]
    readings: dict[str, str]
    #: Declared readings the reference plays (sent in new_game, played by the reference).
    played: dict[str, str]
    #: Declared readings the reference cannot play: ambiguity -> reading.
    unplayable: dict[str, str]

    def left_out_by(self, clauses: tuple[str, ...]) -> str | None:
        """The unplayable reading (``AMB.X=r``) a comparison at stake on ``clauses``
        depends on, or None."""
        for amb, reading in self.unplayable.items():
            if set(ambiguity_clauses().get(amb, ())) & set(clauses):
                return f"{amb}={reading}"
        return None


@dataclass(frozen=True)
class Offer:
    """Everything a hello declares that decides what is dealt and what is compared."""

    rulesets: dict[str, RulesetOffer]
    shape: Profile = DEFAULT
    problems: tuple[str, ...] = field(default=())
    #: Whether the hello declared any profile member (a 1.0 hello declares none).
    declared: bool = False

    @property
    def profile(self) -> dict[str, Any] | None:
        """The profile in force as every game records it: its members (bad ones left out,
        8.7); None for a 1.0 hello, which declares none."""
        return self.shape.to_hello() if self.declared or not self.shape.is_default else None

    @property
    def ruleset_ids(self) -> list[str]:
        return sorted(self.rulesets)

    def get(self, ruleset: str) -> RulesetOffer | None:
        return self.rulesets.get(ruleset)


def _option_values(rid: str, declared: Any, problems: list[str]) -> dict[str, tuple[Any, ...]]:
    specs = option_specs(rid)
    out = {name: (spec.get("default"),) for name, spec in specs.items()}
    if not isinstance(declared, dict):
        return out
    for name, values in declared.items():
        if name not in specs:
            problems.append(f"hello: rulesets[{rid}].options: {name!r} is not a room option"
                            f" of {rid} (options: {', '.join(specs) or 'none'})")
            continue
        if isinstance(values, list) and values:
            out[name] = tuple(dict.fromkeys(values))
    return out


def _ruleset_offer(entry: dict[str, Any], shape: ProfileInForce, problems: list[str]
                   ) -> RulesetOffer | None:
    rid = str(entry.get("id"))
    readings: dict[str, str] = {}
    declared = shape.readings(rid)
    if shape.profile.u == "claimed":  # the shape is a reading (8.3): played once it can be
        declared.setdefault(U_AMBIGUITY, U_READINGS["claimed"])
    for amb, reading in declared.items():
        try:
            reading_parameters(str(amb), str(reading))
        except SpecError as e:
            problems.append(f"hello: readings ({rid}): {amb}={reading}: {e}; not honoured")
            continue
        readings[str(amb)] = str(reading)
    played = {a: r for a, r in readings.items() if reading_problem(rid, a, r) is None}
    unplayable = {a: r for a, r in readings.items() if a not in played}
    try:
        sizes = set(resolve_ruleset(rid, readings=played).params["players"])
    except SpecError as e:
        problems.append(f"hello: rulesets[{rid}]: the declared readings do not combine: {e}")
        return None
    tables = entry.get("players")
    if isinstance(tables, list) and tables:
        sizes &= {n for n in tables if isinstance(n, int)}
    if not sizes:
        problems.append(f"hello: rulesets[{rid}].players: no table size of {rid} declared")
        return None
    return RulesetOffer(rid, _option_values(rid, entry.get("options"), problems),
                        tuple(sorted(sizes)), readings, played, unplayable)


def offer_of_hello(hello: dict[str, Any]) -> Offer:
    """What ``hello`` declares, for the rulesets the kit knows."""
    shape = profile_in_force(hello)
    problems: list[str] = list(shape.problems)
    known = set(list_rulesets())
    out: dict[str, RulesetOffer] = {}
    for entry in hello.get("rulesets") or []:
        if isinstance(entry, dict) and entry.get("id") in known:
            offered = _ruleset_offer(entry, shape, problems)
            if offered is not None:
                out[offered.id] = offered
    top = shape.hello.get("readings") or {}
    unknown = sorted(k for k, v in top.items() if isinstance(v, dict) and k not in known)
    if unknown:
        problems.append(f"hello: readings: unknown ruleset(s) {', '.join(unknown)}")
    declared = any(m in hello for m in MEMBERS)
    profile = DEFAULT if shape.profile.is_default else shape.profile  # DEFAULT itself: fast
    return Offer(out, profile, tuple(problems), declared)
