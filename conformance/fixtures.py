"""YAML fixtures: named deals and full runnable cases (features/fixtures/*.yaml).

A fixture file holds ``deals`` (explicit hands by seat and the stock, top card first, that
Gherkin steps name with ``Given the deal "<id>"``) and ``cases`` (a deal, an action script
with expected rulings and legal action sets, and the expected end of the game). The shape
is ``spec/schemas/fixture.schema.json``. A case becomes a list of :class:`RawStep` written
in the step language of the feature files, so that a fixture and a ``.feature`` scenario
reach their verdict through the same step library (:mod:`conformance.steps`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from conformance.errors import ScenarioError
from phomspec.paths import spec_dir
from reference_impl.cards import NotationError, format_card, parse_card

RANK_CODES = ("nhat", "nhi", "ba", "bet", "mom", "left")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a fixture file, and where."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


@dataclass(frozen=True)
class RawStep:
    """One step as written: keyword kind (given / when / then), text, line, argument."""

    kind: str
    text: str
    line: int
    docstring: str | None = None
    table: tuple[tuple[str, ...], ...] | None = None


@dataclass(frozen=True)
class RawCase:
    """A scenario before its steps are matched: from a feature file or a fixture case."""

    name: str
    tags: tuple[str, ...]
    source: str
    line: int
    steps: tuple[RawStep, ...]
    feature_tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class NamedDeal:
    """A deal that steps refer to by id: hands by seat and the stock, top first."""

    id: str
    players: int
    first: int
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    source: str = field(default="", compare=False)
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class NamedScript:
    """Action lines that steps play by id, written for one named deal."""

    id: str
    deal: str
    actions: tuple[str, ...]
    source: str = field(default="", compare=False)
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class FixtureIndex:
    """Every named deal and script of the fixture files, by id."""

    deals: Mapping[str, NamedDeal] = field(default_factory=dict)
    scripts: Mapping[str, NamedScript] = field(default_factory=dict)


@dataclass(frozen=True)
class FixtureFile:
    path: str
    deals: Mapping[str, NamedDeal]
    cases: tuple[RawCase, ...]


# ---------------------------------------------------------------------------------------------
# YAML with line numbers


class LineMap:
    """Line (1-based) of every mapping value and sequence item, by its path of keys."""

    def __init__(self) -> None:
        self._lines: dict[tuple[str, ...], int] = {}

    def add(self, path: tuple[str, ...], line: int) -> None:
        self._lines.setdefault(path, line)

    def line(self, path: Sequence[object]) -> int:
        """Line of ``path``, or of its nearest ancestor that has one."""
        key = tuple(str(p) for p in path)
        while key:
            if key in self._lines:
                return self._lines[key]
            key = key[:-1]
        return self._lines.get((), 1)


def _walk(node: yaml.Node, path: tuple[str, ...], lines: LineMap) -> None:
    lines.add(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            _walk(value_node, (*path, str(key_node.value)), lines)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, (*path, str(i)), lines)


def load_yaml_with_lines(path: Path) -> tuple[Any, LineMap]:
    """Parse a YAML file; raise :class:`ScenarioError` (file:line) on a YAML error."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ScenarioError(f"{path}: cannot read: {e.strerror}") from None
    lines = LineMap()
    try:
        loader = yaml.SafeLoader(text)
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        problem = getattr(e, "problem", None) or str(e)
        raise ScenarioError(f"{path}:{line}: YAML error: {problem}; fix the YAML syntax") from None
    if node is not None:
        _walk(node, (), lines)
    return data, lines


@cache
def fixture_schema() -> dict[str, Any]:
    with (spec_dir() / "schemas" / "fixture.schema.json").open(encoding="utf-8") as f:
        schema: dict[str, Any] = json.load(f)
    return schema


# ---------------------------------------------------------------------------------------------
# Deals


