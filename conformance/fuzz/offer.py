"""What an implementation declares in its ``hello``, as the fuzzer and ``smoke`` use it.

- The rulesets it plays, with the room option values and table sizes of each: the fuzzer
  deals only those (spec/protocol.md 5.1).
- The readings it takes on ambiguities, in every form a ``hello`` may give them: flat
  (``{"readings": {"AMB.X": "r"}}``, every ruleset), per ruleset at the top
  (``{"readings": {"hoi-quan-bai": {"AMB.X": "r"}}}``) or in a ``rulesets`` entry
  (``{"rulesets": [{"id": ..., "readings": {...}}]}``); the more specific wins.
- Which of those readings the reference plays (a reading with parameters, or the
  ruleset's own reading), and, for the others, the clauses whose comparisons depend on them:
  the fuzzer leaves those comparisons out and counts them.
- The profile members it declared (protocol 1.1: ``lay_down``, ``eat``, ``u``, ``money``,
  ``actions``), recorded with every game; ``None`` when it declared none.

A declaration the kit cannot read is one line in :attr:`Offer.problems`, never an exception.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from phomspec import list_rulesets, resolve_ruleset
from phomspec.errors import SpecError
from phomspec.paths import spec_dir
from phomspec.rulesets import option_specs
from phomspec.yamlio import load_yaml

#: The hello members of an implementation profile (spec/protocol.md 8, protocol 1.1).
PROFILE_MEMBERS = ("lay_down", "eat", "u", "money", "actions")


@dataclass(frozen=True)
class AmbiguityInfo:
    """One ambiguity of spec/ambiguities.yaml as the fuzzer needs it."""

    id: str
    clauses: tuple[str, ...]
    parameters: dict[str, dict[str, Any]]  # reading id -> the parameters it sets
    chosen: dict[str, str]  # ruleset id -> the reading it takes


@cache
def ambiguities() -> dict[str, AmbiguityInfo]:
    """Every ambiguity of the register, by id."""
    data = load_yaml(spec_dir() / "ambiguities.yaml") or {}
    out: dict[str, AmbiguityInfo] = {}
    for amb in data.get("ambiguities") or []:
        chosen = {rid: (c.get("reading") if isinstance(c, dict) else c)
                  for rid, c in (amb.get("rulesets") or {}).items()}
        out[amb["id"]] = AmbiguityInfo(
            amb["id"], tuple(amb.get("clauses") or ()),
            {r["id"]: dict(r.get("parameters") or {}) for r in amb.get("readings") or []},
            {rid: str(r) for rid, r in chosen.items() if r})
    return out


def reading_problem(ruleset: str, amb: str, reading: str) -> str | None:
    """Why ``amb=reading`` is not a reading the kit knows, or None."""
    info = ambiguities().get(amb)
    if info is None:
        return f"unknown ambiguity {amb!r}"
    if reading not in info.parameters:
        return (f"ambiguity {amb} has no reading {reading!r}"
                f" (readings: {', '.join(info.parameters)})")
    return None


def reference_plays(ruleset: str, amb: str, reading: str) -> bool:
    """Can the reference play ``amb=reading`` in ``ruleset``? Yes when the reading sets
    parameters, or when it is the ruleset's own reading (the engine's fixed behaviour)."""
    info = ambiguities()[amb]
    return bool(info.parameters.get(reading)) or info.chosen.get(ruleset) == reading


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
            if set(ambiguities()[amb].clauses) & set(clauses):
                return f"{amb}={reading}"
        return None


@dataclass(frozen=True)
class Offer:
    """Everything a hello declares that decides what is dealt and what is compared."""

    rulesets: dict[str, RulesetOffer]
    profile: dict[str, Any] | None = None
    problems: tuple[str, ...] = field(default=())

    @property
    def ruleset_ids(self) -> list[str]:
        return sorted(self.rulesets)

    def get(self, ruleset: str) -> RulesetOffer | None:
        return self.rulesets.get(ruleset)


def _readings_map(value: Any, where: str, problems: list[str]) -> dict[str, str]:
    if not isinstance(value, dict):
        problems.append(f"hello: {where}: expected an object of ambiguity -> reading,"
                        f" got {value!r}")
        return {}
    out: dict[str, str] = {}
    for amb, reading in value.items():
        if isinstance(reading, str):
            out[str(amb)] = reading
        else:
            problems.append(f"hello: {where}: {amb}: a reading is a string, got {reading!r}")
    return out


def _split_readings(value: Any, problems: list[str]
                    ) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """(readings in every ruleset, readings per ruleset) of a hello's top-level member."""
    if value is None:
        return {}, {}
    if not isinstance(value, dict):
        problems.append(f"hello: readings: expected an object, got {value!r}")
        return {}, {}
    flat = {k: v for k, v in value.items() if not isinstance(v, dict)}
    scoped = {str(k): _readings_map(v, f"readings.{k}", problems)
              for k, v in value.items() if isinstance(v, dict)}
    return _readings_map(flat, "readings", problems), scoped


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


def _ruleset_offer(entry: dict[str, Any], flat: dict[str, str], scoped: dict[str, str],
                   problems: list[str]) -> RulesetOffer | None:
    rid = str(entry.get("id"))
    own = _readings_map(entry.get("readings") or {}, f"rulesets[{rid}].readings", problems)
    readings: dict[str, str] = {}
    for amb, reading in {**flat, **scoped, **own}.items():
        problem = reading_problem(rid, amb, reading)
        if problem is None:
            readings[amb] = reading
        else:
            problems.append(f"hello: readings: {amb}={reading}: {problem}; not honoured")
    played = {a: r for a, r in readings.items() if reference_plays(rid, a, r)}
    unplayable = {a: r for a, r in readings.items() if a not in played}
    try:
        sizes = set(resolve_ruleset(rid, readings=played).params["players"])
    except SpecError as e:
        problems.append(f"hello: rulesets[{rid}]: the declared readings do not combine: {e}")
        return None
    declared = entry.get("players")
    if isinstance(declared, list) and declared:
        sizes &= {n for n in declared if isinstance(n, int)}
    if not sizes:
        problems.append(f"hello: rulesets[{rid}].players: no table size of {rid} declared")
        return None
    return RulesetOffer(rid, _option_values(rid, entry.get("options"), problems),
                        tuple(sorted(sizes)), readings, played, unplayable)


def offer_of_hello(hello: dict[str, Any]) -> Offer:
    """What ``hello`` declares, for the rulesets the kit knows."""
    problems: list[str] = []
    flat, scoped = _split_readings(hello.get("readings"), problems)
    known = set(list_rulesets())
    out: dict[str, RulesetOffer] = {}
    for entry in hello.get("rulesets") or []:
        if not isinstance(entry, dict) or entry.get("id") not in known:
            continue
        rid = str(entry["id"])
        offered = _ruleset_offer(entry, flat, scoped.get(rid, {}), problems)
        if offered is not None:
            out[rid] = offered
    unknown = sorted(set(scoped) - known)
    if unknown:
        problems.append(f"hello: readings: unknown ruleset(s) {', '.join(unknown)}")
    profile = {k: hello[k] for k in PROFILE_MEMBERS if k in hello} or None
    return Offer(out, profile, tuple(problems))
