"""Game records: one game as a table played it, for the arbiter (and written by the fuzzer).

A record (YAML or JSON, schema ``spec/schemas/record.schema.json``) gives the ruleset, room
options and readings, the seats, who went first, the deal, every action in order (seat and
action, in the contract's text or JSON form) and, optionally, the session context and the
result the table paid out. :func:`load_record` returns a :class:`GameRecord`;
:func:`validate_record_file` lists every problem with its file and line.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from conformance.errors import HarnessError
from phomspec.paths import spec_dir
from phomspec.problems import Problem, display_path
from phomspec.yamlio import Document, SpecSyntaxError, read_document

__all__ = ["GameRecord", "Problem", "RecordError", "RecordedAction", "RecordedResult",
           "load_record", "validate_record_file"]

class RecordError(HarnessError):
    """A record that cannot be used; carries every :class:`Problem` found."""

    def __init__(self, problems: Sequence[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass(frozen=True)
class RecordedAction:
    """One action of the record: the seat, the action in JSON form, and where it was written."""

    index: int
    seat: int
    action: dict[str, Any]
    text: str
    line: int | None = None
    note: str | None = None

    def __repr__(self) -> str:
        return f"RecordedAction(#{self.index} seat {self.seat}: {self.text})"


@dataclass(frozen=True)
class RecordedResult:
    """What the table says it paid out; any part may be missing."""

    ending: str | None = None
    winner: int | None = None
    ranking: tuple[dict[str, Any], ...] | None = None
    payments: tuple[dict[str, Any], ...] | None = None
    totals: tuple[int, ...] | None = None
    line: int | None = None


@dataclass(frozen=True)
class GameRecord:
    """A validated game record, the deal normalised to hands and stock."""

    path: str
    ruleset: str
    options: dict[str, bool]
    readings: dict[str, str]
    players: int
    names: tuple[str | None, ...]
    first: int
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    actions: tuple[RecordedAction, ...]
    session: dict[str, Any] | None = None
    result: RecordedResult | None = None
    id: str | None = None
    title: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def seat_name(self, seat: int) -> str:
        """``'An (seat 0)'`` or ``'seat 0'``."""
        name = self.names[seat] if seat < len(self.names) else None
        return f"{name} (seat {seat})" if name else f"seat {seat}"


# -- loading with line numbers ---------------------------------------------------------------


def _load_located(path: Path, file: str) -> Document:
    """Parse YAML (or JSON), keeping the line of every value (a mapping value is reported at
    its key's line, a list item at its own line: ``line_of(path, key=True)``)."""
    try:
        doc = read_document(path)
    except SpecSyntaxError as e:
        raise RecordError([Problem(file, e.line, e.message)]) from None
    if doc.duplicate_keys:
        raise RecordError([Problem(file, line, f"key {key!r} appears twice in one mapping")
                           for line, key in doc.duplicate_keys])
    return doc


@cache
def _schema() -> dict[str, Any]:
    with (spec_dir() / "schemas" / "record.schema.json").open(encoding="utf-8") as f:
        schema: dict[str, Any] = json.load(f)
    return schema


def _schema_problems(data: Any, doc: Document, file: str) -> list[Problem]:
    import jsonschema

    validator = jsonschema.Draft202012Validator(_schema())
    out = []
    for err in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        # oneOf failures are hard to read; report the most specific sub-error instead.
        best = jsonschema.exceptions.best_match([err]) if err.context else err
        path = list(best.absolute_path)
        where = "/".join(str(p) for p in path) or "(top level)"
        if best.validator == "additionalProperties" and isinstance(best.instance, dict):
            known = set(best.schema.get("properties") or {})
            for key in sorted(set(best.instance) - known):
                allowed = ", ".join(sorted(known)) or "none"
                out.append(Problem(file, doc.line_of([*path, key], key=True),
                                   f"{where}: unknown key {key!r} (allowed here: {allowed})"))
            continue
        out.append(Problem(file, doc.line_of(path, key=True), f"{where}: {best.message}"))
    return out


def _semantic_problems(
    data: dict[str, Any], doc: Document, file: str
) -> tuple[list[Problem], dict[str, Any]]:
    """Checks the schema cannot make: ruleset, table size, the deal, the actions' text form."""
    from phomspec import SpecError, resolve_ruleset
    from reference_impl.cards import NotationError, parse_cards

    problems: list[Problem] = []
    norm: dict[str, Any] = {}

    def bad(path: Sequence[str | int], message: str) -> None:
        problems.append(Problem(file, doc.line_of(path, key=True), message))

    seats = data.get("seats")
    # the schema demands players or seats
    players = int(data["players"]) if "players" in data else len(seats or ())
    if seats is not None and players != len(seats):
        bad(["players"], f"players is {players} but seats names {len(seats)} seats")
    norm["players"] = players
    try:
        rs = resolve_ruleset(data["ruleset"], data.get("options"), data.get("readings"))
    except SpecError as e:
        bad(["ruleset"], str(e))
    else:
        if players not in rs["players"]:
            bad(["players"], f"ruleset {data['ruleset']!r} is not defined for {players} players")
    first = data["first"]
    if first >= players:
        bad(["first"], f"first is seat {first}, but the table has seats 0..{players - 1}")

    deal = data["deal"]
    hands: list[list[str]] = []
    stock: list[str] = []
    try:
        if "deck" in deal:
            deck = parse_cards(deal["deck"])
            codes = [_canon(c) for c in deck]
            hands, stock = _deal_from_deck(codes, players, first)
        else:
            hands = [[_canon(c) for c in parse_cards(h)] for h in deal["hands"]]
            stock = [_canon(c) for c in parse_cards(deal["stock"])]
            if len(hands) != players:
                bad(["deal", "hands"], f"the deal has {len(hands)} hands for {players} players")
            for seat, hand in enumerate(hands):
                want = 10 if seat == first else 9
                if len(hand) != want:
                    bad(["deal", "hands", seat],
                        f"seat {seat} is dealt {len(hand)} cards; it should get {want}"
                        " (the first player gets 10, the others 9)")
            every = [c for h in hands for c in h] + stock
            if len(every) != 52 or len(set(every)) != 52:
                dup = sorted({c for c in every if every.count(c) > 1})
                msg = f"hands + stock hold {len(every)} cards"
                if dup:
                    msg += f"; dealt twice: {' '.join(dup)}"
                bad(["deal"], msg + "; they must be the 52 cards once each")
    except NotationError as e:
        bad(["deal"], str(e))
    norm["hands"], norm["stock"] = hands, stock

    actions = []
    for i, entry in enumerate(data["actions"]):
        seat = entry["seat"]
        if players is not None and seat >= players:
            bad(["actions", i, "seat"],
                f"action {i + 1}: seat {seat} is not at a {players}-player table")
        try:
            as_json, text = _action_forms(entry["action"])
        except (NotationError, ValueError) as e:
            bad(["actions", i, "action"], f"action {i + 1}: {e}")
            continue
        actions.append(RecordedAction(i + 1, seat, as_json, text,
                                      doc.line_of(["actions", i], key=True), entry.get("note")))
    norm["actions"] = actions

    res = data.get("result")
    if res is not None:
        for key in ("ranking", "payments"):
            for j, item in enumerate(res.get(key) or []):
                for field_ in ("seat", "from", "to"):
                    if field_ in item and players is not None and item[field_] >= players:
                        bad(["result", key, j, field_],
                            f"result {key} {j + 1}: seat {item[field_]} is not at the table")
        totals = res.get("totals")
        if totals is not None and players is not None and len(totals) != players:
            bad(["result", "totals"], f"totals has {len(totals)} entries for {players} players")
    session = data.get("session") or {}
    for key in ("u_streak",):
        for seat_key in session.get(key) or {}:
            if players is not None and int(seat_key) >= players:
                bad(["session", key, seat_key],
                    f"session {key}: seat {seat_key} is not at the table")
    host = session.get("host")
    if host is not None and players is not None and host >= players:
        bad(["session", "host"], f"session host: seat {host} is not at the table")
    return problems, norm


def _canon(c: int) -> str:
    from reference_impl.cards import format_card

    return format_card(c)


def _deal_from_deck(deck: list[str], players: int, first: int) -> tuple[list[list[str]], list[str]]:
    """DEAL.DECK-ORDER: one card at a time from ``first`` in play order to 9 each, then ``first``
    takes one more; the rest is the stock, top first."""
    hands: list[list[str]] = [[] for _ in range(players)]
    it = iter(deck)
    for _ in range(9):
        for k in range(players):
            hands[(first + k) % players].append(next(it))
    hands[first].append(next(it))
    return hands, list(it)


def _action_forms(action: Any) -> tuple[dict[str, Any], str]:
    """The action in JSON form and in text form, through the engine's own parser."""
    from reference_impl import actions as engine_actions

    if isinstance(action, str):
        parsed = engine_actions.parse_action(action)
    else:
        parsed = engine_actions.from_json(action)
    return engine_actions.to_json(parsed), str(parsed)


def _check(path: str | Path) -> tuple[dict[str, Any], dict[str, Any], Document]:
    p = Path(path)
    file = display_path(p)
    if not p.is_file():
        raise RecordError([Problem(file, None, "no such file")])
    doc = _load_located(p, file)
    data = doc.data
    if not isinstance(data, dict):
        raise RecordError(
            [Problem(file, 1, "a record is a mapping (ruleset, first, deal, actions...)")])
    problems = _schema_problems(data, doc, file)
    if problems:
        raise RecordError(problems)
    sem, norm = _semantic_problems(data, doc, file)
    if sem:
        raise RecordError(sem)
    return data, norm, doc


def validate_record_file(path: str | Path) -> list[Problem]:
    """Every problem of the record at ``path`` (empty when it is a valid record)."""
    try:
        _check(path)
    except RecordError as e:
        return e.problems
    return []


def load_record(path: str | Path) -> GameRecord:
    """Load and validate a record; raise :class:`RecordError` listing its problems."""
    data, norm, doc = _check(path)
    res = data.get("result")
    result = None
    if res is not None:
        result = RecordedResult(
            ending=res.get("ending"),
            winner=res.get("winner"),
            ranking=tuple(res["ranking"]) if "ranking" in res else None,
            payments=tuple(res["payments"]) if "payments" in res else None,
            totals=tuple(res["totals"]) if "totals" in res else None,
            line=doc.line_of(["result"], key=True),
        )
    players = norm["players"]
    names = tuple(data.get("seats") or [None] * players)
    return GameRecord(
        path=str(path),
        ruleset=data["ruleset"],
        options=dict(data.get("options") or {}),
        readings=dict(data.get("readings") or {}),
        players=players,
        names=names,
        first=data["first"],
        hands=tuple(tuple(h) for h in norm["hands"]),
        stock=tuple(norm["stock"]),
        actions=tuple(norm["actions"]),
        session=dict(data["session"]) if data.get("session") else None,
        result=result,
        id=data.get("id"),
        title=data.get("title"),
        meta=dict(data.get("meta") or {}),
        raw=data,
    )