def check_deal(
    players: int, first: int, hands: Sequence[Sequence[str]], stock: Sequence[str]
) -> list[str]:
    """What is wrong with an explicit deal (empty when it is 52 distinct cards, sized right)."""
    out: list[str] = []
    if not 2 <= players <= 4:
        return [f"a table has 2 to 4 players, not {players}"]
    if not 0 <= first < players:
        out.append(f"first seat {first} is not a seat of a {players}-player table")
    if len(hands) != players:
        out.append(f"{len(hands)} hands given for {players} players")
    seen: dict[str, str] = {}
    for where, cards in [
        *((f"seat {i}'s hand", h) for i, h in enumerate(hands)),
        ("the stock", stock),
    ]:
        for code in cards:
            try:
                canon = format_card(parse_card(code))
            except NotationError as e:
                out.append(f"{where}: {e}")
                continue
            if canon in seen:
                out.append(f"card {canon} is dealt twice ({seen[canon]} and {where})")
            seen[canon] = where
    for i, h in enumerate(hands):
        want = 10 if i == first else 9
        if len(h) != want:
            out.append(f"seat {i} holds {len(h)} cards; it must hold {want}")
    if not out and len(seen) != 52:
        missing = 52 - len(seen)
        out.append(f"the deal holds {len(seen)} cards, {missing} missing: hands + stock make 52")
    return out


def fill_deal(
    players: int,
    first: int,
    hands: Mapping[int, Sequence[str]],
    stock_top: Sequence[str] = (),
    filler: Sequence[str] = (),
) -> tuple[list[list[str]], list[str]]:
    """Complete a deal from the cards that matter (a helper for writing fixtures).

    Each seat's hand is topped up to 10 (first) or 9 cards from ``filler`` in order, then the
    stock is ``stock_top`` followed by every card not yet dealt, in ``filler`` order and then
    in index order. The caller chooses ``filler`` so that the added cards cannot interfere
    (no phỏm, no cạ with the cards that matter); the result is not checked for that.
    """
    used = {format_card(parse_card(c)) for h in hands.values() for c in h}
    used |= {format_card(parse_card(c)) for c in stock_top}
    pool = [format_card(parse_card(c)) for c in filler]
    pool += [format_card(i) for i in range(52)]
    free: Iterator[str] = iter(dict.fromkeys(c for c in pool if c not in used))
    out_hands: list[list[str]] = []
    for seat in range(players):
        hand = [format_card(parse_card(c)) for c in hands.get(seat, ())]
        while len(hand) < (10 if seat == first else 9):
            hand.append(next(free))
        out_hands.append(hand)
    stock = [format_card(parse_card(c)) for c in stock_top] + list(free)
    return out_hands, stock


# ---------------------------------------------------------------------------------------------
# Validation and loading


def _schema_problems(data: Any, lines: LineMap, file: str) -> list[Problem]:
    from jsonschema import Draft202012Validator

    validator = Draft202012Validator(fixture_schema())
    out: list[Problem] = []
    for err in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        # oneOf failures are unreadable as a whole: report the most specific sub-error.
        best = err
        while best.context:
            best = min(best.context, key=lambda e: (-len(e.absolute_path), str(e.message)))
        where = "/".join(str(p) for p in best.absolute_path) or "(top)"
        out.append(Problem(file, lines.line(list(best.absolute_path)), f"{where}: {best.message}"))
    return out


def _deal_of(entry: Mapping[str, Any], deals: Mapping[str, NamedDeal]) -> tuple[int, int] | None:
    """(players, first) of a case's deal, or None when the named deal is unknown."""
    deal = entry["deal"]
    if isinstance(deal, str):
        named = deals.get(deal)
        if named is None:
            return None
        return entry.get("players", named.players), entry.get("first", named.first)
    return entry.get("players", len(deal["hands"])), entry.get("first", 0)


def _semantic_problems(
    data: Mapping[str, Any], lines: LineMap, file: str, deals: Mapping[str, NamedDeal]
) -> list[Problem]:
    from phomspec import list_rulesets

    out: list[Problem] = []
    known_rulesets = set(list_rulesets())
    for i, deal in enumerate(data.get("deals") or []):
        for msg in check_deal(deal["players"], deal.get("first", 0), deal["hands"], deal["stock"]):
            out.append(Problem(file, lines.line(["deals", i]), f"deal {deal['id']!r}: {msg}"))
    ids: set[str] = set()
    for i, case in enumerate(data.get("cases") or []):
        where = lines.line(["cases", i])
        if case["id"] in ids:
            out.append(Problem(file, where, f"case id {case['id']!r} is used twice"))
        ids.add(case["id"])
        for r in case["rulesets"]:
            if r != "all" and r not in known_rulesets:
                out.append(
                    Problem(
                        file,
                        lines.line(["cases", i, "rulesets"]),
                        f"unknown ruleset {r!r}; known: {', '.join(sorted(known_rulesets))}, all",
                    )
                )
        deal = case["deal"]
        if isinstance(deal, str):
            if deal not in deals:
                out.append(
                    Problem(file, lines.line(["cases", i, "deal"]), f"no deal named {deal!r}")
                )
        else:
            pf = _deal_of(case, deals)
            if pf is not None:
                for msg in check_deal(pf[0], pf[1], deal["hands"], deal["stock"]):
                    out.append(Problem(file, lines.line(["cases", i, "deal"]), msg))
    return out


