"""Metamorphic checks: the same game with the suits permuted, or the seats renumbered.

The rules of Phỏm know no suit order and no first seat: a game whose cards all have their suits
permuted, or whose seats are all renumbered by ``+k mod n`` (the first seat too), is the same
game. An implementation must rule on it the same way (accepted, or rejected for the same
reason) and settle it the same way, with cards and seats mapped. The one exception is the
auto-play of a timeout or a leave, which breaks ties by suit (TIME.AUTO-PLAY.TIE): the suit
permutation is compared only up to the first such action.

The check runs after the lockstep replay found no divergence, so the implementation's answers
on the original game are the reference's, which the script holds.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import permutations
from typing import Any

from conformance.fuzz.lockstep import Divergence
from conformance.fuzz.script import GameScript, Setup
from conformance.protocol import Driver, Pending
from conformance.protocol.compare import Unreadable, result_differences
from reference_impl.cards import SUITS, format_card, parse_card

METAMORPHIC = "metamorphic"
SUITS_NAME = "suit permutation"
SEATS_NAME = "seat rotation"

#: Actions whose auto-play breaks ties by suit order (TIME.AUTO-PLAY.TIE).
_SUIT_ORDERED = frozenset({"timeout", "leave"})

#: The 23 permutations of the four suits that move at least one suit.
_PERMUTATIONS = tuple(p for p in permutations(range(4)) if p != (0, 1, 2, 3))


@dataclass(frozen=True)
class Transform:
    """A renaming of cards (a suit permutation) and seats (a rotation) of one game."""

    name: str
    players: int
    suits: tuple[int, ...] = (0, 1, 2, 3)
    shift: int = 0

    def inverse(self) -> Transform:
        inv = [0] * 4
        for s, t in enumerate(self.suits):
            inv[t] = s
        return Transform(self.name, self.players, tuple(inv), (-self.shift) % self.players)

    def card(self, code: str) -> str:
        c = parse_card(code)
        return format_card(self.suits[c // 13] * 13 + c % 13)

    def seat(self, s: int) -> int:
        return (s + self.shift) % self.players


def suit_permutation(seed: int, players: int) -> Transform:
    """The game's suit permutation (never the identity), from its seed."""
    return Transform(SUITS_NAME, players,
                     random.Random(seed ^ 0x5017).choice(_PERMUTATIONS))


def seat_rotation(seed: int, players: int) -> Transform:
    """The game's seat rotation by ``k`` in ``1 .. n-1``, from its seed."""
    return Transform(SEATS_NAME, players,
                     shift=random.Random(seed ^ 0x5EA7).randrange(1, players))


def _phom_key(codes: list[str]) -> tuple[int, ...]:
    return tuple(sorted(parse_card(c) for c in codes))


def map_action(t: Transform, action: dict[str, Any],
               phom: Callable[[int, int], int] | None = None) -> dict[str, Any]:
    """The action (JSON form) with its cards and seats renamed. A lay-down's phỏm are listed
    in card order, the order both the list and its lay-down number them in; ``phom`` renames
    a gửi's phỏm number (seat and number of the original game), if it moves."""
    out = dict(action)
    if "card" in out:
        out["card"] = t.card(out["card"])
    if "with" in out:
        out["with"] = [t.card(c) for c in out["with"]]
    if "phoms" in out:
        out["phoms"] = sorted(([t.card(c) for c in p] for p in out["phoms"]), key=_phom_key)
    if isinstance(out.get("to"), dict):
        to = out["to"]
        k = phom(int(to["seat"]), int(to["phom"])) if phom else to["phom"]
        out["to"] = {**to, "seat": t.seat(int(to["seat"])), "phom": k}
    return out


def map_setup(t: Transform, setup: Setup) -> Setup:
    """The setup with the deal's cards renamed and the hands, first seat and session moved."""
    hands: list[tuple[str, ...]] = [()] * setup.players
    for s, hand in enumerate(setup.hands):
        hands[t.seat(s)] = tuple(t.card(c) for c in hand)
    session = setup.session
    if session:
        session = dict(session)
        if session.get("u_streak"):
            session["u_streak"] = {str(t.seat(int(s))): v
                                   for s, v in session["u_streak"].items()}
        if isinstance(session.get("host"), int):
            session["host"] = t.seat(session["host"])
    return replace(setup, hands=tuple(hands), stock=tuple(t.card(c) for c in setup.stock),
                   first=t.seat(setup.first), session=session)


def map_result(t: Transform, result: dict[str, Any]) -> dict[str, Any]:
    """The result with its seats renamed (results name no cards)."""
    out = dict(result)
    if isinstance(out.get("winner"), int):
        out["winner"] = t.seat(out["winner"])
    u = out.get("u")
    if isinstance(u, dict):
        u = dict(u)
        if isinstance(u.get("seat"), int):
            u["seat"] = t.seat(u["seat"])
        if isinstance(u.get("den"), dict) and isinstance(u["den"].get("seat"), int):
            u["den"] = {**u["den"], "seat": t.seat(u["den"]["seat"])}
        out["u"] = u
    out["ranking"] = [{**r, "seat": t.seat(int(r["seat"]))} for r in out.get("ranking") or []]
    out["payments"] = [{**p, "from": t.seat(int(p["from"])), "to": t.seat(int(p["to"]))}
                       for p in out.get("payments") or []]
    totals = list(out.get("totals") or [])
    if totals:
        moved = [0] * len(totals)
        for s, v in enumerate(totals):
            moved[t.seat(s)] = v
        out["totals"] = moved
    return out


