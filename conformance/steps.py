"""The one step library: step text -> handler, used by Scenario.run and by pytest-bdd.

Every step of the suite is matched here, by a regular expression, to one handler that is
thin over the Driver (through :class:`conformance.scenario.Play`). The pytest-bdd step
definitions are generated from this same registry (:func:`bind_pytest_bdd`), so a step
reaches its verdict by one path whichever runner plays it.

Steps speak the game's terms, e.g.::

    Given a 4-player "hoi-quan-bai" game
    Given seat 0 holds 7S 7D 7H 4H 5H 6H 9C JD QS KH
    When seat 1 eats 5H with 6H 7H
    Then the action is rejected with EAT_NOT_A_PHOM under clause TURN.EAT.MAKES-PHOM
    Then seat 2 pays seat 1 4 for ăn chốt

Every Then step may end with ``under clause <ID>``: a failure of the step is reported under
that clause; otherwise under the clause the step implies when the scenario names it, else
under the scenario's first clause.
"""

from __future__ import annotations

import difflib
import inspect
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from reference_impl.cards import NotationError, format_card, parse_card, points, rank_of, suit_of

if TYPE_CHECKING:
    from conformance.scenario import Play, Setup


class StepError(ValueError):
    """A step that cannot be matched or whose arguments are malformed (a scenario error)."""


# ---------------------------------------------------------------------------------------------
# Argument conversion


CARD = r"[0-9AaTtJjQqKk][^\s,;]{1,2}"
CARDS = rf"{CARD}(?: {CARD})*"
CLAUSE = r"[A-Z0-9]+(?:\.[A-Z0-9-]+)+"
_CLAUSE_SUFFIX = rf"(?: under clause (?P<clause>{CLAUSE}))?"
PHOM_WORD = r"(?:phỏm|phom)"


def card_code(text: str) -> str:
    """Canonical code of one card; StepError quoting a bad code."""
    try:
        return format_card(parse_card(text))
    except NotationError as e:
        raise StepError(f"bad card code {text!r}: {e}") from None


def card_list(text: str) -> tuple[str, ...]:
    cards = tuple(card_code(t) for t in text.split())
    dup = [c for c, n in Counter(cards).items() if n > 1]
    if dup:
        raise StepError(f"card {dup[0]} is listed twice in {text!r}")
    return cards


def phom_list(text: str) -> tuple[tuple[str, ...], ...]:
    """'7S 7D 7H and 4H 5H 6H' -> two phỏm."""
    groups = tuple(card_list(part) for part in re.split(r" and |\s*/\s*", text.strip()))
    seen: set[str] = set()
    for g in groups:
        if seen & set(g):
            raise StepError(f"a card appears in two phỏm of {text!r}")
        seen |= set(g)
    return groups


PAYMENT_REASONS: dict[str, str] = {
    "ăn bài": "eat",
    "an bai": "eat",
    "the eat": "eat",
    "eat": "eat",
    "ăn chốt": "eat_chot",
    "an chot": "eat_chot",
    "eat_chot": "eat_chot",
    "cá k": "ca_k",
    "ca k": "ca_k",
    "ca_k": "ca_k",
    "nhì": "rank",
    "nhi": "rank",
    "ba": "rank",
    "bét": "rank",
    "bet": "rank",
    "the ranking": "rank",
    "rank": "rank",
    "móm": "mom",
    "mom": "mom",
    "ù": "u",
    "u": "u",
    "ù đền": "u_den",
    "u den": "u_den",
    "u_den": "u_den",
    "ù thông": "u_thong",
    "u thong": "u_thong",
    "u_thong": "u_thong",
    "ù k": "u_k",
    "u k": "u_k",
    "u_k": "u_k",
    "đồng hoa": "dong_hoa",
    "dong hoa": "dong_hoa",
    "dong_hoa": "dong_hoa",
    "leaving": "leave",
    "bỏ cuộc": "leave",
    "leave": "leave",
}

#: The clauses that name who is liable for an ù đền.
DEN_CASE_CLAUSES = (
    "DEN.THREE-EATS",
    "DEN.DIRECT-CHOT",
    "DEN.TAI-EATER",
    "DEN.CHOT-LIABILITY",
    "DEN.CHOT-LIABILITY-TRANSFER",
    "DEN.PRECEDENCE",
)

#: The clause a payment of each reason rests on.
REASON_CLAUSE = {
    "eat": "EAT.NTH-CARD",
    "eat_chot": "EAT.CHOT-PRICE",
    "ca_k": "EXTRA.CA-K",
    "rank": "MONEY.RANK-PAYMENTS",
    "mom": "MONEY.MOM-PAYMENT",
    "u": "U.PAYMENT",
    "u_den": "DEN.AMOUNT",
    "u_thong": "EXTRA.U-THONG",
    "u_k": "EXTRA.U-K",
    "dong_hoa": "EXTRA.DONG-HOA",
    "leave": "LEAVE.PENALTY",
}


def payment_reason(text: str) -> str:
    key = text.strip().lower()
    if key not in PAYMENT_REASONS:
        known = sorted({k for k in PAYMENT_REASONS if not k.isascii() or " " in k})
        raise StepError(f"unknown payment reason {text!r}; say one of: {', '.join(known)}")
    return PAYMENT_REASONS[key]


RANK_NAMES = {
    "nhất": "nhat",
    "nhat": "nhat",
    "nhì": "nhi",
    "nhi": "nhi",
    "ba": "ba",
    "bét": "bet",
    "bet": "bet",
    "móm": "mom",
    "mom": "mom",
    "left": "left",
}

U_KINDS = {
    None: None,
    "thường": "thuong",
    "thuong": "thuong",
    "khan": "khan",
    "tròn": "tron",
    "tron": "tron",
    "đồng hoa trắng": "dong_hoa_trang",
    "dong_hoa_trang": "dong_hoa_trang",
    "by eating three cards": "three_eats",
    "three_eats": "three_eats",
}

ENDINGS = {
    "points": "points",
    "ù": "u",
    "ù khan": "u_khan",
    "all móm": "all_mom",
    "the last player": "last_player",
}


def _signed(text: str) -> int:
    t = text.strip().replace("−", "-")
    if not re.fullmatch(r"[+-]?\d+", t):
        raise StepError(f"{text!r} is not a whole number of stakes such as +8 or -3")
    return int(t)


def ranking_list(text: str) -> tuple[tuple[int, str, int | None], ...]:
    """'seat 1 nhất 12, seat 3 móm' -> ((1, 'nhat', 12), (3, 'mom', None))."""
    out = []
    for part in text.split(","):
        m = re.fullmatch(r"\s*seat (\d+) (\S+)(?: (\d+))?\s*", part)
        if not m or m.group(2).lower() not in RANK_NAMES:
            raise StepError(
                f"ranking entry {part.strip()!r} must read 'seat <n> <nhất|nhì|ba|bét|móm|left>"
                " [points]'"
            )
        pts = int(m.group(3)) if m.group(3) else None
        out.append((int(m.group(1)), RANK_NAMES[m.group(2).lower()], pts))
    return tuple(out)


def totals_list(text: str) -> tuple[int, ...]:
    return tuple(_signed(t) for t in text.split(","))


CONVERTERS: dict[str, Callable[[str], Any]] = {
    "seat": int,
    "other": int,
    "target": int,
    "index": int,
    "players": int,
    "n": int,
    "amount": int,
    "payer": int,
    "payee": int,
    "from_seat": int,
    "to_seat": int,
    "card": card_code,
    "cards": card_list,
    "with_cards": card_list,
    "phoms": phom_list,
    "reason": payment_reason,
    "ranking": ranking_list,
    "totals": totals_list,
    "money": _signed,
    "value": lambda v: v == "on",
    "kind": lambda v: U_KINDS[v.removeprefix("with kind ") if v.startswith("with kind") else v],
    "ending": lambda v: ENDINGS[v],
    "counts": lambda v: tuple(int(x) for x in v.split(",")),
}


# ---------------------------------------------------------------------------------------------
# Actions: the grammar shared by When steps, action scripts and legal-action lists


@dataclass(frozen=True)
class Verb:
    third: str  # "discards (?P<card>...)"
    base: str  # "discard (?P<card>...)"
    build: Callable[[dict[str, Any]], dict[str, Any]]


VERBS: tuple[Verb, ...] = (
    Verb(
        rf"discards (?P<card>{CARD})",
        rf"discard (?P<card>{CARD})",
        lambda a: {"type": "discard", "card": a["card"]},
    ),
    Verb("draws", "draw", lambda a: {"type": "draw"}),
    Verb(
        rf"eats (?P<card>{CARD}) with (?P<with_cards>{CARDS})",
        rf"eat (?P<card>{CARD}) with (?P<with_cards>{CARDS})",
        lambda a: {"type": "eat", "card": a["card"], "with": list(a["with_cards"])},
    ),
    Verb(
        r"lays down (?P<phoms>.+)",
        r"lay down (?P<phoms>.+)",
        lambda a: {"type": "lay_down", "phoms": [list(p) for p in a["phoms"]]},
    ),
    Verb(
        rf"sends (?P<card>{CARD}) to seat (?P<target>\d+)'s {PHOM_WORD} (?P<index>\d+)",
        rf"send (?P<card>{CARD}) to seat (?P<target>\d+)'s {PHOM_WORD} (?P<index>\d+)",
        lambda a: {
            "type": "send",
            "card": a["card"],
            "to": {"seat": a["target"], "phom": a["index"]},
        },
    ),
    Verb("passes", "pass", lambda a: {"type": "pass"}),
    Verb("times out", "time out", lambda a: {"type": "timeout"}),
    Verb("leaves", "leave", lambda a: {"type": "leave"}),
)