def _index_deals(data: Mapping[str, Any], lines: LineMap, file: str) -> dict[str, NamedDeal]:
    out: dict[str, NamedDeal] = {}
    for i, d in enumerate(data.get("deals") or []):
        out[d["id"]] = NamedDeal(
            id=d["id"],
            players=d["players"],
            first=d.get("first", 0),
            hands=tuple(tuple(h) for h in d["hands"]),
            stock=tuple(d["stock"]),
            source=file,
            line=lines.line(["deals", i]),
        )
    return out


def _index_scripts(data: Mapping[str, Any], lines: LineMap, file: str) -> dict[str, NamedScript]:
    out: dict[str, NamedScript] = {}
    for i, d in enumerate(data.get("scripts") or []):
        out[d["id"]] = NamedScript(
            id=d["id"],
            deal=d["deal"],
            actions=tuple(d["actions"]),
            source=file,
            line=lines.line(["scripts", i]),
        )
    return out


def _script_problems(
    data: Mapping[str, Any], lines: LineMap, file: str, deals: Mapping[str, NamedDeal]
) -> list[Problem]:
    from conformance.steps import StepError, parse_action_line

    out: list[Problem] = []
    for i, script in enumerate(data.get("scripts") or []):
        if script["deal"] not in deals:
            where = lines.line(["scripts", i, "deal"])
            out.append(Problem(file, where, f"no deal named {script['deal']!r}"))
        for j, text in enumerate(script["actions"]):
            try:
                parse_action_line(text)
            except StepError as e:
                out.append(Problem(file, lines.line(["scripts", i, "actions", j]), str(e)))
    return out


def validate_fixture_file(
    path: str | Path, deals: Mapping[str, NamedDeal] | None = None
) -> list[Problem]:
    """Every problem of one fixture file: YAML, schema, deals, rulesets and script steps.

    ``deals`` are named deals of other fixture files that cases may refer to (by default the
    deals of every file in the same directory).
    """
    path = Path(path)
    file = str(path)
    try:
        data, lines = load_yaml_with_lines(path)
    except ScenarioError as e:
        text = str(e)
        line = _line_of_message(text)
        prefix = f"{path}:{line}: "
        return [Problem(file, line, text[len(prefix) :] if text.startswith(prefix) else text)]
    if not isinstance(data, dict):
        return [Problem(file, 1, "a fixture file is a mapping with 'deals' and/or 'cases'")]
    problems = _schema_problems(data, lines, file)
    if problems:
        return problems
    own = _index_deals(data, lines, file)
    siblings = _sibling_index(path)
    others = dict(deals) if deals is not None else dict(siblings.deals)
    problems = _semantic_problems(data, lines, file, others | own)
    problems += _script_problems(data, lines, file, others | own)
    if problems:
        return problems
    from conformance.scenario import check_raw_case

    index = FixtureIndex(others | own, dict(siblings.scripts) | _index_scripts(data, lines, file))
    for i, case in enumerate(data.get("cases") or []):
        raw = case_to_raw(case, lines, ["cases", i], file)
        problems += [Problem(file, line, msg) for line, msg in check_raw_case(raw, index)]
    return problems


def _line_of_message(message: str) -> int:
    parts = message.split(":")
    if len(parts) > 2 and parts[1].isdigit():
        return int(parts[1])
    return 1