def map_script(t: Transform, script: GameScript) -> GameScript:
    """The whole game renamed: setup, actions and seats (rulings and results kept as they are:
    they are compared after mapping back). A gửi names a phỏm by its number in lay-down order;
    with the suits permuted, the phỏm of one lay-down may be numbered in another order."""
    laid: dict[int, list[tuple[int, ...]]] = {}  # per seat, its phỏm as numbered originally
    moved: dict[int, list[tuple[int, ...]]] = {}  # and in the transformed game

    def phom(seat: int, k: int) -> int:
        mine = laid.get(seat, [])
        if not 0 <= k < len(mine):
            return k  # a probe's phỏm that does not exist stays one
        target = tuple(sorted(parse_card(t.card(format_card(c))) for c in mine[k]))
        return moved[seat].index(target)

    decisions = []
    for d in script.decisions:
        action = map_action(t, d.action, phom)
        if d.accepted and d.action.get("type") == "lay_down":
            laid.setdefault(d.seat, []).extend(sorted(_phom_key(p) for p in d.action["phoms"]))
            moved.setdefault(d.seat, []).extend(_phom_key(p) for p in action["phoms"])
        decisions.append(replace(d, seat=t.seat(d.seat), action=action, legal=None))
    return replace(script, setup=map_setup(t, script.setup), decisions=tuple(decisions),
                   start_events=())


@dataclass(frozen=True)
class MetamorphicOutcome:
    """What the metamorphic checks of one game found: checks made, and the first failure."""

    checks: int
    divergence: Divergence | None = None


def transforms_of(script: GameScript, seed: int) -> tuple[Transform, Transform]:
    n = script.setup.players
    return suit_permutation(seed, n), seat_rotation(seed, n)


def check(driver: Driver, script: GameScript, seed: int,
          queries: frozenset[str] = frozenset({"result"})) -> MetamorphicOutcome:
    """Play the two transformed copies of ``script`` on ``driver`` (pipelined) and compare its
    answers, mapped back, with the original game's."""
    sent: list[tuple[Transform, int, list[Pending], Pending | None]] = []
    for t in transforms_of(script, seed):
        upto = len(script.decisions)
        if t.name == SUITS_NAME:
            upto = next((i for i, d in enumerate(script.decisions)
                         if d.accepted and d.action.get("type") in _SUIT_ORDERED), upto)
        game = f"fuzz-{t.name.split()[0]}s"
        moved = map_script(t, script)
        driver.send(moved.setup.new_game(game))
        rulings = [driver.send({"type": "apply", "game": game, "seat": d.seat,
                                "action": d.action}) for d in moved.decisions[:upto + 1]]
        whole = upto == len(script.decisions)
        result = (driver.send({"type": "result", "game": game})
                  if whole and script.result is not None and "result" in queries else None)
        sent.append((t, upto, rulings, result))
    first: Divergence | None = None
    for t, upto, rulings, result in sent:  # read every reply: a pipelined game's are owed
        replies = [p.result() for p in rulings]
        final = result.result() if result is not None else None
        if first is None:
            first = _compare(t, script, upto, replies, final)
    return MetamorphicOutcome(len(sent), first)


def _compare(t: Transform, script: GameScript, upto: int, replies: list[dict[str, Any]],
             final: dict[str, Any] | None) -> Divergence | None:
    back = t.inverse()
    for i, (d, reply) in enumerate(zip(script.decisions[:upto + 1], replies, strict=False)):
        want = (d.ruling.get("ruling"), d.ruling.get("reason") if not d.accepted else None)
        got_ok = reply.get("ok") and reply.get("ruling") == "accepted"
        got = (reply.get("ruling") if reply.get("ok") else "error",
               None if got_ok else reply.get("reason") or (reply.get("error") or {}).get("code"))
        if want != got:
            clause = d.ruling.get("clause")
            return _divergence(t, i, f"ruling on {d.action['type']}: {got[0]}"
                                     f"{f' ({got[1]})' if got[1] else ''} instead of {want[0]}"
                                     f"{f' ({want[1]})' if want[1] else ''}",
                               {"ruling": want[0], "reason": want[1]},
                               {"ruling": got[0], "reason": got[1],
                                "seat": t.seat(d.seat), "action": map_action(t, d.action)},
                               (str(clause),) if clause else (), d.seat, d.action)
    if final is None or script.result is None:
        return None
    step = len(script.decisions)
    if not final.get("ok"):
        return _divergence(t, step, "the result was refused", script.result, final, ())
    body = final.get("result")
    try:
        if not isinstance(body, dict):
            raise Unreadable(f"a result is an object, got {body!r}")
        diffs = result_differences(script.result, map_result(back, body))
    except (Unreadable, KeyError, TypeError, ValueError) as e:
        return _divergence(t, step, f"unreadable result: {e}", script.result, final, ())
    if diffs:
        fields = ", ".join(d[0] for d in diffs)
        return _divergence(t, step, f"the result differs in {fields}",
                           {d[0]: d[1] for d in diffs}, {d[0]: d[2] for d in diffs}, ())
    return None


def _divergence(t: Transform, step: int, what: str, expected: Any, actual: Any,
                clauses: tuple[str, ...], seat: int | None = None,
                action: dict[str, Any] | None = None) -> Divergence:
    how = (f"suits {SUITS}→{''.join(SUITS[s] for s in t.suits)}"
           if t.name == SUITS_NAME else f"seats +{t.shift}")
    return Divergence(METAMORPHIC, step, f"metamorphic: {t.name} ({how}): {what}", expected,
                      actual, clauses, seat, action)