def _convert(groups: Mapping[str, str | None]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, raw in groups.items():
        if raw is None:
            out[name] = None
            continue
        conv = CONVERTERS.get(name)
        try:
            out[name] = conv(raw) if conv else raw
        except (KeyError, ValueError) as e:
            if isinstance(e, StepError):
                raise
            raise StepError(f"cannot read {name} {raw!r}") from None
    return out


def parse_verb(text: str, *, base: bool) -> dict[str, Any]:
    """One action phrase ('discards KH' or 'discard KH') -> the protocol's action."""
    text = text.strip()
    for verb in VERBS:
        m = re.fullmatch(verb.base if base else verb.third, text)
        if m:
            return verb.build(_convert(m.groupdict()))
    forms = ", ".join(re.sub(r"\(\?P<\w+>[^)]*\)", "…", v.base if base else v.third) for v in VERBS)
    raise StepError(f"unknown action {text!r}; an action is one of: {forms}")


def parse_action_line(line: str) -> list[tuple[int, dict[str, Any]]]:
    """'seat 1 eats 5H with 6H 7H; discards KS' -> [(1, eat), (1, discard)]."""
    m = re.fullmatch(r"\s*seat (\d+) (.+?)\s*", line)
    if not m:
        raise StepError(f"action line {line.strip()!r} must start with 'seat <n> '")
    seat = int(m.group(1))
    out = []
    for part in m.group(2).split(";"):
        part = part.strip()
        part = re.sub(r"^seat \d+ ", "", part) if part.startswith(f"seat {seat} ") else part
        if part.startswith("seat "):
            raise StepError(f"{line.strip()!r}: one line holds the actions of one seat")
        out.append((seat, parse_verb(part, base=False)))
    return out


def block_lines(docstring: str | None, table: Sequence[Sequence[str]] | None) -> list[str]:
    """The lines of a docstring, or of a table (cells joined; a header row is skipped)."""
    if docstring is not None:
        lines = docstring.splitlines()
    elif table is not None:
        rows = [list(r) for r in table]
        header = [c.strip().lower() for c in rows[0]] if rows else []
        if header and set(header) <= {"seat", "action", "actions", "payment", "line"}:
            rows = rows[1:]
            if header[:1] == ["seat"]:
                rows = [[f"seat {r[0].strip()}", *r[1:]] for r in rows]
        lines = [" ".join(c.strip() for c in r) for r in rows]
    else:
        raise StepError("this step needs its lines below it, in a docstring or a table")
    return [ln.split("#", 1)[0].strip() for ln in lines if ln.split("#", 1)[0].strip()]


def action_key(action: Mapping[str, Any]) -> tuple[Any, ...]:
    """A comparable form of an action (cards as canonical codes; sets where order is free)."""
    t = action.get("type")

    def c(code: Any) -> str:
        try:
            return card_code(str(code))
        except StepError:
            return f"?{code}"

    if t == "eat":
        return ("eat", c(action.get("card")), frozenset(c(x) for x in action.get("with") or []))
    if t == "discard":
        return ("discard", c(action.get("card")))
    if t == "lay_down":
        return (
            "lay_down",
            frozenset(frozenset(c(x) for x in p) for p in action.get("phoms") or []),
        )
    if t == "send":
        to = action.get("to") or {}
        return ("send", c(action.get("card")), to.get("seat"), to.get("phom"))
    return (str(t),)


def describe_action(action: Mapping[str, Any]) -> str:
    t = action.get("type")
    if t == "eat":
        return f"eat {action.get('card')} with {' '.join(action.get('with') or [])}"
    if t == "discard":
        return f"discard {action.get('card')}"
    if t == "lay_down":
        return "lay down " + " and ".join(" ".join(p) for p in action.get("phoms") or [])
    if t == "send":
        to = action.get("to") or {}
        return f"send {action.get('card')} to seat {to.get('seat')}'s phỏm {to.get('phom')}"
    return str(t)


def legal_lines(lines: Iterable[str]) -> list[dict[str, Any]]:
    """Legal-action lines ('draw', 'eat 5H with 6H 7H', 'discard one of KS 2C') -> actions."""
    out: list[dict[str, Any]] = []
    for line in lines:
        m = re.fullmatch(rf"discard one of (?P<cards>{CARDS})", line.strip())
        if m:
            out += [{"type": "discard", "card": c} for c in card_list(m.group("cards"))]
        else:
            out.append(parse_verb(line, base=True))
    return out


def payment_lines(lines: Iterable[str]) -> list[tuple[int, int, int, str]]:
    out = []
    for line in lines:
        if line.strip().lower() == "nothing":
            continue
        m = re.fullmatch(r"seat (\d+) pays seat (\d+) (\d+) for (.+)", line.strip())
        if not m:
            raise StepError(
                f"payment line {line!r} must read 'seat <a> pays seat <b> <n> for <reason>'"
            )
        out.append((int(m.group(1)), int(m.group(2)), int(m.group(3)), payment_reason(m.group(4))))
    return out


# ---------------------------------------------------------------------------------------------
# The registry


@dataclass(frozen=True)
class StepDef:
    """One step of the language: its kind, pattern, handler and what it implies."""

    kind: str
    pattern: str
    handler: Callable[..., None] = field(repr=False)
    example: str
    clause: str | None = None
    needs: frozenset[str] = frozenset()
    block: Callable[[list[str]], Any] | None = field(default=None, repr=False)
    refusal: bool = False
    refs_script: bool = False
    rejection: bool = False

    @property
    def regex(self) -> re.Pattern[str]:
        return _compiled(self.pattern)

    @property
    def groups(self) -> tuple[str, ...]:
        return tuple(self.regex.groupindex)

    def parse(
        self,
        groups: Mapping[str, str | None],
        docstring: str | None,
        table: Sequence[Sequence[str]] | None,
    ) -> tuple[dict[str, Any], str | None]:
        """Converted arguments of the handler, and the explicit clause (if any)."""
        raw = dict(groups)
        clause = (
            raw.pop("clause", None) if "clause" not in self._handler_params else raw.get("clause")
        )
        args = _convert(raw)
        if self.block is not None:
            args["block"] = self.block(block_lines(docstring, table))
        return args, clause

    @property
    def _handler_params(self) -> tuple[str, ...]:
        return tuple(inspect.signature(self.handler).parameters)

    def run(self, play: Play, args: Mapping[str, Any]) -> None:
        if self.kind == "given":
            try:
                self.handler(play.setup, **args)
            except StepError as e:
                from conformance.errors import ScenarioError

                raise ScenarioError(f"{play.step_label}: {e}") from None
        else:
            self.handler(play, **args)

    def run_setup(self, setup: Setup, args: Mapping[str, Any]) -> None:
        self.handler(setup, **args)


_REGEX_CACHE: dict[str, re.Pattern[str]] = {}


def _compiled(pattern: str) -> re.Pattern[str]:
    if pattern not in _REGEX_CACHE:
        _REGEX_CACHE[pattern] = re.compile(pattern)
    return _REGEX_CACHE[pattern]


REGISTRY: list[StepDef] = []


def step(
    kind: str,
    pattern: str,
    example: str,
    *,
    clause: str | None = None,
    needs: Iterable[str] = (),
    block: Callable[[list[str]], Any] | None = None,
    refusal: bool = False,
    refs_script: bool = False,
    rejection: bool = False,
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register a step handler (Then steps get the optional ``under clause <ID>`` suffix)."""

    def register(fn: Callable[..., None]) -> Callable[..., None]:
        full = pattern
        if kind == "then" and "(?P<clause>" not in pattern:
            full = pattern + _CLAUSE_SUFFIX
        REGISTRY.append(
            StepDef(
                kind,
                full,
                fn,
                example,
                clause,
                frozenset(needs),
                block,
                refusal,
                refs_script,
                rejection,
            )
        )
        return fn

    return register


def match_step(
    kind: str, text: str, docstring: str | None = None, table: Sequence[Sequence[str]] | None = None
) -> tuple[StepDef, dict[str, Any], str | None]:
    """The one step definition matching ``text``, its arguments and explicit clause."""
    text = text.strip()
    found = [(d, m) for d in REGISTRY if d.kind == kind for m in [d.regex.fullmatch(text)] if m]
    if not found:
        others = [d.kind for d in REGISTRY if d.kind != kind and d.regex.fullmatch(text)]
        if others:
            raise StepError(
                f"{text!r} is a {others[0].capitalize()} step, not a {kind.capitalize()} step"
            )
        examples = [d.example for d in REGISTRY if d.kind == kind]
        close = difflib.get_close_matches(text, examples, n=2, cutoff=0.4)
        hint = f"; did you mean: {' / '.join(repr(c) for c in close)}" if close else ""
        raise StepError(
            f"unknown {kind.capitalize()} step {text!r}{hint} (see conformance/steps.py)"
        )
    if len(found) > 1:
        pats = ", ".join(d.example for d, _ in found)
        raise StepError(f"step {text!r} matches {len(found)} step definitions ({pats})")
    definition, m = found[0]
    args, clause = definition.parse(m.groupdict(), docstring, table)
    return definition, args, clause


# ---------------------------------------------------------------------------------------------
# Given: the table


@step("given", r"a (?P<players>\d+)-player game", "a 4-player game")
def _players(setup: Setup, players: int) -> None:
    setup.set_players(players)


@step(
    "given",
    r'a (?P<players>\d+)-player "(?P<ruleset>[a-z0-9-]+)" game',
    'a 4-player "hoi-quan-bai" game',
)
def _players_ruleset(setup: Setup, players: int, ruleset: str) -> None:
    from conformance.scenario import _known_rulesets

    if ruleset not in _known_rulesets():
        raise StepError(f"unknown ruleset {ruleset!r}; known: {', '.join(_known_rulesets())}")
    setup.set_players(players)
    setup.named_ruleset = ruleset


@step("given", r"seat (?P<seat>\d+) goes first", "seat 2 goes first")
def _first(setup: Setup, seat: int) -> None:
    setup.first = seat


@step(
    "given",
    r"the room option (?P<option>[a-z_]+) is (?P<value>on|off)",
    "the room option ki_gui is off",
)
def _option(setup: Setup, option: str, value: bool) -> None:
    setup.options[option] = value


@step(
    "given",
    rf"seat (?P<seat>\d+) holds (?P<cards>{CARDS})",
    "seat 0 holds 7S 7D 7H 4H 5H 6H 9C JD QS KH",
)
def _holds(setup: Setup, seat: int, cards: tuple[str, ...]) -> None:
    setup.hold(seat, cards)


@step("given", rf"the stock is (?P<cards>{CARDS})", "the stock is 2C 3C 4D")
def _stock(setup: Setup, cards: tuple[str, ...]) -> None:
    setup.set_stock(cards, complete=True)


@step("given", rf"the stock starts with (?P<cards>{CARDS})", "the stock starts with 2C 3C")
def _stock_top(setup: Setup, cards: tuple[str, ...]) -> None:
    setup.set_stock(cards, complete=False)


@step("given", r'the deal "(?P<name>[a-z0-9-]+)"', 'the deal "fx-quiet-4p"')
def _named_deal(setup: Setup, name: str) -> None:
    setup.use_deal(name)


@step("given", rf"the deck order is (?P<cards>{CARDS})", "the deck order is AS 2S 3S")
def _deck(setup: Setup, cards: tuple[str, ...]) -> None:
    setup.set_deck(cards)


@step(
    "given",
    r"the deck is dealt in this order:",
    "the deck is dealt in this order:",
    block=lambda lines: card_list(" ".join(lines)),
)
def _deck_block(setup: Setup, block: tuple[str, ...]) -> None:
    setup.set_deck(block)


@step("given", r"seat (?P<seat>\d+) ù'd the previous game", "seat 1 ù'd the previous game")
def _u_streak_one(setup: Setup, seat: int) -> None:
    setup.session.setdefault("u_streak", {})[str(seat)] = 1


@step(
    "given",
    r"seat (?P<seat>\d+) ù'd the previous (?P<n>\d+) games",
    "seat 1 ù'd the previous 2 games",
)
def _u_streak(setup: Setup, seat: int, n: int) -> None:
    setup.session.setdefault("u_streak", {})[str(seat)] = n


@step("given", r"seat (?P<seat>\d+) is the host", "seat 0 is the host")
def _host(setup: Setup, seat: int) -> None:
    setup.session["host"] = seat


@step("given", r"seat (?P<seat>\d+) won the previous game", "seat 2 won the previous game")
def _previous_winner(setup: Setup, seat: int) -> None:
    setup.table["previous_winner"] = seat


@step(
    "given",
    r"seat (?P<seat>\d+) left the table after the previous game",
    "seat 2 left the table after the previous game",
)
def _left_table(setup: Setup, seat: int) -> None:
    setup.table.setdefault("left", []).append(seat)


def _next_game(play: Play) -> dict[str, Any]:
    """The implementation's answer to next_game for the table the Given steps describe."""
    setup = play.setup
    try:
        players, _first, _deal = setup.deal_message()
    except StepError:
        players = setup.players or play.scenario.players
    message = {
        "type": "next_game",
        "players": players,
        "host": setup.session.get("host", 0),
        "previous_winner": setup.table.get("previous_winner"),
        "left": list(setup.table.get("left", [])),
    }
    pending, exchange = play._send(message)
    reply = play._read(pending, exchange)
    if not reply.get("ok"):
        error = reply.get("error") or {}
        raise play.fail("a next_game reply", f"error {error.get('code')}: {error.get('message')}")
    return reply


@step(
    "then",
    r"the next game is opened by seat (?P<seat>\d+)",
    "the next game is opened by seat 3",
    needs=["next_game"],
    clause="DEAL.NEXT-GAME",
)
def _opens_next(play: Play, seat: int) -> None:
    first = _next_game(play).get("first")
    _expect(play, first == seat, f"seat {seat} opens the next game", f"seat {first} opens it")


@step(
    "then",
    r"the next game is not opened by seat (?P<seat>\d+)",
    "the next game is not opened by seat 2",
    needs=["next_game"],
    clause="DEAL.NEXT-GAME",
)
def _not_opens_next(play: Play, seat: int) -> None:
    first = _next_game(play).get("first")
    _expect(play, first != seat, f"seat {seat} does not open the next game", f"seat {first}")


@step(
    "then",
    r"the host of the next game is seat (?P<seat>\d+)",
    "the host of the next game is seat 1",
    needs=["next_game"],
    clause="DEAL.HOST-PASSES",
)
def _next_host(play: Play, seat: int) -> None:
    host = _next_game(play).get("host")
    _expect(play, host == seat, f"seat {seat} hosts the next game", f"seat {host} hosts it")


# ---------------------------------------------------------------------------------------------
# When: actions


def _make_action_step(verb: Verb) -> None:
    def handler(play: Play, seat: int, **args: Any) -> None:
        play.act(seat, verb.build(args))

    step("when", rf"seat (?P<seat>\d+) {verb.third}", "seat 1 " + _example_of(verb.third))(handler)


def _example_of(third: str) -> str:
    """A sample text of an action pattern: each named group replaced by a sample argument."""
    samples = {
        "card": "5H",
        "with_cards": "6H 7H",
        "phoms": "7S 7D 7H and 4H 5H 6H",
        "target": "2",
        "index": "0",
    }
    out, i = "", 0
    while i < len(third):
        m = re.match(r"\(\?P<(\w+)>", third[i:])
        if not m:
            out += third[i]
            i += 1
            continue
        depth, j = 0, i
        while True:  # skip to the group's closing parenthesis
            depth += {"(": 1, ")": -1}.get(third[j], 0)
            j += 1
            if depth == 0:
                break
        out += samples[m.group(1)]
        i = j
    return out.replace(PHOM_WORD, "phỏm")


for _verb in VERBS:
    _make_action_step(_verb)


def _action_block(lines: list[str]) -> list[tuple[int, dict[str, Any]]]:
    out = []
    for line in lines:
        out += parse_action_line(line)
    return out


@step("when", r"the actions are played:", "the actions are played:", block=_action_block)
def _script(play: Play, block: list[tuple[int, dict[str, Any]]]) -> None:
    for seat, action in block:
        play.act(seat, action)


@step(
    "when",
    r'the script "(?P<script>[a-z0-9-]+)" is played',
    'the script "q-to-final" is played',
    refs_script=True,
)
def _named_script(play: Play, script: str) -> None:
    for line in play.scenario.fixtures.scripts[script].actions:
        for seat, action in parse_action_line(line):
            play.act(seat, action)


@step("when", r"the game starts", "the game starts")
def _start(play: Play) -> None:
    play.start()
    play.settle()


@step("when", r"the state is noted", "the state is noted", needs=["state"])
def _note(play: Play) -> None:
    play.noted_state = play.state()


# ---------------------------------------------------------------------------------------------
# Then: rulings


def _describe_reply(reply: Mapping[str, Any]) -> str:
    if not reply.get("ok"):
        error = reply.get("error") or {}
        return f"error {error.get('code')}: {error.get('message')}"
    if reply.get("ruling") == "rejected":
        return f"rejected {reply.get('reason')} under {reply.get('clause')}"
    return str(reply.get("ruling"))


@step("then", r"the action is accepted", "the action is accepted")
def _accepted(play: Play) -> None:
    reply = play.last_reply()
    if not (reply.get("ok") and reply.get("ruling") == "accepted"):
        raise play.fail("accepted", _describe_reply(reply))


@step(
    "then",
    rf"the action is rejected with (?P<code>[A-Z][A-Z0-9_]*(?: or [A-Z][A-Z0-9_]*)*)"
    rf"(?: under clause (?P<clause>{CLAUSE}))?",
    "the action is rejected with EAT_NOT_A_PHOM under clause TURN.EAT.MAKES-PHOM",
    rejection=True,
)
def _rejected(play: Play, code: str, clause: str | None) -> None:
    """Rejected with the reason code (one of several where the situation fits more than one
    code of the contract) and, when the reply names a clause, that clause."""
    reply = play.last_reply()
    codes = code.split(" or ")
    want = f"rejected {code}" + (f" under {clause}" if clause else "")
    if not reply.get("ok") or reply.get("ruling") != "rejected":
        raise play.fail(want, _describe_reply(reply))
    got_clause = reply.get("clause")
    if reply.get("reason") not in codes or (clause and got_clause and got_clause != clause):
        raise play.fail(want, _describe_reply(reply))
    play.check_unchanged()


@step("then", r"the game is refused", "the game is refused", refusal=True)
def _refused(play: Play) -> None:
    reply = play.start_reply()
    if reply.get("ok"):
        raise play.fail("new_game refused with an error reply", "the game started")


@step(
    "then",
    r"the game is refused as (?P<error>[a-z_]+)",
    "the game is refused as bad_deal",
    refusal=True,
)
def _refused_as(play: Play, error: str) -> None:
    reply = play.start_reply()
    got = (reply.get("error") or {}).get("code") if not reply.get("ok") else "the game started"
    if got != error:
        raise play.fail(f"new_game refused as {error}", got)


# ---------------------------------------------------------------------------------------------
# Then: legal actions


def _legal_of(play: Play, seat: int) -> list[dict[str, Any]]:
    to_act, actions = play.legal()
    if to_act != seat:
        raise play.fail(f"seat {seat} to act", f"seat {to_act} to act", "TURN.ORDER")
    return actions


def _may(play: Play, seat: int, want: dict[str, Any], allowed: bool) -> None:
    actions = _legal_of(play, seat)
    has = action_key(want) in {action_key(a) for a in actions}
    if has != allowed:
        same = sorted(describe_action(a) for a in actions if a.get("type") == want["type"])
        verb = "may" if allowed else "may not"
        raise play.fail(
            f"seat {seat} {verb} {describe_action(want)}", f"legal {want['type']}: {same}"
        )


def _may_type(play: Play, seat: int, kind: str, allowed: bool) -> None:
    actions = _legal_of(play, seat)
    same = [describe_action(a) for a in actions if a.get("type") == kind]
    if bool(same) != allowed:
        raise play.fail(f"seat {seat} {'may' if allowed else 'may not'} {kind}", same or "none")


@step(
    "then",
    r"seat (?P<seat>\d+) may draw",
    "seat 1 may draw",
    needs=["legal_actions"],
    clause="TURN.DRAW-OR-EAT",
)
def _may_draw(play: Play, seat: int) -> None:
    _may(play, seat, {"type": "draw"}, True)


@step("then", r"seat (?P<seat>\d+) may not draw", "seat 1 may not draw", needs=["legal_actions"])
def _may_not_draw(play: Play, seat: int) -> None:
    _may(play, seat, {"type": "draw"}, False)


@step(
    "then",
    rf"seat (?P<seat>\d+) may eat (?P<card>{CARD}) with (?P<with_cards>{CARDS})",
    "seat 1 may eat 5H with 6H 7H",
    needs=["legal_actions"],
    clause="TURN.EAT.MAKES-PHOM",
)
def _may_eat(play: Play, seat: int, card: str, with_cards: tuple[str, ...]) -> None:
    _may(play, seat, {"type": "eat", "card": card, "with": list(with_cards)}, True)


@step(
    "then",
    rf"seat (?P<seat>\d+) may not eat (?P<card>{CARD}) with (?P<with_cards>{CARDS})",
    "seat 1 may not eat 5H with 6H 7H",
    needs=["legal_actions"],
    clause="TURN.EAT.MAKES-PHOM",
)
def _may_not_eat_with(play: Play, seat: int, card: str, with_cards: tuple[str, ...]) -> None:
    _may(play, seat, {"type": "eat", "card": card, "with": list(with_cards)}, False)


@step(
    "then",
    r"seat (?P<seat>\d+) may not eat",
    "seat 1 may not eat",
    needs=["legal_actions"],
    clause="TURN.EAT.MAKES-PHOM",
)
def _may_not_eat(play: Play, seat: int) -> None:
    _may_type(play, seat, "eat", False)


@step(
    "then",
    r"seat (?P<seat>\d+) may eat",
    "seat 1 may eat",
    needs=["legal_actions"],
    clause="TURN.EAT.MAKES-PHOM",
)
def _may_eat_any(play: Play, seat: int) -> None:
    _may_type(play, seat, "eat", True)


@step(
    "then",
    rf"seat (?P<seat>\d+) may discard (?P<card>{CARD})",
    "seat 1 may discard KH",
    needs=["legal_actions"],
)
def _may_discard(play: Play, seat: int, card: str) -> None:
    _may(play, seat, {"type": "discard", "card": card}, True)


@step(
    "then",
    rf"seat (?P<seat>\d+) may not discard (?P<card>{CARD})",
    "seat 1 may not discard 7H",
    needs=["legal_actions"],
)
def _may_not_discard(play: Play, seat: int, card: str) -> None:
    _may(play, seat, {"type": "discard", "card": card}, False)


def _one_phom(phoms: tuple[tuple[str, ...], ...]) -> list[list[str]]:
    if len(phoms) != 1:
        raise StepError("the legal actions list single-phỏm lay-downs: name one phỏm")
    return [list(phoms[0])]


@step(
    "then",
    rf"seat (?P<seat>\d+) may lay down (?P<phoms>{CARDS})",
    "seat 2 may lay down 7S 7D 7H",
    needs=["legal_actions"],
    clause="LAY.VALID-PHOM",
)
def _may_lay(play: Play, seat: int, phoms: tuple[tuple[str, ...], ...]) -> None:
    _may(play, seat, {"type": "lay_down", "phoms": _one_phom(phoms)}, True)


@step(
    "then",
    rf"seat (?P<seat>\d+) may not lay down (?P<phoms>{CARDS})",
    "seat 2 may not lay down QH KH AH",
    needs=["legal_actions"],
    clause="LAY.VALID-PHOM",
)
def _may_not_lay(play: Play, seat: int, phoms: tuple[tuple[str, ...], ...]) -> None:
    _may(play, seat, {"type": "lay_down", "phoms": _one_phom(phoms)}, False)


@step(
    "then",
    r"seat (?P<seat>\d+) may not lay down",
    "seat 2 may not lay down",
    needs=["legal_actions"],
    clause="LAY.FINAL-ROUND-ONLY",
)
def _may_not_lay_any(play: Play, seat: int) -> None:
    _may_type(play, seat, "lay_down", False)


@step(
    "then",
    rf"seat (?P<seat>\d+) may send (?P<card>{CARD})"
    rf" to seat (?P<target>\d+)'s {PHOM_WORD} (?P<index>\d+)",
    "seat 2 may send 8H to seat 1's phỏm 0",
    needs=["legal_actions"],
    clause="SEND.ALLOWED",
)
def _may_send(play: Play, seat: int, card: str, target: int, index: int) -> None:
    _may(play, seat, {"type": "send", "card": card, "to": {"seat": target, "phom": index}}, True)


@step(
    "then",
    rf"seat (?P<seat>\d+) may not send (?P<card>{CARD})"
    rf" to seat (?P<target>\d+)'s {PHOM_WORD} (?P<index>\d+)",
    "seat 2 may not send 8H to seat 1's phỏm 0",
    needs=["legal_actions"],
    clause="SEND.FIT",
)
def _may_not_send(play: Play, seat: int, card: str, target: int, index: int) -> None:
    _may(play, seat, {"type": "send", "card": card, "to": {"seat": target, "phom": index}}, False)


@step(
    "then",
    r"seat (?P<seat>\d+) may not send",
    "seat 2 may not send",
    needs=["legal_actions"],
    clause="SEND.ALLOWED",
)
def _may_not_send_any(play: Play, seat: int) -> None:
    _may_type(play, seat, "send", False)


@step(
    "then",
    r"seat (?P<seat>\d+) may send",
    "seat 2 may send",
    needs=["legal_actions"],
    clause="SEND.ALLOWED",
)
def _may_send_any(play: Play, seat: int) -> None:
    _may_type(play, seat, "send", True)


@step(
    "then",
    r"seat (?P<seat>\d+) may pass",
    "seat 3 may pass",
    needs=["legal_actions"],
    clause="ROUND.THEM-VONG",
)
def _may_pass(play: Play, seat: int) -> None:
    _may(play, seat, {"type": "pass"}, True)


@step("then", r"seat (?P<seat>\d+) may not pass", "seat 3 may not pass", needs=["legal_actions"])
def _may_not_pass(play: Play, seat: int) -> None:
    _may(play, seat, {"type": "pass"}, False)


@step(
    "then",
    r"the legal actions of seat (?P<seat>\d+) are:",
    "the legal actions of seat 1 are:",
    needs=["legal_actions"],
    block=legal_lines,
)
def _legal_exact(play: Play, seat: int, block: list[dict[str, Any]]) -> None:
    actions = _legal_of(play, seat)
    want = Counter(action_key(a) for a in block)
    got = Counter(action_key(a) for a in actions)
    if want != got:
        missing = sorted(describe_action(a) for a in block if action_key(a) not in got)
        extra = sorted(describe_action(a) for a in actions if action_key(a) not in want)
        raise play.fail(
            sorted(describe_action(a) for a in block), f"missing {missing}, not expected {extra}"
        )


# ---------------------------------------------------------------------------------------------
# Then: turns, rounds, piles


def _expect(
    play: Play, ok: bool, expected: object, actual: object, implied: str | None = None
) -> None:
    if not ok:
        raise play.fail(expected, actual, implied)


@step(
    "then",
    r"it is seat (?P<seat>\d+)'s turn",
    "it is seat 2's turn",
    needs=["state"],
    clause="TURN.ORDER",
)
def _turn(play: Play, seat: int) -> None:
    st = play.state()
    _expect(
        play, st.get("to_act") == seat, f"seat {seat} to act", f"seat {st.get('to_act')} to act"
    )


@step(
    "then",
    r"it is seat (?P<seat>\d+)'s turn in the final round",
    "it is seat 0's turn in the final round",
    needs=["state"],
    clause="ROUND.COUNT-BY-PILE",
)
def _turn_final(play: Play, seat: int) -> None:
    st = play.state()
    got = f"seat {st.get('to_act')} to act, final round {st.get('final_round')}"
    _expect(
        play,
        st.get("to_act") == seat and st.get("final_round") is True,
        f"seat {seat} to act, final round True",
        got,
    )


@step(
    "then",
    r"it is seat (?P<seat>\d+)'s turn, not in the final round",
    "it is seat 0's turn, not in the final round",
    needs=["state"],
    clause="ROUND.COUNT-BY-PILE",
)
def _turn_not_final(play: Play, seat: int) -> None:
    st = play.state()
    got = f"seat {st.get('to_act')} to act, final round {st.get('final_round')}"
    _expect(
        play,
        st.get("to_act") == seat and st.get("final_round") is False,
        f"seat {seat} to act, final round False",
        got,
    )


@step(
    "then",
    r"seat (?P<seat>\d+) gets a tái turn",
    "seat 0 gets a tái turn",
    needs=["state"],
    clause="ROUND.TAI",
)
def _tai(play: Play, seat: int) -> None:
    st = play.state()
    got = f"seat {st.get('to_act')} to act, tái {st.get('tai')}"
    _expect(
        play,
        st.get("to_act") == seat and st.get("tai") is True,
        f"seat {seat} to act on a tái turn",
        got,
    )


@step(
    "then",
    r"it is seat (?P<seat>\d+)'s turn, not a tái turn",
    "it is seat 0's turn, not a tái turn",
    needs=["state"],
    clause="ROUND.TAI",
)
def _not_tai(play: Play, seat: int) -> None:
    st = play.state()
    got = f"seat {st.get('to_act')} to act, tái {st.get('tai')}"
    _expect(
        play,
        st.get("to_act") == seat and st.get("tai") is False,
        f"seat {seat} to act, no tái",
        got,
    )


@step(
    "then",
    r"seat (?P<seat>\d+) is offered thêm vòng",
    "seat 3 is offered thêm vòng",
    needs=["state"],
    clause="ROUND.THEM-VONG",
)
def _them_vong(play: Play, seat: int) -> None:
    st = play.state()
    got = f"phase {st.get('phase')}, seat {st.get('to_act')} to act"
    _expect(
        play,
        st.get("phase") == "them_vong" and st.get("to_act") == seat,
        f"phase them_vong, seat {seat} to act",
        got,
    )


@step(
    "then",
    r"nobody is offered thêm vòng",
    "nobody is offered thêm vòng",
    needs=["state"],
    clause="ROUND.THEM-VONG.ABSENT",
)
def _no_them_vong(play: Play) -> None:
    st = play.state()
    _expect(play, st.get("phase") != "them_vong", "no thêm vòng", f"phase {st.get('phase')}")


def _card_eq(a: Any, b: str) -> bool:
    try:
        return card_code(str(a)) == b
    except StepError:
        return False


@step(
    "then",
    rf"(?P<card>{CARD}) is moved from seat (?P<from_seat>\d+)'s pile"
    rf" to seat (?P<to_seat>\d+)'s pile",
    "5C is moved from seat 0's pile to seat 1's pile",
    clause="ROUND.CHUYEN-BAI",
)
def _moved(play: Play, card: str, from_seat: int, to_seat: int) -> None:
    moved = [e for e in play.last_events() if e.get("type") == "moved"]
    ok = any(
        _card_eq(e.get("card"), card) and e.get("from") == from_seat and e.get("to") == to_seat
        for e in moved
    )
    got = [f"{e.get('card')} {e.get('from')}->{e.get('to')}" for e in moved] or "no card moved"
    _expect(play, ok, f"{card} moved {from_seat}->{to_seat}", got)


@step("then", r"no card is moved", "no card is moved", clause="ROUND.LEAD-IS-VICTIM")
def _not_moved(play: Play) -> None:
    moved = [
        f"{e.get('card')} {e.get('from')}->{e.get('to')}"
        for e in play.last_events()
        if e.get("type") == "moved"
    ]
    _expect(play, not moved, "no card moved", moved)


def _pile_cards(st: Mapping[str, Any], seat: int) -> list[str]:
    piles = st.get("piles") or []
    return [card_code(str(p.get("card"))) for p in (piles[seat] if seat < len(piles) else [])]


@step(
    "then",
    rf"seat (?P<seat>\d+)'s pile is (?P<cards>{CARDS})",
    "seat 1's pile is 5C 8D",
    needs=["state"],
    clause="ROUND.COUNT-BY-PILE",
)
def _pile(play: Play, seat: int, cards: tuple[str, ...]) -> None:
    got = _pile_cards(play.state(), seat)
    _expect(play, got == list(cards), list(cards), got)


@step(
    "then",
    r"seat (?P<seat>\d+)'s pile is empty",
    "seat 0's pile is empty",
    needs=["state"],
    clause="ROUND.COUNT-BY-PILE",
)
def _pile_empty(play: Play, seat: int) -> None:
    got = _pile_cards(play.state(), seat)
    _expect(play, not got, [], got)


@step(
    "then",
    r"the piles hold (?P<counts>\d+(?:, \d+)*) cards",
    "the piles hold 4, 4, 4, 4 cards",
    needs=["state"],
    clause="ROUND.PILES-END-AT-FOUR|INV.PILES-FOUR|ROUND.COUNT-BY-PILE",
)
def _pile_counts(play: Play, counts: tuple[int, ...]) -> None:
    st = play.state()
    got = tuple(len(p) for p in st.get("piles") or [])
    _expect(play, got == counts, counts, got)


def _chot_status(play: Play, card: str) -> bool | None:
    st = play.state()
    for pile in st.get("piles") or []:
        for entry in pile:
            if _card_eq(entry.get("card"), card):
                return bool(entry.get("chot"))
    for e in reversed(play.events):
        if e.get("type") in ("discarded", "ate") and _card_eq(e.get("card"), card):
            return bool(e.get("chot"))
    return None


@step(
    "then",
    rf"(?P<card>{CARD}) is a cây chốt",
    "KH is a cây chốt",
    needs=["state"],
    clause="ROUND.CHOT",
)
def _is_chot(play: Play, card: str) -> None:
    got = _chot_status(play, card)
    _expect(
        play,
        got is True,
        f"{card} is a cây chốt",
        "not a cây chốt" if got is False else "card not found",
    )


@step(
    "then",
    rf"(?P<card>{CARD}) is not a cây chốt",
    "KH is not a cây chốt",
    needs=["state"],
    clause="ROUND.CHOT",
)
def _is_not_chot(play: Play, card: str) -> None:
    got = _chot_status(play, card)
    _expect(
        play, got is False, f"{card} is not a cây chốt", "a cây chốt" if got else "card not found"
    )


@step(
    "then",
    rf"(?P<card>{CARD}) lies in seat (?P<seat>\d+)'s pile marked as moved",
    "5C lies in seat 1's pile marked as moved",
    needs=["state"],
    clause="ROUND.MOVED-CARD",
)
def _marked_moved(play: Play, card: str, seat: int) -> None:
    piles = play.state().get("piles") or []
    entries = [
        e for e in (piles[seat] if seat < len(piles) else []) if _card_eq(e.get("card"), card)
    ]
    _expect(
        play,
        bool(entries) and entries[0].get("moved") is True,
        f"{card} in seat {seat}'s pile, moved",
        entries or "not in that pile",
    )


# ---------------------------------------------------------------------------------------------
# Then: hands, stock, laid phỏm


def _cards(seq: Iterable[Any]) -> list[str]:
    return [card_code(str(c)) for c in seq]


@step(
    "then",
    rf"seat (?P<seat>\d+)'s hand is (?P<cards>{CARDS})",
    "seat 1's hand is 5H 6H 7H",
    needs=["state"],
    clause="DEAL.HAND-SIZES",
)
def _hand(play: Play, seat: int, cards: tuple[str, ...]) -> None:
    hands = play.state().get("hands") or []
    got = sorted(_cards(hands[seat])) if seat < len(hands) else []
    _expect(play, got == sorted(cards), sorted(cards), got)


@step(
    "then",
    r"seat (?P<seat>\d+) holds (?P<n>\d+) cards",
    "seat 0 holds 10 cards",
    needs=["state"],
    clause="DEAL.HAND-SIZES",
)
def _hand_size(play: Play, seat: int, n: int) -> None:
    hands = play.state().get("hands") or []
    got = len(hands[seat]) if seat < len(hands) else None
    _expect(play, got == n, n, got)


@step(
    "then",
    r"the stock holds (?P<n>\d+) cards",
    "the stock holds 15 cards",
    needs=["state"],
    clause="DEAL.STOCK|ROUND.STOCK-EXHAUSTED|INV.STOCK-EMPTY-4P",
)
def _stock_size(play: Play, n: int) -> None:
    st = play.state()
    _expect(play, st.get("stock_count") == n, n, st.get("stock_count"))


@step(
    "then",
    r"the stock is empty",
    "the stock is empty",
    needs=["state"],
    clause="ROUND.STOCK-EXHAUSTED|INV.STOCK-EMPTY-4P",
)
def _stock_empty(play: Play) -> None:
    st = play.state()
    _expect(play, st.get("stock_count") == 0, 0, st.get("stock_count"))


@step(
    "then",
    rf"the top of the stock is (?P<cards>{CARDS})",
    "the top of the stock is 2C 3C",
    needs=["state"],
    clause="DEAL.STOCK",
)
def _stock_top_then(play: Play, cards: tuple[str, ...]) -> None:
    got = _cards((play.state().get("stock") or [])[: len(cards)])
    _expect(play, got == list(cards), list(cards), got)


def _own_laid(st: Mapping[str, Any], seat: int) -> list[frozenset[str]]:
    """The phỏm a seat laid, without the cards others sent into them."""
    laid = st.get("laid") or []
    sent_in: set[tuple[Any, str]] = set()
    for sender in st.get("sent") or []:
        for s in sender:
            to = s.get("to") or {}
            if to.get("seat") == seat:
                sent_in.add((to.get("phom"), card_code(str(s.get("card")))))
    out = []
    for k, phom in enumerate(laid[seat] if seat < len(laid) else []):
        out.append(frozenset(c for c in _cards(phom) if (k, c) not in sent_in))
    return out


def _phom_with_sent(st: Mapping[str, Any], seat: int, index: int) -> frozenset[str] | None:
    laid = st.get("laid") or []
    if seat >= len(laid) or index >= len(laid[seat]):
        return None
    cards = set(_cards(laid[seat][index]))
    for sender in st.get("sent") or []:
        for s in sender:
            to = s.get("to") or {}
            if to.get("seat") == seat and to.get("phom") == index:
                cards.add(card_code(str(s.get("card"))))
    return frozenset(cards)


@step(
    "then",
    rf"seat (?P<seat>\d+) has laid (?P<phoms>{CARDS}(?: and {CARDS})*)",
    "seat 2 has laid 7S 7D 7H and 4H 5H 6H",
    needs=["state"],
    clause="LAY.VALID-PHOM",
)
def _has_laid(play: Play, seat: int, phoms: tuple[tuple[str, ...], ...]) -> None:
    got = _own_laid(play.state(), seat)
    want = [frozenset(p) for p in phoms]
    _expect(
        play, Counter(got) == Counter(want), [sorted(p) for p in want], [sorted(p) for p in got]
    )


@step(
    "then",
    r"seat (?P<seat>\d+) has laid nothing",
    "seat 3 has laid nothing",
    needs=["state"],
    clause="LAY.MOM",
)
def _laid_nothing(play: Play, seat: int) -> None:
    got = _own_laid(play.state(), seat)
    _expect(play, not got, "no phỏm laid", [sorted(p) for p in got])


@step(
    "then",
    rf"seat (?P<seat>\d+)'s {PHOM_WORD} (?P<index>\d+) is (?P<cards>{CARDS})",
    "seat 1's phỏm 0 is 5H 6H 7H 8H",
    needs=["state"],
    clause="SEND.ALLOWED",
)
def _phom_is(play: Play, seat: int, index: int, cards: tuple[str, ...]) -> None:
    got = _phom_with_sent(play.state(), seat, index)
    _expect(
        play,
        got == frozenset(cards),
        sorted(cards),
        sorted(got) if got is not None else "no such phỏm",
    )


# ---------------------------------------------------------------------------------------------
# Then: ù


@step(
    "then",
    r"seat (?P<seat>\d+) ù"
    r"(?: (?P<kind>thường|khan|tròn|đồng hoa trắng|by eating three cards|with kind "
    r"(?:thuong|three_eats|khan|tron|dong_hoa_trang)))?",
    "seat 1 ù",
    needs=["result"],
    clause="U.THUONG",
)
def _u(play: Play, seat: int, kind: str | None) -> None:
    u = play.result().get("u")
    got = f"ù by seat {u.get('seat')} ({u.get('kind')})" if isinstance(u, dict) else "no ù"
    want = f"ù by seat {seat}" + (f" ({kind})" if kind else "")
    implied = {
        "khan": "U.KHAN",
        "tron": "EXTRA.U-TRON",
        "dong_hoa_trang": "EXTRA.DONG-HOA-TRANG",
        "three_eats": "U.THREE-EATS",
    }.get(kind or "")
    ok = isinstance(u, dict) and u.get("seat") == seat and (kind is None or u.get("kind") == kind)
    _expect(play, ok, want, got, implied)


@step("then", r"nobody ù", "nobody ù", needs=["result"], clause="U.THUONG")
def _nobody_u(play: Play) -> None:
    result = play.query("result").get("result")
    u = result.get("u") if isinstance(result, dict) else None
    _expect(
        play,
        u is None,
        "no ù",
        f"ù by seat {u.get('seat')} ({u.get('kind')})" if isinstance(u, dict) else u,
    )


def _payments(play: Play) -> list[dict[str, Any]]:
    """Every payment of the game so far: the result's once over, else the events'."""
    result = play.query("result").get("result")
    if isinstance(result, dict):
        return list(result.get("payments") or [])
    return [e for e in play.events if e.get("type") == "payment"]


@step(
    "then",
    r"seat (?P<seat>\d+) ù đền is paid by seat (?P<payer>\d+) for (?P<amount>\d+)",
    "seat 1 ù đền is paid by seat 0 for 15",
    needs=["result"],
    clause="DEN.PAYS-FOR-TABLE",
)
def _u_den(play: Play, seat: int, payer: int, amount: int) -> None:
    result = play.result()
    u = result.get("u")
    den = u.get("den") if isinstance(u, dict) else None
    got_u = f"ù by seat {u.get('seat')}, đền {den}" if isinstance(u, dict) else "no ù"
    # who is liable is the matter of the đền case the scenario checks
    case = next((c for c in play.scenario.clauses if c in DEN_CASE_CLAUSES), None)
    _expect(
        play,
        isinstance(u, dict)
        and u.get("seat") == seat
        and isinstance(den, dict)
        and den.get("seat") == payer,
        f"ù by seat {seat}, đền by seat {payer}",
        got_u,
        case,
    )
    pays = [
        p
        for p in result.get("payments") or []
        if p.get("to") == seat and p.get("reason") in ("u", "u_den")
    ]
    by_payer = sum(
        p.get("amount", 0) for p in pays if p.get("from") == payer and p.get("reason") == "u_den"
    )
    _expect(
        play,
        by_payer == amount,
        f"seat {payer} pays seat {seat} {amount} for ù đền",
        by_payer,
        "DEN.AMOUNT",
    )
    others = {
        p.get("from"): p.get("amount") for p in pays if p.get("from") != payer and p.get("amount")
    }
    _expect(play, not others, "nobody else pays for the ù", others, "DEN.PAYS-FOR-TABLE")


@step(
    "then", r"the ù is not đền", "the ù is not đền", needs=["result"], clause="DEN.PAYS-FOR-TABLE"
)
def _not_den(play: Play) -> None:
    u = play.result().get("u")
    _expect(play, isinstance(u, dict) and u.get("den") is None, "an ù that is not đền", u)


# ---------------------------------------------------------------------------------------------
# Then: money


def _fmt_payment(p: Mapping[str, Any]) -> str:
    return f"seat {p.get('from')} pays seat {p.get('to')} {p.get('amount')} for {p.get('reason')}"


@step(
    "then",
    r"seat (?P<payer>\d+) pays seat (?P<payee>\d+) (?P<amount>\d+) for (?P<reason>.+?)",
    "seat 2 pays seat 1 4 for ăn chốt",
)
def _pays(play: Play, payer: int, payee: int, amount: int, reason: str) -> None:
    pays = _payments(play)
    ok = any(
        p.get("from") == payer
        and p.get("to") == payee
        and p.get("amount") == amount
        and p.get("reason") == reason
        for p in pays
    )
    same = [_fmt_payment(p) for p in pays if p.get("reason") == reason and p.get("amount")]
    _expect(
        play,
        ok,
        f"seat {payer} pays seat {payee} {amount} for {reason}",
        same or "no such payment",
        REASON_CLAUSE[reason],
    )


@step(
    "then",
    r"seat (?P<payer>\d+) pays seat (?P<payee>\d+) nothing for (?P<reason>.+?)",
    "seat 0 pays seat 1 nothing for ăn bài",
)
def _pays_nothing(play: Play, payer: int, payee: int, reason: str) -> None:
    pays = [
        p
        for p in _payments(play)
        if p.get("from") == payer
        and p.get("to") == payee
        and p.get("reason") == reason
        and p.get("amount")
    ]
    _expect(
        play,
        not pays,
        f"no payment for {reason} from seat {payer} to seat {payee}",
        [_fmt_payment(p) for p in pays],
        REASON_CLAUSE[reason],
    )


@step("then", r"nobody pays for (?P<reason>.+?)", "nobody pays for đồng hoa")
def _nobody_pays(play: Play, reason: str) -> None:
    pays = [p for p in _payments(play) if p.get("reason") == reason and p.get("amount")]
    _expect(
        play,
        not pays,
        f"no payment for {reason}",
        [_fmt_payment(p) for p in pays],
        REASON_CLAUSE[reason],
    )


@step(
    "then",
    r"the payments are:",
    "the payments are:",
    needs=["result"],
    block=payment_lines,
    clause="MONEY.RANK-PAYMENTS",
)
def _payments_exact(play: Play, block: list[tuple[int, int, int, str]]) -> None:
    pays = play.result().get("payments") or []
    got = Counter(
        (p.get("from"), p.get("to"), p.get("amount"), p.get("reason"))
        for p in pays
        if p.get("amount")
    )
    want = Counter(block)
    if got != want:
        missing = sorted(want - got)
        extra = sorted(got - want)
        implied = REASON_CLAUSE.get(str((missing or extra)[0][3]))
        raise play.fail(
            [f"seat {a} pays seat {b} {n} for {r}" for a, b, n, r in sorted(want.elements())],
            f"missing {[f'{a}->{b} {n} {r}' for a, b, n, r in missing]},"
            f" not expected {[f'{a}->{b} {n} {r}' for a, b, n, r in extra]}",
            implied,
        )


@step(
    "then",
    r"the totals are: (?P<totals>[+\-−]?\d+(?:, [+\-−]?\d+)*)",
    "the totals are: -3, +8, -1, -4",
    needs=["result"],
    clause="MONEY.ZERO-SUM",
)
def _totals(play: Play, totals: tuple[int, ...]) -> None:
    got = tuple(play.result().get("totals") or [])
    _expect(play, got == totals, totals, got)


@step(
    "then",
    r"seat (?P<seat>\d+)'s money is (?P<money>[+\-−]?\d+)",
    "seat 1's money is +1",
    needs=["state"],
    clause="EAT.PAID-AT-ONCE",
)
def _money(play: Play, seat: int, money: int) -> None:
    got = play.state().get("money") or []
    _expect(
        play, seat < len(got) and got[seat] == money, money, got[seat] if seat < len(got) else None
    )


@step(
    "then",
    r"the money sums to zero",
    "the money sums to zero",
    needs=["state"],
    clause="MONEY.ZERO-SUM|INV.ZERO-SUM",
)
def _zero_sum(play: Play) -> None:
    money = play.state().get("money") or []
    _expect(play, sum(money) == 0, "money summing to 0", money)
    result = play.query("result").get("result")
    if isinstance(result, dict):
        totals = result.get("totals") or []
        _expect(play, sum(totals) == 0, "totals summing to 0", totals)
        net = [0] * len(totals)
        for p in result.get("payments") or []:
            net[p["from"]] -= p["amount"]
            net[p["to"]] += p["amount"]
        _expect(play, net == list(totals), f"totals = payments in - out = {net}", totals)


# ---------------------------------------------------------------------------------------------
# Then: end of game, ranking


@step(
    "then",
    r"the game is over by (?P<ending>points|ù|ù khan|all móm|the last player)",
    "the game is over by points",
    needs=["result"],
    clause="ROUND.GAME-END",
)
def _over(play: Play, ending: str) -> None:
    got = play.result().get("ending")
    _expect(play, got == ending, ending, got)


@step(
    "then",
    r"the game is not over",
    "the game is not over",
    needs=["result"],
    clause="ROUND.GAME-END",
)
def _not_over(play: Play) -> None:
    result = play.query("result").get("result")
    _expect(
        play,
        result is None,
        "the game goes on",
        f"over by {result.get('ending')}" if result else result,
    )


@step("then", r"seat (?P<seat>\d+) wins", "seat 1 wins", needs=["result"], clause="RANK.ORDER")
def _wins(play: Play, seat: int) -> None:
    got = play.result().get("winner")
    _expect(play, got == seat, f"seat {seat} wins", f"seat {got} wins")


@step(
    "then",
    r"seat (?P<seat>\d+) goes first in the next game",
    "seat 1 goes first in the next game",
    needs=["result"],
    clause="DEAL.NEXT-GAME",
)
def _next_first(play: Play, seat: int) -> None:
    got = play.result().get("winner")
    _expect(
        play, got == seat, f"seat {seat} (the winner) goes first next", f"the winner is seat {got}"
    )


def _ranking(play: Play) -> list[dict[str, Any]]:
    return sorted(play.result().get("ranking") or [], key=lambda e: e.get("place", 0))


@step(
    "then",
    r"the ranking is: (?P<ranking>.+?)",
    "the ranking is: seat 1 nhất 12, seat 2 nhì 20, seat 3 móm",
    needs=["result"],
    clause="RANK.ORDER",
)
def _ranking_is(play: Play, ranking: tuple[tuple[int, str, int | None], ...]) -> None:
    got_entries = _ranking(play)
    got = [(e.get("seat"), e.get("rank"), e.get("points")) for e in got_entries]
    want = list(ranking)
    ok = len(got) == len(want) and all(
        g[0] == w[0] and g[1] == w[1] and (w[2] is None or g[2] == w[2])
        for g, w in zip(got, want, strict=False)
    )
    show = ", ".join(f"seat {s} {r}" + (f" {p}" if p is not None else "") for s, r, p in want)
    _expect(play, ok, show, ", ".join(f"seat {s} {r} {p}" for s, r, p in got))


@step("then", r"seat (?P<seat>\d+) is móm", "seat 2 is móm", needs=["result"], clause="LAY.MOM")
def _is_mom(play: Play, seat: int) -> None:
    entry = next((e for e in _ranking(play) if e.get("seat") == seat), None)
    _expect(play, entry is not None and entry.get("mom") is True, f"seat {seat} móm", entry)


@step(
    "then",
    r"seat (?P<seat>\d+) is not móm",
    "seat 2 is not móm",
    needs=["result"],
    clause="LAY.MOM",
)
def _is_not_mom(play: Play, seat: int) -> None:
    entry = next((e for e in _ranking(play) if e.get("seat") == seat), None)
    _expect(play, entry is not None and entry.get("mom") is False, f"seat {seat} not móm", entry)


@step(
    "then",
    r"seat (?P<seat>\d+) has (?P<n>\d+) points",
    "seat 1 has 12 points",
    needs=["result"],
    clause="RANK.DEADWOOD-POINTS",
)
def _points(play: Play, seat: int, n: int) -> None:
    entry = next((e for e in _ranking(play) if e.get("seat") == seat), None)
    _expect(
        play,
        entry is not None and entry.get("points") == n,
        n,
        entry.get("points") if entry else None,
    )


# ---------------------------------------------------------------------------------------------
# Then: automatic play, leaving


@step(
    "then",
    rf"the auto-play discards (?P<card>{CARD}) for seat (?P<seat>\d+)",
    "the auto-play discards KH for seat 1",
    clause="TIME.AUTO-PLAY",
)
def _auto_discard(play: Play, card: str, seat: int) -> None:
    events = play.last_events()
    auto = any(e.get("type") == "auto_play" and e.get("seat") == seat for e in events)
    discards = [
        e.get("card") for e in events if e.get("type") == "discarded" and e.get("seat") == seat
    ]
    ok = auto and any(_card_eq(c, card) for c in discards)
    _expect(
        play,
        ok,
        f"auto-play by seat {seat} discarding {card}",
        f"auto_play {'seen' if auto else 'missing'}, discards {discards}",
    )


@step(
    "then",
    r"the auto-play draws for seat (?P<seat>\d+)",
    "the auto-play draws for seat 1",
    clause="TIME.AUTO-PLAY",
)
def _auto_draw(play: Play, seat: int) -> None:
    events = play.last_events()
    drew = any(e.get("type") == "drew" and e.get("seat") == seat for e in events)
    ate = any(e.get("type") == "ate" and e.get("seat") == seat for e in events)
    _expect(
        play,
        drew and not ate,
        f"seat {seat} draws (never eats)",
        "ate" if ate else "no draw" if not drew else "drew",
    )


@step(
    "then",
    r"seat (?P<seat>\d+) lays nothing down",
    "seat 1 lays nothing down",
    clause="TIME.FINAL-ROUND-MOM",
)
def _lays_nothing(play: Play, seat: int) -> None:
    laid = [e for e in play.last_events() if e.get("type") == "laid_down" and e.get("seat") == seat]
    _expect(play, not laid, "no lay-down", laid)


@step(
    "then",
    r"seat (?P<seat>\d+) has left the game",
    "seat 2 has left the game",
    needs=["state"],
    clause="LEAVE.SEAT-SKIPPED",
)
def _left(play: Play, seat: int) -> None:
    left = play.state().get("left") or []
    _expect(play, seat < len(left) and left[seat] is True, f"seat {seat} left", left)


# ---------------------------------------------------------------------------------------------
# Then: invariants


def _is_phom(cards: Sequence[str]) -> bool:
    ids = [parse_card(c) for c in cards]
    if len(ids) < 3:
        return False
    if len({rank_of(c) for c in ids}) == 1:
        return True
    if len({suit_of(c) for c in ids}) != 1:
        return False
    ranks = sorted(rank_of(c) for c in ids)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def misplaced_cards(st: Mapping[str, Any]) -> str | None:
    """What is wrong with where the 52 cards are in a state (None when each is in one place):
    hands, stock, piles, laid phỏm and sent cards, leavers' cards included (INV.52-CARDS)."""
    places: list[str] = []
    for h in st.get("hands") or []:
        places += _cards(h)
    places += _cards(st.get("stock") or [])
    for pile in st.get("piles") or []:
        places += [card_code(str(e.get("card"))) for e in pile]
    laid_cards: list[str] = []
    for seat_laid in st.get("laid") or []:
        for phom in seat_laid:
            laid_cards += _cards(phom)
    places += laid_cards
    for sender in st.get("sent") or []:
        sent = (card_code(str(s.get("card"))) for s in sender)
        places += [c for c in sent if c not in laid_cards]
    counts = Counter(places)
    twice = sorted(c for c, n in counts.items() if n > 1)
    missing = sorted(set(format_card(i) for i in range(52)) - set(counts))
    if twice or missing:
        return f"twice: {twice}, missing: {missing}"
    return None


@step(
    "then",
    r"every card is in exactly one place",
    "every card is in exactly one place",
    needs=["state"],
    clause="INV.52-CARDS|DECK.52-CARDS",
)
def _cards_once(play: Play) -> None:
    problem = misplaced_cards(play.state())
    _expect(play, problem is None, "52 cards, each once", problem)


@step(
    "then",
    r"every laid phỏm is a valid phỏm",
    "every laid phỏm is a valid phỏm",
    needs=["state"],
    clause="INV.LAID-VALID|LAY.VALID-PHOM",
)
def _laid_valid(play: Play) -> None:
    st = play.state()
    bad = []
    for seat, seat_laid in enumerate(st.get("laid") or []):
        for k in range(len(seat_laid)):
            cards = _phom_with_sent(st, seat, k) or frozenset()
            if not _is_phom(sorted(cards)):
                bad.append(f"seat {seat} phỏm {k}: {sorted(cards)}")
    _expect(play, not bad, "every laid phỏm valid", bad)


@step(
    "then",
    r"the eaten cards sit in distinct phỏm",
    "the eaten cards sit in distinct phỏm",
    needs=["state"],
    clause="INV.EATEN-DISTINCT|TURN.EAT.DISTINCT-PHOM",
)
def _eaten_distinct(play: Play) -> None:
    st = play.state()
    bad = []
    for seat, eaten in enumerate(st.get("eaten") or []):
        eaten_set = set(_cards(eaten))
        for phom in _own_laid(st, seat):
            if len(phom & eaten_set) > 1:
                bad.append(f"seat {seat}: {sorted(phom)}")
    _expect(play, not bad, "no phỏm with two eaten cards", bad)


@step(
    "then",
    r"the state is unchanged since it was noted",
    "the state is unchanged since it was noted",
    needs=["state"],
    clause="INV.REJECT-UNCHANGED",
)
def _unchanged(play: Play) -> None:
    if play.noted_state is None:
        raise StepError("note the state first: 'When the state is noted'")
    now = play.state()
    diff = sorted(
        k for k in set(now) | set(play.noted_state) if now.get(k) != play.noted_state.get(k)
    )
    _expect(play, not diff, "the state unchanged", f"changed: {diff}")


# ---------------------------------------------------------------------------------------------
# More steps: raw actions and error replies, hand membership, the lead, the end


@step(
    "when",
    r"seat (?P<seat>\d+) sends the raw action (?P<raw>\{.*\})",
    'seat 0 sends the raw action {"type": "discard", "card": "T♥"}',
)
def _raw_action(play: Play, seat: int, raw: str) -> None:
    """An action sent exactly as written (card codes not canonicalised): notation tests."""
    import json

    try:
        action = json.loads(raw)
    except ValueError as e:
        raise StepError(f"the raw action is not JSON: {e}") from None
    play.act(seat, action)


@step(
    "then",
    r"the action is answered with the error (?P<error>[a-z_]+)",
    "the action is answered with the error malformed",
    clause="DECK.NOTATION",
)
def _error_reply(play: Play, error: str) -> None:
    """The last request got a protocol error reply (not a ruling), with this code."""
    reply = play.last_reply()
    got = (reply.get("error") or {}).get("code") if not reply.get("ok") else _describe_reply(reply)
    if got != error:
        raise play.fail(f"an error reply {error}", got)


@step(
    "then",
    rf"seat (?P<seat>\d+)'s hand holds (?P<cards>{CARDS})",
    "seat 1's hand holds 4S",
    needs=["state"],
    clause="TURN.DRAW.STOCK-TOP",
)
def _hand_has(play: Play, seat: int, cards: tuple[str, ...]) -> None:
    hands = play.state().get("hands") or []
    got = set(_cards(hands[seat])) if seat < len(hands) else set()
    _expect(play, set(cards) <= got, f"{' '.join(cards)} in seat {seat}'s hand", sorted(got))


@step(
    "then",
    rf"seat (?P<seat>\d+)'s hand does not hold (?P<cards>{CARDS})",
    "seat 1's hand does not hold 6H",
    needs=["state"],
    clause="TURN.DRAW.STOCK-TOP",
)
def _hand_lacks(play: Play, seat: int, cards: tuple[str, ...]) -> None:
    hands = play.state().get("hands") or []
    got = set(_cards(hands[seat])) if seat < len(hands) else set()
    want = f"none of {' '.join(cards)} in seat {seat}'s hand"
    _expect(play, not set(cards) & got, want, sorted(got))


@step(
    "then",
    r"the lead is seat (?P<seat>\d+)",
    "the lead is seat 1",
    needs=["state"],
    clause="ROUND.LEAD-POINTER",
)
def _lead(play: Play, seat: int) -> None:
    st = play.state()
    _expect(play, st.get("lead") == seat, f"lead seat {seat}", f"lead seat {st.get('lead')}")


@step(
    "then",
    r"no seat is to act",
    "no seat is to act",
    needs=["legal_actions"],
    clause="TURN.GAME-OVER",
)
def _nobody_acts(play: Play) -> None:
    seat, actions = play.legal()
    got = f"seat {seat}: {[describe_action(a) for a in actions]}"
    _expect(play, seat is None and not actions, "no seat to act, no legal action", got)


# ---------------------------------------------------------------------------------------------
# Card arithmetic for humans writing scenarios


def deadwood(cards: Iterable[str]) -> int:
    """Points of cards left in hand (DECK.POINTS): a helper for writing expectations."""
    return sum(points(parse_card(c)) for c in cards)


# ---------------------------------------------------------------------------------------------
# pytest-bdd bindings generated from the registry


def bind_pytest_bdd(stacklevel: int = 1) -> int:
    """Define one pytest-bdd step per registry entry in the caller's module; return the count.

    Each generated step parses its arguments with the registry's converters and runs the
    registry's handler on the ``phom_play`` fixture: the same path as ``Scenario.run``.
    """
    from pytest_bdd import parsers
    from pytest_bdd.steps import step as bdd_step

    for definition in REGISTRY:
        fn = _bdd_function(definition)
        bdd_step(parsers.re(definition.pattern), definition.kind, stacklevel=stacklevel + 1)(fn)  # type: ignore[arg-type]
    return len(REGISTRY)


def _bdd_function(definition: StepDef) -> Callable[..., None]:
    groups = definition.groups

    def bdd_step_function(request: Any, phom_play: Play, **kw: Any) -> None:
        from conformance.errors import ScenarioSkipped

        raw = {g: kw.get(g) for g in groups}
        label = getattr(request.node, "phom_step_label", "")
        try:
            args, clause = definition.parse(raw, kw.get("docstring"), kw.get("datatable"))
        except StepError as e:
            from conformance.errors import ScenarioError

            raise ScenarioError(f"{label}: {e}") from None
        phom_play.begin(label, clause, definition.clause)
        try:
            definition.run(phom_play, args)
        except ScenarioSkipped as e:
            import pytest

            pytest.skip(str(e))

    params = [
        inspect.Parameter("request", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        inspect.Parameter("phom_play", inspect.Parameter.POSITIONAL_OR_KEYWORD),
    ]
    params += [inspect.Parameter(g, inspect.Parameter.KEYWORD_ONLY, default=None) for g in groups]
    if definition.block is not None:
        params += [
            inspect.Parameter("docstring", inspect.Parameter.KEYWORD_ONLY, default=None),
            inspect.Parameter("datatable", inspect.Parameter.KEYWORD_ONLY, default=None),
        ]
    bdd_step_function.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    bdd_step_function.__name__ = f"step_{definition.kind}_{len(groups)}"
    return bdd_step_function
