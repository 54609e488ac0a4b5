"""The clause of the rule that decides a divergence, found from the reference engine.

- An action the implementation lists or accepts that the reference refuses: the reference's
  refusal clause; when the refusal is "not a phỏm", the phỏm rule the group breaks
  (PHOM.RUN.NO-WRAP for Q-K-A, PHOM.MIN-SIZE for a pair).
- A legal action the implementation refuses or omits: the clause that makes it legal here,
  read from the game at that point (:func:`legal_clause`): the eaten-card rule for a discard
  the eaten-card lock refuses, LAY.HOLD-BACK for a final discard with a phỏm kept in hand,
  the chốt eat for a chốt, the phỏm shape (an Ace-low run, a long run) where the
  implementation lists other eats or lay-downs of the same kind; the implementation's reason
  code is kept in the signature.
- Other consequences of an accepted action, the game's start and the result:
  :mod:`conformance.fuzz.deciding_outcomes`.

A legal-set difference may hold several causes: :func:`decide` splits it into one divergence
per (place, clause, reasons), so that two mistakes shown at one decision are two clusters.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from itertools import pairwise
from typing import Any

from conformance.fuzz import deciding_outcomes
from conformance.fuzz.divergence import CHOICE, ERROR, EVENTS, LEGAL, RESULT, RULING, Divergence
from conformance.fuzz.divergence import with_clauses as _with
from conformance.fuzz.fixture import verb
from conformance.fuzz.point import Point, mask
from conformance.fuzz.script import GameScript
from conformance.fuzz.shape import Table, read_action
from conformance.protocol.compare import Unreadable
from reference_impl import melds
from reference_impl.actions import Action, Eat, LayDown, Send
from reference_impl.cards import parse_card
from reference_impl.rulings import Rejected

#: Refusals meaning "the cards named are not a phỏm", refined by :func:`shape_defect`.
NOT_A_PHOM = {"EAT_NOT_A_PHOM", "LAY_DOWN_INVALID_PHOM", "SEND_DOES_NOT_FIT"}


# -- phỏm shapes -------------------------------------------------------------------------------


def _consecutive(ranks: list[int]) -> bool:
    return all(b == a + 1 for a, b in pairwise(ranks))


def _cyclic(ranks: set[int]) -> bool:
    return any(all((r + i) % 13 in ranks for i in range(len(ranks))) for r in ranks)


def shape_defect(cards: list[int]) -> str | None:
    """The phỏm rule a group of cards breaks, when one rule names it: a run through the
    King and the Ace (PHOM.RUN.NO-WRAP), a matching pair or two neighbours (PHOM.MIN-SIZE)."""
    ranks = sorted({c % 13 for c in cards})
    suits = {c // 13 for c in cards}
    if len(cards) == 2:
        if len(ranks) == 1 or (len(suits) == 1 and _consecutive(ranks)):
            return "PHOM.MIN-SIZE"
        return None
    if len(suits) == 1 and len(ranks) == len(cards) and not _consecutive(ranks) \
            and _cyclic(set(ranks)):
        return "PHOM.RUN.NO-WRAP"
    return None


def shape_special(cards: Iterable[int]) -> str | None:
    """The phỏm rule that makes a group a phỏm, where it is one of the rules implementations
    get wrong: a long run (PHOM.RUN.ANY-LENGTH), an Ace-low run (PHOM.RUN.ACE-LOW), a set of
    four (PHOM.SET)."""
    group = sorted(cards)
    ranks = sorted({c % 13 for c in group})
    suits = {c // 13 for c in group}
    if len(suits) == 1 and len(ranks) == len(group) >= 3 and _consecutive(ranks):
        if len(group) >= 5:
            return "PHOM.RUN.ANY-LENGTH"
        if ranks[0] == 0:
            return "PHOM.RUN.ACE-LOW"
        if len(group) == 4:
            return "PHOM.RUN.ANY-LENGTH"
    if len(ranks) == 1 and len(group) == 4:
        return "PHOM.SET"
    return None


def _groups(action: Action, point: Point) -> list[list[int]]:
    """The phỏm an action makes: an eat's card and partners, a lay-down's phỏm, a sent card
    with the phỏm it joins."""
    if isinstance(action, Eat):
        return [[int(action.card), *(int(c) for c in action.with_)]]
    if isinstance(action, LayDown):
        return [[int(c) for c in p] for p in action.phoms]
    if isinstance(action, Send):
        laid = point.state["laid"][action.seat] if action.seat < len(point.state["laid"]) else []
        if action.phom < len(laid):
            target = [parse_card(c) for c in laid[action.phom]]
            for s in point.state.get("sent") or []:
                for x in s:
                    if x["to"] == {"seat": action.seat, "phom": action.phom}:
                        target.append(parse_card(x["card"]))
            return [[*target, int(action.card)]]
    return []


# -- the clause of a refusal --------------------------------------------------------------------


def refusal_clause(ruling: dict[str, Any], action: Action | None, point: Point) -> str:
    """The reference's refusal clause, the phỏm rule for a group that is not a phỏm."""
    clause = str(ruling.get("clause") or "TURN.ORDER")
    if ruling.get("reason") in NOT_A_PHOM and action is not None:
        for group in _groups(action, point):
            if isinstance(action, Eat) and len(group) < 3:
                break  # two cards: the eat rule itself asks for two partners or more
            defect = shape_defect(group)
            if defect is not None:
                return defect
    return clause


