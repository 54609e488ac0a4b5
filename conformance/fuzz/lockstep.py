"""Replay a reference game against an implementation, pipelined, and find the first divergence.

The whole game is known before it is sent (the reference chose every action), so every
request of the game goes out at once: ``new_game``, then per decision ``legal_actions`` and
``apply``, then ``result``; the replies are read afterwards and compared in order. A pipe
round trip costs about ten pipelined messages (spec/protocol.md, pipelining).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from conformance.arbiter.citations import ACTION_CLAUSES, event_clauses
from conformance.fuzz.script import GameScript
from conformance.protocol import Driver, Pending
from conformance.protocol.compare import (
    Unreadable,
    action_of,
    event_difference,
    legal_difference,
    payment_difference,
    result_differences,
)
from reference_impl.rulings import Rejected

#: Where a divergence shows.
NEW_GAME, LEGAL, RULING, EVENTS, RESULT, ERROR = (
    "new_game", "legal_actions", "ruling", "events", "result", "error")

#: Clause topics that are one subject for shrinking (ù and ù đền, extras of 000).
TOPICS = {"DEN": "U", "EXTRA": "U", "EAT": "MONEY"}

RESULT_CLAUSES = {
    "ending": "ROUND.GAME-END",
    "winner": "RANK.ORDER",
    "u": "U.THUONG",
    "u.seat": "U.WINNER",
    "u.kind": "U.THUONG",
    "u.den": "DEN.PAYS-FOR-TABLE",
    "ranking": "RANK.ORDER",
    "payments": "MONEY.ZERO-SUM",
    "totals": "MONEY.ZERO-SUM",
    "result": "ROUND.GAME-END",
}


@dataclass(frozen=True)
class Divergence:
    """The first point where the implementation and the reference disagree.

    ``step`` indexes the script's decisions (-1: the game's start; ``len(decisions)``: the
    result). ``clauses`` are the clauses at stake, the first one the summary counts it by.
    """

    kind: str
    step: int
    message: str
    expected: Any = None
    actual: Any = None
    clauses: tuple[str, ...] = ()
    seat: int | None = None
    action: dict[str, Any] | None = None

    @property
    def clause(self) -> str:
        return self.clauses[0] if self.clauses else self.kind

    @property
    def signature(self) -> tuple[str, str]:
        """What a shrunk game must still show to count as the same divergence: where it
        shows (legal set, ruling, result) and the topic of its clause (the clause itself
        may change with the table, e.g. MONEY.RANK-PAYMENTS at 4 players, MONEY.SMALL-TABLES
        at 2)."""
        topic = self.clause.split(".")[0]
        return (self.kind if self.kind in (LEGAL, RESULT) else RULING, TOPICS.get(topic, topic))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "step": self.step, "message": self.message,
                "clauses": list(self.clauses), "seat": self.seat, "action": self.action,
                "expected": self.expected, "actual": self.actual}


@dataclass
class ReplayOutcome:
    """What one lockstep replay found."""

    divergence: Divergence | None
    decisions: int = 0
    skipped: str | None = None
    transcript: list[dict[str, Any]] = field(default_factory=list)


def _error_of(reply: dict[str, Any]) -> tuple[str, str]:
    err = reply.get("error") or {}
    return str(err.get("code")), str(err.get("message"))


def replay(driver: Driver, script: GameScript, game_id: str = "fuzz",
           queries: frozenset[str] = frozenset({"legal_actions", "result"}),
           attribute: bool = True) -> ReplayOutcome:
    """Send the game, read the replies, stop comparing at the first divergence."""
    setup = script.setup
    sent: list[tuple[str, int, Pending]] = [(NEW_GAME, -1, driver.send(setup.new_game(game_id)))]
    for i, d in enumerate(script.decisions):
        if d.legal is not None and "legal_actions" in queries:
            sent.append((LEGAL, i, driver.send({"type": "legal_actions", "game": game_id})))
        sent.append((RULING, i, driver.send({"type": "apply", "game": game_id, "seat": d.seat,
                                             "action": d.action})))
    n = len(script.decisions)
    if script.result is not None and "result" in queries:
        sent.append((RESULT, n, driver.send({"type": "result", "game": game_id})))
    outcome = ReplayOutcome(None)
    compared = 0
    for kind, step, pending in sent:
        reply = pending.result()  # always read: the replies of a pipelined game are owed
        if outcome.divergence is not None or outcome.skipped is not None:
            continue
        try:
            div = _compare(kind, step, reply, script)
        except Unreadable as e:
            at = script.decisions[step] if 0 <= step < n else None
            div = Divergence(ERROR, step, f"unreadable reply to {kind}: {e}", None, reply,
                             seat=at.seat if at else None, action=at.action if at else None)
        if isinstance(div, str):
            outcome.skipped = div
            continue
        if div is not None:
            outcome.divergence = _attribute(div, script) if attribute else div
        elif kind == RULING:
            compared += 1
    outcome.decisions = compared
    return outcome


def _compare(kind: str, step: int, reply: dict[str, Any], script: GameScript
             ) -> Divergence | str | None:
    if kind == NEW_GAME:
        if not reply.get("ok"):
            code, message = _error_of(reply)
            if code == "unsupported":
                return f"unsupported: {message}"
            return Divergence(ERROR, -1, f"new_game refused: {code}: {message}",
                              "a started game", reply, ("DEAL.HAND-SIZES",))
        ref_ev, impl_ev = event_difference(list(script.start_events), reply.get("events") or [])
        if ref_ev or impl_ev:
            start = [c for e in [*ref_ev, *impl_ev] for c in event_clauses(e)]
            return Divergence(EVENTS, -1, "the game starts differently", ref_ev, impl_ev,
                              tuple(dict.fromkeys(start)) or ("U.KHAN",))
        return None
    if kind == RESULT:
        if not reply.get("ok"):
            code, message = _error_of(reply)
            return Divergence(ERROR, step, f"result refused: {code}: {message}", None, reply)
        ref = script.result or {}
        diffs = result_differences(ref, reply.get("result"))
        if diffs:
            first = diffs[0][0]
            fields = ", ".join(d[0] for d in diffs)
            return Divergence(RESULT, step, f"the result differs in {fields}",
                              {d[0]: d[1] for d in diffs}, {d[0]: d[2] for d in diffs},
                              (RESULT_CLAUSES.get(first, "ROUND.GAME-END"),))
        return None
    d = script.decisions[step]
    if not reply.get("ok"):
        code, message = _error_of(reply)
        if code == "unsupported":
            return f"unsupported: {message}"
        return Divergence(ERROR, step, f"{kind} refused: {code}: {message}", None, reply,
                          seat=d.seat, action=d.action)
    if kind == LEGAL:
        missing, extra = legal_difference(list(d.legal or ()), reply.get("actions"))
        if reply.get("seat") != d.seat or missing or extra:
            what = []
            if reply.get("seat") != d.seat:
                what.append(f"seat {reply.get('seat')} to act instead of seat {d.seat}")
            if missing:
                what.append(f"{len(missing)} legal action(s) missing")
            if extra:
                what.append(f"{len(extra)} illegal action(s) listed")
            return Divergence(LEGAL, step, "; ".join(what), {"missing": missing},
                              {"extra": extra, "seat": reply.get("seat")}, seat=d.seat,
                              action=d.action)
        return None
    ref_ruling = d.ruling
    if reply.get("ruling") != ref_ruling.get("ruling"):
        at_stake: tuple[str, ...]
        if ref_ruling["ruling"] == "accepted":
            at_stake = tuple(str(c) for c in [reply.get("clause")] if c) + ACTION_CLAUSES.get(
                str(d.action.get("type")), ())
            msg = (f"the implementation rejects {d.action['type']} ({reply.get('reason')});"
                   " the rules accept it")
        else:
            at_stake = (str(ref_ruling.get("clause")),)
            msg = (f"the implementation accepts {d.action['type']}; the rules reject it"
                   f" ({ref_ruling.get('reason')})")
        return Divergence(RULING, step, msg, _ruling_view(ref_ruling), _ruling_view(reply),
                          at_stake, d.seat, d.action)
    if ref_ruling["ruling"] == "rejected":
        if reply.get("reason") != ref_ruling.get("reason"):
            return Divergence(RULING, step,
                              f"rejected for {reply.get('reason')}; the rules say"
                              f" {ref_ruling.get('reason')}", _ruling_view(ref_ruling),
                              _ruling_view(reply), (str(ref_ruling.get("clause")),), d.seat,
                              d.action)
        return None
    ref_ev, impl_ev = event_difference(list(ref_ruling.get("events") or ()),
                                       reply.get("events") or [])
    if ref_ev or impl_ev:
        clauses = [c for e in [*ref_ev, *impl_ev] for c in event_clauses(e)]
        return Divergence(EVENTS, step, "the action has other consequences", ref_ev, impl_ev,
                          tuple(dict.fromkeys(clauses)) or ACTION_CLAUSES.get(
                              str(d.action.get("type")), ()), d.seat, d.action)
    return None


def _ruling_view(r: dict[str, Any]) -> dict[str, Any]:
    return {k: r.get(k) for k in ("ruling", "reason", "clause") if r.get(k) is not None}


def _attribute(div: Divergence, script: GameScript) -> Divergence:
    """Name the clause at stake: the reference's reason for refusing what the implementation
    allowed, or the rule of what it forgot."""
    if div.kind == RESULT and div.expected and "payments" in div.expected:
        missing, extra = payment_difference(div.expected["payments"], div.actual["payments"])
        paid = [str(p.get("clause")) for p in [*missing, *extra] if p.get("clause")]
        if paid:
            return _with(div, tuple(dict.fromkeys([*paid, *div.clauses])))
        return div
    if div.kind != LEGAL:
        return div
    from conformance.fuzz.generate import new_reference_game

    extra = div.actual.get("extra") or []
    clauses: list[str] = []
    prefix = [d for d in script.decisions[: div.step] if d.accepted]
    for action in extra[:4]:
        game = new_reference_game(script.setup)
        for d in prefix:
            game.apply(d.seat, action_of(d.action))
        ruling = game.apply(div.seat if div.seat is not None else 0, action_of(action))
        if isinstance(ruling, Rejected):
            clauses.append(ruling.clause)
    for action in div.expected.get("missing") or []:
        clauses += ACTION_CLAUSES.get(str(action.get("type")), ())[-1:]
    return _with(div, tuple(dict.fromkeys(clauses)) or ("TURN.ORDER",))


def _with(div: Divergence, clauses: tuple[str, ...]) -> Divergence:
    return Divergence(div.kind, div.step, div.message, div.expected, div.actual, clauses,
                      div.seat, div.action)