def _sibling_index(path: Path) -> FixtureIndex:
    deals: dict[str, NamedDeal] = {}
    scripts: dict[str, NamedScript] = {}
    for other in sorted(path.parent.glob("*.yaml")):
        if other.resolve() == path.resolve():
            continue
        try:
            data, lines = load_yaml_with_lines(other)
        except ScenarioError:
            continue
        if isinstance(data, dict) and not _schema_problems(data, lines, str(other)):
            deals |= _index_deals(data, lines, str(other))
            scripts |= _index_scripts(data, lines, str(other))
    return FixtureIndex(deals, scripts)


def load_fixture_file(path: Path, deals: Mapping[str, NamedDeal] | None = None) -> FixtureFile:
    """Load one fixture file; raise :class:`ScenarioError` naming file:line when it is wrong."""
    file = str(path)
    data, lines = load_yaml_with_lines(path)
    if not isinstance(data, dict):
        raise ScenarioError(f"{file}:1: a fixture file is a mapping with 'deals' and/or 'cases'")
    problems = _schema_problems(data, lines, file)
    own = _index_deals(data, lines, file) if not problems else {}
    if not problems:
        problems = _semantic_problems(data, lines, file, dict(deals or {}) | own)
    if problems:
        listed = "\n  ".join(str(p) for p in problems)
        raise ScenarioError(
            f"{problems[0]}\n  {listed}\nfix the fixture (schema: spec/schemas/fixture.schema.json)"
        )
    cases = tuple(
        case_to_raw(case, lines, ["cases", i], file)
        for i, case in enumerate(data.get("cases") or [])
    )
    return FixtureFile(file, own, cases)


def load_fixture_index(paths: Sequence[Path]) -> FixtureIndex:
    """Named deals and scripts of the given fixture files; an id defined twice is an error."""
    deals: dict[str, NamedDeal] = {}
    scripts: dict[str, NamedScript] = {}
    for path in paths:
        data, lines = load_yaml_with_lines(path)
        if not isinstance(data, dict):
            continue
        problems = _schema_problems(data, lines, str(path))
        if problems:
            raise ScenarioError(
                f"{problems[0]}; fix the fixture (spec/schemas/fixture.schema.json)"
            )
        found: list[tuple[str, NamedDeal | NamedScript, dict[str, Any]]] = [
            *(("deal", d, deals) for d in _index_deals(data, lines, str(path)).values()),
            *(("script", sc, scripts) for sc in _index_scripts(data, lines, str(path)).values()),
        ]
        for what, item, table in found:
            if item.id in table:
                prev = table[item.id]
                raise ScenarioError(
                    f"{item.source}:{item.line}: {what} {item.id!r} is already defined at"
                    f" {prev.source}:{prev.line}; give it another id"
                )
            table[item.id] = item
    for script in scripts.values():
        if script.deal not in deals:
            raise ScenarioError(
                f"{script.source}:{script.line}: script {script.id!r} names no known deal"
                f" {script.deal!r}"
            )
    return FixtureIndex(deals, scripts)


# ---------------------------------------------------------------------------------------------
# A case as steps


def _ranking_text(entries: Sequence[Mapping[str, Any]]) -> str:
    parts = []
    for e in entries:
        pts = f" {e['points']}" if "points" in e else ""
        parts.append(f"seat {e['seat']} {e['rank']}{pts}")
    return ", ".join(parts)