# -- the clause that makes an action legal -------------------------------------------------------


def legal_clause(point: Point, seat: int, action: Action,
                 listed: frozenset[Action] | None = None) -> str:
    """The clause that makes ``action`` legal for ``seat`` here. ``listed``: the actions the
    implementation lists at this decision (None: not known)."""
    kind = action.type
    if kind == "draw":
        return "TURN.DRAW-OR-EAT"
    if kind == "pass":
        return "ROUND.THEM-VONG"
    if kind == "timeout":
        return "TIME.AUTO-PLAY"
    if kind == "leave":
        return "LEAVE.SEAT-SKIPPED"
    if kind == "discard":
        return _discard_clause(point, seat, int(action.card))  # type: ignore[union-attr]
    if _splits_declared(point, seat, action):
        return "TURN.EAT.DECLARE-CARDS"
    siblings = listed is not None and any(a.type == kind and _same_subject(a, action)
                                          for a in listed)
    shape = next((s for g in _groups(action, point) if (s := shape_special(g))), None)
    if siblings and shape:
        return shape
    situational = _situational(point, seat, action)
    if situational is not None:
        return situational
    if shape:
        return shape
    return {"eat": "TURN.EAT.MAKES-PHOM", "lay_down": "LAY.VALID-PHOM",
            "send": "SEND.FIT"}.get(kind, "TURN.ORDER")


def _splits_declared(point: Point, seat: int, action: Action) -> bool:
    """Does ``action`` part an eaten card from the cards named when it was eaten (legal
    where the declaration does not bind: TURN.EAT.DECLARE-CARDS)?"""
    if point.params["eat.binding_declaration"]:
        return False
    named = point.declared(seat)
    if isinstance(action, Eat):
        return bool(set(map(int, action.with_)) & set().union(*named.values(), set()))
    if isinstance(action, LayDown):
        for phom in action.phoms:
            cards = set(map(int, phom))
            if any((e in cards) != (partners <= cards) or (e not in cards and partners & cards)
                   for e, partners in named.items()):
                return True
    return False


def _same_subject(a: Action, b: Action) -> bool:
    """Two eats of one card, two lay-downs, two sends of one card."""
    if isinstance(a, Eat) and isinstance(b, Eat):
        return a.card == b.card
    if isinstance(a, Send) and isinstance(b, Send):
        return a.card == b.card
    return True


