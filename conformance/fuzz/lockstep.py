"""Replay a reference game against an implementation, pipelined, and find its first divergence
from a point on.

The whole game is known before it is sent (the reference chose every action), so every
request of the game goes out at once: ``new_game``, then per decision ``legal_actions`` and
``apply``, then ``result``; the replies are read afterwards and compared in order. A pipe
round trip costs about ten pipelined messages (spec/protocol.md, pipelining).

A replay compares from ``resume`` on (the comparisons before it were made by an earlier
replay of the same prefix: see :mod:`conformance.fuzz.game`, which keeps a game going after
a divergence that leaves both sides in the same state). Each divergence says whether it
does (:attr:`Divergence.same_state`), and :mod:`conformance.fuzz.deciding` names the rule
that decides it.

The comparison is made in the shape of the script's profile (spec/protocol.md 8,
:mod:`conformance.fuzz.shape`): legal sets as such an engine lists them, no money under
``money: none``. Where a shaped decision's events show another choice than the reference's
(other partners of a bare eat, another automatic lay-down and sends), the choice is checked
by :func:`conformance.suite.mirror.check_move`: one the rules refuse is a divergence under
the refusal's clause (:data:`CHOICE`); one they allow is adopted (:class:`Adopted`), and
the game goes on from there with the reference playing the same choice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from conformance.fuzz.divergence import (
    CHOICE,
    ERROR,
    EVENTS,
    LEGAL,
    NEW_GAME,
    RESULT,
    RULING,
    Divergence,
)
from conformance.fuzz.script import Decision, GameScript
from conformance.fuzz.shape import (
    legal_difference_in,
    money_free,
    read_action,
    result_without_money,
)
from conformance.protocol import Driver, Pending
from conformance.protocol.compare import (
    Unreadable,
    event_difference,
    legal_difference,
    payment_key,
    result_differences,
)
from reference_impl.profiles import DEFAULT

__all__ = ["CHOICE", "ERROR", "EVENTS", "LEGAL", "NEW_GAME", "RESULT", "RULING", "START",
           "Adopted", "Carry", "Divergence", "ReplayOutcome", "Resume", "passes", "replay"]

#: The order of the comparisons of one decision (``resume`` counts in it).
_ORDER = {NEW_GAME: 0, LEGAL: 0, RULING: 1, RESULT: 0}

#: Where a replay starts comparing: (decision, 0 for its legal set, 1 for its ruling).
Resume = tuple[int, int]
START: Resume = (-1, 0)


@dataclass
class Carry:
    """What earlier divergences of the game leave for the later comparisons: payments
    already found different (the result's payments are compared without them), and whether
    the money differs since (then the totals are not compared)."""

    reference: Counter[tuple[int, int, int, str]] = field(default_factory=Counter)
    implementation: Counter[tuple[int, int, int, str]] = field(default_factory=Counter)
    money_differs: bool = False


@dataclass
class ReplayOutcome:
    """What one lockstep replay found: its divergences in order (with ``keep_going``, those
    it could compare past, then the one it stopped at), the rulings that matched, and the
    probes the implementation answered ``unsupported``."""

    divergences: list[Divergence] = field(default_factory=list)
    decisions: int = 0
    skipped: str | None = None
    unsupported: list[int] = field(default_factory=list)
    #: Did the replay compare to the end (every divergence one it could go past)?
    complete: bool = True
    #: The implementation's choice at a shaped decision, adopted: the game goes on from it.
    adopted: Adopted | None = None
    #: The script compared to the end (another one than the replay's after choices adopted
    #: in the same game: ``go_on``).
    script: GameScript | None = None

    @property
    def divergence(self) -> Divergence | None:
        """The first divergence, or None."""
        return self.divergences[0] if self.divergences else None


def _error_of(reply: dict[str, Any]) -> tuple[str, str]:
    err = reply.get("error") or {}
    return str(err.get("code")), str(err.get("message"))


#: How a game goes on after the implementation's choice at decision ``k`` was adopted: the
#: script (that game, decisions up to ``k`` kept) with ``decision`` at ``k``; None: it cannot.
GoOn = Callable[[GameScript, int, Decision], "GameScript | None"]


def replay(driver: Driver, script: GameScript, game_id: str = "fuzz",
           queries: frozenset[str] = frozenset({"legal_actions", "result"}),
           attribute: bool = True, resume: Resume = START, carry: Carry | None = None,
           keep_going: bool = False, go_on: GoOn | None = None,
           meanwhile: Callable[[], object] | None = None) -> ReplayOutcome:
    """Send the game, read the replies, and compare them from ``resume`` on, to the first
    divergence (with ``keep_going``: to the first one the same script cannot go past, see
    :func:`passes`); each divergence with its deciding clause when ``attribute``.

    With ``go_on``, the requests are sent up to one shaped decision at a time (a bare eat,
    an automatic lay-down's discard), and a choice of the implementation's adopted there
    goes on in the same game, by the script ``go_on`` gives (:attr:`ReplayOutcome.script`);
    without it (or when the profile has no such decisions) the whole game is sent at once,
    and an adoption ends the replay (:attr:`ReplayOutcome.adopted`).

    ``meanwhile`` runs once, after the first reply came: the implementation answers the
    requests already sent while it runs (the fuzzer plays its next game then)."""
    reader = _Reader(script, carry or Carry(), resume, attribute, keep_going,
                     "result" in queries)
    sent: list[tuple[str, int, Pending]] = [
        (NEW_GAME, -1, driver.send(script.setup.new_game(game_id)))]
    i = 0
    while True:
        decisions = reader.script.decisions
        n = len(decisions)
        at_choice = False
        while i < n:
            d = decisions[i]
            if d.legal is not None and "legal_actions" in queries and (i, 0) >= resume:
                sent.append((LEGAL, i, driver.send({"type": "legal_actions", "game": game_id})))
            sent.append((RULING, i, driver.send({"type": "apply", "game": game_id,
                                                 "seat": d.seat, "action": d.action})))
            i += 1
            if go_on is not None and d.moves is not None:
                at_choice = True
                break
        if not at_choice and reader.script.result is not None and "result" in queries:
            sent.append((RESULT, n, driver.send({"type": "result", "game": game_id})))
        for kind, step, pending in sent:
            reader.read(kind, step, pending.result())  # always read: the replies are owed
            if meanwhile is not None:
                meanwhile()
                meanwhile = None
        sent = []
        adopted, reader.outcome.adopted = reader.outcome.adopted, None
        if adopted is not None and go_on is not None:
            again = go_on(reader.script, adopted.step, adopted.decision)
            if again is not None:
                reader.script = reader.outcome.script = again
                reader.stopped, reader.outcome.complete = False, True
                i = adopted.step + 1
                continue
        reader.outcome.adopted = adopted
        if reader.stopped or not at_choice:
            return reader.finish()


class _Reader:
    """The comparison of one replay's replies, in order."""

    def __init__(self, script: GameScript, carry: Carry, resume: Resume, attribute: bool,
                 keep_going: bool, results: bool):
        self.script, self.carry, self.resume = script, carry, resume
        self.attribute, self.keep_going, self.results = attribute, keep_going, results
        self.outcome = ReplayOutcome(script=script)
        self.stopped = False
        #: Other payments at the end of the game: the result says why.
        self.settlement: Divergence | None = None

    def _found(self, div: Divergence) -> None:
        if self.attribute:
            from conformance.fuzz.deciding import decide  # loaded at the first divergence

            div = decide(div, self.script)[0]
        self.outcome.divergences.append(div)

    def read(self, kind: str, step: int, reply: dict[str, Any]) -> None:
        script, outcome = self.script, self.outcome
        if kind == RESULT and self.settlement is not None:
            impl = reply.get("result") if reply.get("ok") else None
            self._found(replace(self.settlement, results=(script.result, impl)))
            self.settlement = None
            return
        if self.stopped or self.settlement is not None:
            return
        if (step, _ORDER[kind]) < self.resume and not (kind == NEW_GAME and not reply.get("ok")):
            return
        n = len(script.decisions)
        try:
            div = _compare(kind, step, reply, script, self.carry)
        except Unreadable as e:
            at = script.decisions[step] if 0 <= step < n else None
            div = Divergence(ERROR, step, f"unreadable reply to {kind}: {e}", None, reply,
                             ("protocol",), at.seat if at else None,
                             at.action if at else None, f"protocol/{kind}",
                             ("", "unreadable"))
        if isinstance(div, Adopted):
            outcome.decisions += 1
            outcome.adopted = div
            if div.divergence is not None:
                self._found(div.divergence)
            self.stopped, outcome.complete = True, False  # the rest was for another choice
        elif div == UNSUPPORTED_PROBE:
            outcome.unsupported.append(step)
        elif isinstance(div, Divergence) and div.kind == EVENTS and div.same_state and \
                _ends_game(script, step) and self.results and script.result is not None:
            self.settlement = div
        elif isinstance(div, Divergence):
            self._found(div)
            if not (self.keep_going and passes(div, script)):
                self.stopped = True
                outcome.complete = False
        elif kind == RULING:
            outcome.decisions += 1

    def finish(self) -> ReplayOutcome:
        if self.settlement is not None:  # no result came
            self._found(self.settlement)
        return self.outcome


def passes(div: Divergence, script: GameScript) -> bool:
    """Can the comparison of the same script go on past ``div``? Yes when both sides are
    still in the same state and the script plays nothing one side refused: a legal-set
    difference that leaves the script's action on both lists, a probe both refuse (or one
    answered with an error), a ``legal_actions`` error, other payments."""
    if not div.same_state or div.kind == RESULT or div.results is not None:
        return False
    if div.kind == EVENTS or div.request == LEGAL:
        return True
    d = script.decisions[div.step] if 0 <= div.step < len(script.decisions) else None
    if d is None:
        return False
    if div.kind == LEGAL:
        missing = (div.expected or {}).get("missing") or []
        return not any(_same_action(m, d.action) for m in missing)
    if d.accepted:
        return False  # the implementation refused a legal action: the script must change
    return (div.actual or {}).get("ruling") != "accepted" if div.kind == RULING else True


def _same_action(a: Any, b: Any) -> bool:
    try:
        return bool(read_action(a) == read_action(b))
    except (Unreadable, ValueError, TypeError, KeyError):
        return False


def _ends_game(script: GameScript, step: int) -> bool:
    d = script.decisions[step] if 0 <= step < len(script.decisions) else None
    return d is not None and any(e.get("type") == "game_over"
                                 for e in d.ruling.get("events") or ())


#: What :func:`_compare` says of a probe answered ``unsupported``: recorded, not compared.
UNSUPPORTED_PROBE = "unsupported probe"


@dataclass(frozen=True)
class Adopted:
    """The implementation's own choice at shaped decision ``step`` (a bare eat's partners,
    an automatic lay-down and sends), which the rules allow: ``decision`` is that decision
    as the reference plays the same choice; ``divergence``: other payments it made, if any."""

    step: int
    decision: Decision
    divergence: Divergence | None = None


def _compare(kind: str, step: int, reply: dict[str, Any], script: GameScript, carry: Carry
             ) -> Divergence | Adopted | str | None:
    if kind == NEW_GAME:
        return _compare_start(reply, script)
    if kind == RESULT:
        return _compare_result(step, reply, script, carry)
    d = script.decisions[step]
    if not reply.get("ok"):
        code, message = _error_of(reply)
        if d.probe and code == "unsupported":
            return UNSUPPORTED_PROBE
        return Divergence(ERROR, step, f"{kind} refused: {code}: {message}",
                          _ruling_view(d.ruling) if kind == RULING else None, reply,
                          ("protocol",) if kind == LEGAL else (), d.seat, d.action,
                          "protocol/legal_actions" if kind == LEGAL else "",
                          ("", f"error:{code}"), True, kind)
    if kind == LEGAL:
        ref, listed = list(d.legal or ()), reply.get("actions")
        if script.profile is DEFAULT:  # the 1.0 shape (offer.shape is DEFAULT itself)
            missing, extra = legal_difference(ref, listed)
        else:
            missing, extra = legal_difference_in(script.profile, ref, listed)
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
                              action=d.action, same_state=reply.get("seat") == d.seat)
        return None
    ref_ruling = d.ruling
    if reply.get("ruling") != ref_ruling.get("ruling"):
        if ref_ruling["ruling"] == "accepted":
            msg = (f"the implementation rejects {d.action['type']} ({reply.get('reason')});"
                   " the rules accept it")
        else:
            msg = (f"the implementation accepts {d.action['type']}; the rules reject it"
                   f" ({ref_ruling.get('reason')})")
        return Divergence(RULING, step, msg, _ruling_view(ref_ruling), _ruling_view(reply),
                          (), d.seat, d.action, same_state=True)
    if ref_ruling["ruling"] == "rejected":
        if reply.get("reason") != ref_ruling.get("reason"):
            return Divergence(RULING, step,
                              f"rejected for {reply.get('reason')}; the rules say"
                              f" {ref_ruling.get('reason')}", _ruling_view(ref_ruling),
                              _ruling_view(reply), (), d.seat, d.action, same_state=True)
        return None
    events = reply.get("events") or []
    if script.profile.money == "none":
        events = money_free(events) if isinstance(events, list) else events
    ref_ev, impl_ev = event_difference(list(ref_ruling.get("events") or ()), events)
    if (ref_ev or impl_ev) and d.moves is not None and isinstance(events, list):
        adopted = _adopt(step, d, events, script, carry)
        if adopted is not None:
            return adopted
    if ref_ev or impl_ev:
        return _events_divergence(step, d, ref_ev, impl_ev, carry)
    return None


def _events_divergence(step: int, d: Decision, ref_ev: list[dict[str, Any]],
                       impl_ev: list[dict[str, Any]], carry: Carry) -> Divergence:
    money_only = all(e.get("type") == "payment" for e in [*ref_ev, *impl_ev])
    if money_only:  # what is owed now was found: the result is compared without it
        carry.money_differs = True
        carry.reference.update(_payment_keys(ref_ev))
        carry.implementation.update(_payment_keys(impl_ev))
    return Divergence(EVENTS, step, "the action has other consequences", ref_ev, impl_ev,
                      (), d.seat, d.action, same_state=money_only)


def _adopt(step: int, d: Decision, events: list[Any], script: GameScript, carry: Carry
           ) -> Divergence | Adopted | None:
    """The implementation's choice at the shaped decision ``d`` when it is not the
    reference's: a divergence under the clause of the rules' refusal, or adopted (None: the
    same choice, whose consequences differ)."""
    if not all(isinstance(e, dict) for e in events):
        return None
    from conformance.fuzz.point import Point
    from conformance.suite.mirror import check_move  # only shaped decisions need them

    point = Point(script, step)
    try:
        choice = check_move(point.game, script.profile, d.seat, d.action, events)
    except (KeyError, TypeError, ValueError, AttributeError) as e:  # events not as 8.1, 8.2
        raise Unreadable(f"the events of the implementation's own choice: {e!r}") from None
    refusal = choice.refusal
    if refusal is not None:
        what = refusal.move.get("type") if refusal.move else d.action.get("type")
        return Divergence(
            CHOICE, step, f"{d.action['type']}: the implementation's choice is not one the"
            f" rules allow: {refusal.actual}", {"ruling": "rejected", "reason": refusal.reason,
                                                "clause": refusal.clause,
                                                "move": refusal.move}, events,
            (refusal.clause,), d.seat, d.action, f"{point.phase}/{what}",
            (refusal.reason or "refused", "accepted"))
    if _same_moves(choice.moves, d.moves or ()):
        return None
    played = list(choice.events)
    if script.profile.money == "none":
        played = money_free(played)
    decision = Decision(d.seat, d.action, {"ruling": "accepted", "events": played}, d.legal,
                        moves=tuple(choice.moves))
    ref_ev, impl_ev = event_difference(played, events)
    if not (ref_ev or impl_ev):
        return Adopted(step, decision)
    found = _events_divergence(step, decision, ref_ev, impl_ev, carry)
    return Adopted(step, decision, found) if found.same_state else found


def _same_moves(a: Any, b: Any) -> bool:
    try:
        return [read_action(x) for x in a] == [read_action(x) for x in b]
    except (Unreadable, ValueError, TypeError, KeyError):
        return False


def _payment_keys(events: list[dict[str, Any]]) -> list[tuple[int, int, int, str]]:
    try:
        return [payment_key(e) for e in events]
    except (KeyError, TypeError, ValueError) as e:
        raise Unreadable(f"a payment event: {e!r}") from None


def _compare_start(reply: dict[str, Any], script: GameScript) -> Divergence | None:
    if not reply.get("ok"):
        code, message = _error_of(reply)
        return Divergence(ERROR, -1, f"new_game refused: {code}: {message}",
                          "a started game", reply, reasons=("accepted", f"error:{code}"))
    ref_ev, impl_ev = event_difference(list(script.start_events), reply.get("events") or [])
    if ref_ev or impl_ev:
        return Divergence(EVENTS, -1, "the game starts differently", ref_ev, impl_ev)
    return None


def _compare_result(step: int, reply: dict[str, Any], script: GameScript, carry: Carry
                    ) -> Divergence | None:
    if not reply.get("ok"):
        code, message = _error_of(reply)
        return Divergence(ERROR, step, f"result refused: {code}: {message}", None, reply,
                          ("protocol",), where="protocol/result", reasons=("", f"error:{code}"))
    ref = script.result or {}
    impl = reply.get("result")
    if script.profile.money == "none":
        ref, impl = result_without_money(ref), result_without_money(impl)
    if carry.money_differs and isinstance(impl, dict):
        ref, impl = _without(ref, carry.reference), _without(impl, carry.implementation)
    diffs = result_differences(ref, impl)
    if diffs:  # the whole results: the rule that decides may need more than what differs
        fields = ", ".join(d[0] for d in diffs)
        return Divergence(RESULT, step, f"the result differs in {fields}", ref, impl)
    return None


def _without(result: dict[str, Any], found: Counter[tuple[int, int, int, str]]
             ) -> dict[str, Any]:
    """The result without the payments already found different, and without totals."""
    left = Counter(found)
    kept = []
    for p in result.get("payments") or []:
        try:
            key = payment_key(p)
        except (KeyError, TypeError, ValueError):
            kept.append(p)
            continue
        if left[key] > 0:
            left[key] -= 1
        else:
            kept.append(p)
    return {**result, "payments": kept, "totals": None}


def _ruling_view(r: dict[str, Any]) -> dict[str, Any]:
    return {k: r.get(k) for k in ("ruling", "reason", "clause") if r.get(k) is not None}