def case_to_raw(case: Mapping[str, Any], lines: LineMap, at: list[object], file: str) -> RawCase:
    """Turn a fixture case into steps of the step library (the one path to a verdict)."""

    def ln(*sub: object) -> int:
        return lines.line([*at, *sub])

    tags = [f"@id:{case['id']}"]
    tags += [f"@clause:{c}" for c in case["clauses"]]
    tags += [f"@ruleset:{r}" for r in case["rulesets"]]
    tags += [f"@reading:{a}={r}" for a, r in (case.get("readings") or {}).items()]
    if case.get("negative"):
        tags.append("@negative")
    tags += [f"@{t}" for t in case.get("tags") or []]

    steps: list[RawStep] = []
    deal = case["deal"]
    if isinstance(deal, str):
        steps.append(RawStep("given", f'the deal "{deal}"', ln("deal")))
        if "players" in case:
            steps.insert(0, RawStep("given", f"a {case['players']}-player game", ln("players")))
    else:
        players = case.get("players", len(deal["hands"]))
        steps.append(RawStep("given", f"a {players}-player game", ln()))
    if "first" in case:
        steps.append(RawStep("given", f"seat {case['first']} goes first", ln("first")))
    if not isinstance(deal, str):
        for seat, hand in enumerate(deal["hands"]):
            steps.append(
                RawStep("given", f"seat {seat} holds {' '.join(hand)}", ln("deal", "hands", seat))
            )
        steps.append(
            RawStep("given", f"the stock is {' '.join(deal['stock'])}", ln("deal", "stock"))
        )
    for name, value in (case.get("options") or {}).items():
        steps.append(
            RawStep(
                "given",
                f"the room option {name} is {'on' if value else 'off'}",
                ln("options", name),
            )
        )
    session = case.get("session") or {}
    for seat, n in (session.get("u_streak") or {}).items():
        steps.append(
            RawStep(
                "given", f"seat {seat} ù'd the previous {n} games", ln("session", "u_streak", seat)
            )
        )
    if "host" in session:
        steps.append(RawStep("given", f"seat {session['host']} is the host", ln("session", "host")))

    pending: list[tuple[int, str]] = []

    def flush() -> None:
        if pending:
            doc = "\n".join(text for _, text in pending)
            steps.append(RawStep("when", "the actions are played:", pending[0][0], docstring=doc))
            pending.clear()

    for i, item in enumerate(case["script"]):
        if isinstance(item, str):
            pending.append((ln("script", i), item))
            continue
        flush()
        if "do" in item:
            steps.append(
                RawStep("when", "the actions are played:", ln("script", i), docstring=item["do"])
            )
            exp = item["expect"]
            if exp == "accepted":
                steps.append(RawStep("then", "the action is accepted", ln("script", i, "expect")))
            else:
                clause = f" under clause {exp['clause']}" if "clause" in exp else ""
                text = f"the action is rejected with {exp['rejected']}{clause}"
                steps.append(RawStep("then", text, ln("script", i, "expect")))
        elif "legal" in item:
            legal = item["legal"]
            steps.append(
                RawStep(
                    "then",
                    f"the legal actions of seat {legal['seat']} are:",
                    ln("script", i),
                    docstring="\n".join(legal["actions"]),
                )
            )
        else:
            steps.append(RawStep("then", item["then"], ln("script", i)))
    flush()

    expect = case.get("expect") or {}
    if "ending" in expect:
        ending = {
            "u": "ù",
            "u_khan": "ù khan",
            "points": "points",
            "all_mom": "all móm",
            "last_player": "the last player",
        }[expect["ending"]]
        steps.append(RawStep("then", f"the game is over by {ending}", ln("expect", "ending")))
    if "winner" in expect:
        steps.append(RawStep("then", f"seat {expect['winner']} wins", ln("expect", "winner")))
    if "u" in expect:
        u = expect["u"]
        if u is None:
            steps.append(RawStep("then", "nobody ù", ln("expect", "u")))
        else:
            kind = f" with kind {u['kind']}" if "kind" in u else ""
            steps.append(RawStep("then", f"seat {u['seat']} ù{kind}", ln("expect", "u")))
            if "den" in u:
                den = u["den"]
                if den is None:
                    steps.append(RawStep("then", "the ù is not đền", ln("expect", "u", "den")))
                else:
                    text = (
                        f"seat {u['seat']} ù đền is paid by seat {den['seat']} for {den['amount']}"
                    )
                    steps.append(RawStep("then", text, ln("expect", "u", "den")))
    if "ranking" in expect:
        text = f"the ranking is: {_ranking_text(expect['ranking'])}"
        steps.append(RawStep("then", text, ln("expect", "ranking")))
    if "payments" in expect:
        doc = "\n".join(
            f"seat {p['from']} pays seat {p['to']} {p['amount']} for {p['reason']}"
            for p in expect["payments"]
        )
        steps.append(
            RawStep(
                "then", "the payments are:", ln("expect", "payments"), docstring=doc or "nothing"
            )
        )
    if "totals" in expect:
        text = ", ".join(f"{t:+d}" if t else "0" for t in expect["totals"])
        steps.append(RawStep("then", f"the totals are: {text}", ln("expect", "totals")))
    return RawCase(case["name"], tuple(tags), file, ln(), tuple(steps))