def _situational(point: Point, seat: int, action: Action) -> str | None:
    """A rule of the moment that allows the action: thêm vòng, a tái turn, a chốt."""
    if isinstance(action, Send):
        to = {"seat": action.seat, "phom": action.phom}
        if any(x["to"] == to for s in point.state.get("sent") or [] for x in s):
            return "SEND.EXTENDED-PHOM"
    if point.phase == "them_vong":
        return "ROUND.THEM-VONG" if action.type == "eat" else "ROUND.THEM-VONG.SEQUENCE"
    if point.state.get("tai"):
        return "ROUND.TAI-ACTIONS"
    if isinstance(action, Eat) and point.is_chot(int(action.card)):
        return "ROUND.CHOT-EAT"
    return None


def _discard_clause(point: Point, seat: int, card: int) -> str:
    if not any(d.accepted for d in point.script.decisions[: point.step]):
        return "TURN.OPENING-DISCARD"
    eaten = point.eaten_in_hand(seat)
    hand = point.hand(seat)
    if eaten and card not in eaten:
        named = set().union(set(), *point.declared(seat).values())
        if card in named and not point.params["eat.binding_declaration"]:
            return "TURN.EAT.DECLARE-CARDS"
        if any(p >> card & 1 and p & mask(eaten) for p in melds.phoms_in(mask(hand))):
            return "TURN.EAT.KEEP-IN-PHOM"
    if point.phase == "final_turn":
        if melds.phoms_in(mask(hand - {card} - eaten)):
            return "LAY.HOLD-BACK"
        if any(a.type == "send" for a in point.game.legal_actions()):
            return "SEND.OPTIONAL"
    return "TURN.DISCARD-ENDS-TURN"


# -- the entry point ---------------------------------------------------------------------------


def _where(point: Point, kind: str) -> str:
    return f"{point.phase}/{kind}"


def _read(raw: Any) -> Action | None:
    try:
        return read_action(raw)
    except (Unreadable, ValueError, TypeError, KeyError):
        return None


def decide(div: Divergence, script: GameScript) -> list[Divergence]:
    """``div`` with the clause that decides it, its place and reason codes; a legal-set
    difference as one divergence per cause. An answer too malformed to weigh (a payment
    without its payer...) is filed as a protocol problem."""
    try:
        return _decide(div, script)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        return [_with(div, ("protocol",), f"protocol/{div.kind}",
                      ("", f"unreadable: {type(e).__name__}: {e}"[:80]))]


def _decide(div: Divergence, script: GameScript) -> list[Divergence]:
    if div.where.startswith("protocol/"):
        return [div]  # the reply could not be read: no rule decides it
    if div.kind == LEGAL:
        return _decide_legal(div, script)
    if div.kind == CHOICE:
        return [_decide_choice(div, script)]
    if div.kind in (RULING, ERROR) and 0 <= div.step < len(script.decisions):
        return [_decide_ruling(div, script)]
    if div.kind == ERROR and div.step < 0:
        return [_with(div, ("DEAL.HAND-SIZES", "DECK.PLAYERS"), "deal/new_game", div.reasons)]
    if div.kind == EVENTS and div.step < 0:
        return [deciding_outcomes.decide_start(div, script)]
    if div.kind == EVENTS and div.results is not None:
        return [deciding_outcomes.decide_settlement(div, script)]
    if div.kind == EVENTS:
        point = Point(script, div.step)
        return [deciding_outcomes.decide_events(div, script, point)]
    if div.kind == RESULT:
        return [deciding_outcomes.decide_result(div, script)]
    return [div]


def _decide_ruling(div: Divergence, script: GameScript) -> Divergence:
    d = script.decisions[div.step]
    point = Point(script, div.step)
    action = _read(d.action)
    where = _where(point, str(d.action.get("type")))
    reply = div.actual if isinstance(div.actual, dict) else {}
    theirs = str(reply.get("reason") or reply.get("ruling") or "") if div.kind == RULING \
        else div.reasons[1]
    if d.accepted and action is not None:
        clause = legal_clause(point, d.seat, action)
        return _with(div, (clause, str(reply.get("clause") or "")), where, ("accepted", theirs))
    clause = refusal_clause(d.ruling, action, point)
    return _with(div, (clause, str(d.ruling.get("clause"))), where,
                 (str(d.ruling.get("reason")), theirs))


def _decide_choice(div: Divergence, script: GameScript) -> Divergence:
    """A choice of the implementation's (spec/protocol.md 8.1, 8.2) that the rules refuse:
    under the refusal's clause, the phỏm rule for a group that is not a phỏm."""
    refused = div.expected if isinstance(div.expected, dict) else {}
    move = refused.get("move")
    action = _read(move) if move is not None else None
    clause = refusal_clause(refused, action, Point(script, div.step))
    return _with(div, (clause, str(refused.get("clause") or "")), div.where, div.reasons)


def _decide_legal(div: Divergence, script: GameScript) -> list[Divergence]:
    d = script.decisions[div.step]
    point = Point(script, div.step)
    actual = div.actual if isinstance(div.actual, dict) else {}
    if actual.get("seat") != d.seat:
        return [_with(div, ("TURN.ORDER",), f"{point.phase}/turn", ("to act", "other seat"))]
    missing = list((div.expected or {}).get("missing") or [])
    extra = list(actual.get("extra") or [])
    listed = _listed(d.legal or (), missing, extra)
    groups: dict[tuple[str, str, tuple[str, str]], tuple[list[Any], list[Any]]] = {}
    for raw in extra:
        action = _read(raw)
        ruling = Table(point.game.copy(), script.profile).apply(d.seat, action)[0] \
            if action is not None else None
        if isinstance(ruling, Rejected):
            key = (str(raw.get("type")), refusal_clause(ruling.to_json(), action, point),
                   (str(ruling.reason), "listed"))
        else:  # a legal action the reference does not list (a lay-down of several phỏm)
            clause = legal_clause(point, d.seat, action) if action is not None else "TURN.ORDER"
            key = (str(raw.get("type")), clause, ("accepted", "listed"))
        groups.setdefault(key, ([], []))[1].append(raw)
    for raw in missing:
        action = _read(raw)
        clause = legal_clause(point, d.seat, action, listed) if action is not None \
            else "TURN.ORDER"
        groups.setdefault((str(raw.get("type")), clause, ("accepted", "not listed")),
                          ([], []))[0].append(raw)
    out = []
    for (kind, clause, reasons), (miss, more) in groups.items():
        what = [f"{len(miss)} legal {kind}(s) missing ({_some(miss)})"] if miss else []
        what += [f"{len(more)} illegal {kind}(s) listed ({_some(more)})"] if more else []
        out.append(_with(replace(div, message="; ".join(what), expected={"missing": miss},
                                 actual={"extra": more, "seat": actual.get("seat")}),
                         (clause,), _where(point, kind), reasons))
    return out or [div]


def _some(actions: list[Any]) -> str:
    """A few actions in the step language."""
    shown = []
    for a in actions[:3]:
        try:
            shown.append(verb(a, third=False))
        except (KeyError, TypeError, ValueError):
            shown.append(repr(a))
    return ", ".join(shown) + (", ..." if len(actions) > 3 else "")


def _listed(legal: Iterable[Any], missing: list[Any], extra: list[Any]) -> frozenset[Action]:
    """The actions the implementation listed: the reference's, less the missing, plus the
    extra ones."""
    gone = {a for a in map(_read, missing) if a is not None}
    ref = {a for a in map(_read, legal) if a is not None}
    more = {a for a in map(_read, extra) if a is not None}
    return frozenset((ref - gone) | more)


__all__ = ["Point", "decide", "legal_clause", "refusal_clause", "shape_defect",
           "shape_special"]
