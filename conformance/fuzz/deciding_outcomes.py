"""The rule that decides a difference in what happened: the game's start, the consequences of
an accepted action, the result (:mod:`conformance.fuzz.deciding` for the actions).

The flow of the game is judged before the money that follows from it: an ù or an ù khan
(under its kind, an ù đền under its case), thêm vòng, tái and whose turn, chuyển bài, the
cây chốt, then the payments (each under its own clause, with the payee rule, the table
payment of an ù đền and the eat that makes an ù named where they are the point). A ranking
difference is filed under the ranking rule that orders the first two seats the two sides
order differently; points under the points rule (SEND.NOT-SCORED when the difference is the
seat's sent cards).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from types import ModuleType
from typing import Any

from conformance.fuzz.divergence import Divergence, with_clauses
from conformance.fuzz.point import Point
from conformance.fuzz.script import GameScript
from conformance.fuzz.u_cause import u_difference
from conformance.protocol.compare import pair_payments, result_differences
from phomspec.rulesets import option_specs
from phomspec.yamlio import json_key
from reference_impl.cards import parse_card

#: The clause of a payment reason, for a payment the implementation makes without one.
PAYMENT_CLAUSES = {
    "eat": "EAT.NTH-CARD", "eat_chot": "EAT.CHOT-PRICE", "ca_k": "EXTRA.CA-K",
    "rank": "MONEY.RANK-PAYMENTS", "mom": "MONEY.MOM-PAYMENT", "u": "U.PAYMENT",
    "u_den": "DEN.AMOUNT", "u_thong": "EXTRA.U-THONG", "u_k": "EXTRA.U-K",
    "dong_hoa": "EXTRA.DONG-HOA", "leave": "LEAVE.PENALTY",
}
#: The rule that names the payee of a payment, by reason.
PAYEE_CLAUSES = {"rank": "MONEY.PAID-TO-NHAT", "mom": "MONEY.PAID-TO-NHAT",
                 "leave": "LEAVE.PAID-TO"}


def _types(events: list[dict[str, Any]]) -> Counter[str]:
    return Counter(str(e.get("type")) for e in events if isinstance(e, dict))


def _one(events: list[dict[str, Any]], kind: str) -> dict[str, Any] | None:
    return next((e for e in events if isinstance(e, dict) and e.get("type") == kind), None)


def _describe(events: list[dict[str, Any]]) -> str:
    """A side's differing events for a signature: their types, payments with their reason."""
    parts = sorted({f"payment:{e.get('reason')}" if e.get("type") == "payment"
                    else str(e.get("type")) for e in events if isinstance(e, dict)})
    return "+".join(parts) or "-"


def _citations() -> ModuleType:
    """The arbiter's clause tables, imported only once a divergence is decided (they bring
    the whole suite's step grammar; a run without divergences never needs them)."""
    from conformance.arbiter import citations

    return citations


# -- ù and ù đền -------------------------------------------------------------------------------


def _kind_clause(kind: Any) -> str:
    return _citations().U_KIND_CLAUSES.get(str(kind), "U.THUONG")


def u_clause(ref: dict[str, Any] | None, impl: dict[str, Any] | None,
             script: GameScript, after: Point | None = None) -> str | None:
    """The clause of a difference between two ù (events or result entries; None: no ù);
    ``after``: the reference's game right after the action, whose hand explains an ordinary
    ù one side only sees (:mod:`conformance.fuzz.u_cause`)."""
    if ref is None and impl is None:
        return None
    if ref is None or impl is None:
        have = ref if ref is not None else impl or {}
        kind, seat = have.get("kind"), have.get("seat")
        if kind == "thuong" and after is not None and isinstance(seat, int) \
                and 0 <= seat < len(after.state.get("hands") or []):
            return u_difference(after.hand(seat), after.eaten_in_hand(seat),
                                bool(after.params["eat.distinct_phom"]), ref is not None)
        return _kind_clause(kind)
    if ref.get("kind") != impl.get("kind"):
        special = [k for k in (impl.get("kind"), ref.get("kind")) if k != "thuong"]
        return _kind_clause(special[0] if special else ref.get("kind"))
    rd, idn = ref.get("den"), impl.get("den")
    if (rd is None) != (idn is None):
        if _room_switches_den(script):
            return "DEN.ROOM-OPTION"  # the room option decides whether this ù is đền
        case = (rd or idn or {}).get("case")
        return _citations().DEN_CASE_CLAUSES.get(str(case), "DEN.PAYS-FOR-TABLE")
    if rd is not None and idn is not None:
        if rd.get("case") != idn.get("case"):
            return _citations().DEN_CASE_CLAUSES.get(str(rd.get("case")), "DEN.PAYS-FOR-TABLE")
        if rd.get("case") == "chot_liability" and idn.get("seat") in _chot_eaters(script):
            return "DEN.CHOT-LIABILITY-TRANSFER"  # an earlier chốt eater kept the liability
        if rd.get("seat") != idn.get("seat"):
            return "DEN.PAYS-FOR-TABLE"
    if ref.get("seat") != impl.get("seat"):
        return "U.WINNER"
    return None


def _room_switches_den(script: GameScript) -> bool:
    """Does a room option of this game switch an ù đền case off (ki-gui, ki_gui false)?"""
    specs = option_specs(script.setup.ruleset)
    for name, value in script.setup.options.items():
        values = (specs.get(name) or {}).get("values") or {}
        chosen = values.get(json_key(value)) or {}
        if any(k.startswith("u_den.") and v is False for k, v in chosen.items()):
            return True
    return False


def _chot_eaters(script: GameScript) -> list[int]:
    """The seats that ate a cây chốt, earlier ones first (the latest one left out)."""
    seats = [e.get("seat") for d in script.decisions if d.accepted
             for e in d.ruling.get("events") or () if e.get("type") == "ate" and e.get("chot")]
    return [s for s in seats[:-1] if isinstance(s, int)]


def _u_desc(u: dict[str, Any] | None) -> str:
    if u is None:
        return "no u"
    den = u.get("den")
    return f"u:{u.get('kind')}" + (f" den:{den.get('case')}" if den else "")


# -- payments ----------------------------------------------------------------------------------


def payments_clause(ref: list[dict[str, Any]], impl: list[dict[str, Any]],
                    den: dict[str, Any] | None = None, u_seat: int | None = None,
                    u_by_eat: bool = False, u_kind: str | None = None) -> str | None:
    """The clause of a difference between two lists of payments (``den``, ``u_seat``,
    ``u_kind``: the ù of the game, ``u_by_eat``: made by the eat that is paid)."""
    diffs = pair_payments(ref, impl)
    if not diffs:
        return None
    if den is not None and any(x.kind == "not_owed" and x.reason == "u" and x.payee == u_seat
                               and x.payer != den.get("seat") for x in diffs):
        return "DEN.PAYS-FOR-TABLE"  # the liable player pays for the table, the others not
    missing = [x for x in diffs if x.kind == "missing"]
    extra = [x for x in diffs if x.kind == "not_owed"]
    for m in missing:
        if any(x.payer == m.payer and x.reason == m.reason and x.recorded_amount ==
               m.rules_amount and x.payee != m.payee for x in extra) and m.reason in PAYEE_CLAUSES:
            return PAYEE_CLAUSES[str(m.reason)]
    if u_by_eat and any(x.reason in ("eat", "eat_chot", "ca_k") and x.kind == "missing"
                        for x in diffs):
        return "EAT.U-MAKING-EAT"
    first = diffs[0]
    if first.kind == "wrong_amount" and first.reason == "u_den":
        return "DEN.AMOUNT"  # the case named the liable player; the amount is another rule
    if first.kind == "wrong_amount" and first.reason == "u" and u_kind not in (None, "thuong"):
        return _kind_clause(u_kind)  # the kind of the ù sets its price
    return first.clause or PAYMENT_CLAUSES.get(str(first.reason), "MONEY.ZERO-SUM")


def _payment_desc(side: list[dict[str, Any]]) -> str:
    return "+".join(sorted({f"payment:{p.get('reason')}" for p in side})) or "-"


# -- events -------------------------------------------------------------------------------------


def decide_start(div: Divergence, script: GameScript) -> Divergence:
    """The game starts differently: an ù khan (which seat, which hand), an ù on the dealt
    cards, the first turn."""
    ref = list(div.expected or [])
    impl = list(div.actual or []) if isinstance(div.actual, list) else []
    rk, ik = _one(ref, "u_khan"), _one(impl, "u_khan")
    reasons = (_describe(ref), _describe(impl))
    first = script.setup.first
    if rk is not None or ik is not None:
        if rk is not None and (rk.get("seat") == first or ik is not None):
            clause = "U.KHAN.FIRST-PLAYER"  # the first player's ten cards, or which seat wins
        elif ik is not None and _has_suited_ca(script, int(ik.get("seat", 0))):
            clause = "PHOM.CA"  # a hand with suited neighbours is not without cạ
        else:
            clause = "U.KHAN"
        return with_clauses(div, (clause, "U.KHAN"), "deal/new_game", reasons)
    if _one(ref, "u") is not None or _one(impl, "u") is not None:
        return with_clauses(div, ("U.NOT-BEFORE-FIRST-DISCARD", "U.THUONG"), "deal/new_game",
                            reasons)
    u = _one(list(script.start_events), "u") or {}
    paid = payments_clause([e for e in ref if e.get("type") == "payment"],
                           [e for e in impl if e.get("type") == "payment"],
                           u.get("den"), u.get("seat"), u_kind=u.get("kind"))
    if paid is not None:
        return with_clauses(div, (paid,), "deal/new_game", reasons)
    return with_clauses(div, ("TURN.OPENING-DISCARD",), "deal/new_game", reasons)


def _has_suited_ca(script: GameScript, seat: int) -> bool:
    hand = sorted(parse_card(c) for c in script.setup.hands[seat])
    return any(a // 13 == b // 13 and 0 < abs(a % 13 - b % 13) <= 2
               for i, a in enumerate(hand) for b in hand[i + 1:])


def decide_events(div: Divergence, script: GameScript, point: Point) -> Divergence:
    """An accepted action whose events differ."""
    d = script.decisions[div.step]
    ref = list(div.expected or [])
    impl = list(div.actual or []) if isinstance(div.actual, list) else []
    clause, shown = _events_clause(ref, impl, script, point, d.action)
    where = f"{point.phase}/{d.action.get('type')}"
    message = div.message
    if shown == "payment":
        rp = [e for e in ref if e.get("type") == "payment"]
        ip = [e for e in impl if e.get("type") == "payment"]
        reasons = (_payment_desc(rp), _payment_desc(ip))
        message = f"{d.action.get('type')}: {payments_message(rp, ip)}"
    elif shown == "u":
        reasons = (_u_desc(_one(ref, "u")), _u_desc(_one(impl, "u")))
    else:
        reasons = (_describe([e for e in ref if e.get("type") == shown]),
                   _describe([e for e in impl if e.get("type") == shown]))
        message = (f"{d.action.get('type')}: {shown} differs: the rules {_events_text(ref, shown)},"
                   f" the implementation {_events_text(impl, shown)}")
    return with_clauses(div, (clause,), where, reasons, message=message)


def _events_text(events: list[dict[str, Any]], kind: str) -> str:
    shown = [e for e in events if e.get("type") == kind]
    if not shown:
        return "none"
    return "; ".join(", ".join(f"{k} {v}" for k, v in e.items() if k not in ("type", "clause"))
                     or kind for e in shown)


def payments_message(ref: list[dict[str, Any]], impl: list[dict[str, Any]]) -> str:
    """What differs in two lists of payments, in words."""
    parts = []
    for x in pair_payments(ref, impl)[:3]:
        what = f"seat {x.payer} pays seat {x.payee} for {x.reason}"
        if x.kind == "wrong_amount":
            parts.append(f"{what}: {x.recorded_amount}, the rules say {x.rules_amount}")
        elif x.kind == "missing":
            parts.append(f"{what}: {x.rules_amount} by the rules, not paid")
        else:
            parts.append(f"{what}: {x.recorded_amount}, not owed by the rules")
    return "; ".join(parts) or "the payments differ"


#: Events whose difference one rule decides, after the flow of the game.
_SIMPLE = {"drew": "TURN.DRAW.STOCK-TOP", "laid_down": "LAY.VALID-PHOM", "sent": "SEND.FIT",
           "auto_play": "TIME.AUTO-PLAY", "left": "LEAVE.SEAT-SKIPPED"}


def _events_clause(ref: list[dict[str, Any]], impl: list[dict[str, Any]], script: GameScript,
                   point: Point, action: dict[str, Any]) -> tuple[str, str]:
    """(the deciding clause, the event type that shows it)."""
    rt, it = _types(ref), _types(impl)
    both = rt | it
    if "u" in both:
        after = Point(script, point.step + 1)
        clause = u_clause(_one(ref, "u"), _one(impl, "u"), script, after)
        if clause:
            return clause, "u"
    if any(e.get("tai") for e in [*ref, *impl] if e.get("type") == "turn"):
        return "ROUND.TAI", "turn"  # a tái turn on one side only, or the game's end instead
    if "them_vong" in both:
        return ("ROUND.THEM-VONG" if point.params["rounds.them_vong"]
                else "ROUND.THEM-VONG.ABSENT"), "them_vong"
    if "game_over" in both:
        return _citations().ENDING_CLAUSES.get(str((_one(ref, "game_over") or {}).get("ending")),
                                  "ROUND.GAME-END"), "game_over"
    if "turn" in both:
        return "TURN.ORDER", "turn"
    if "moved" in both:
        moved_before = any(e.get("type") == "moved" for d in script.decisions[: point.step]
                           if d.accepted for e in d.ruling.get("events") or ())
        return _moved_clause(_one(ref, "moved"), _one(impl, "moved"), moved_before), "moved"
    if "discarded" in both:
        if action.get("type") == "timeout":
            return "TIME.AUTO-PLAY", "discarded"
        return ("ROUND.TAI-DISCARD-IS-CHOT" if point.state.get("tai")
                else "ROUND.CHOT"), "discarded"
    if "ate" in both:
        return "ROUND.CHOT-EAT", "ate"
    for kind, clause in _SIMPLE.items():
        if kind in both:
            return clause, kind
    u = _one(list(point.script.decisions[point.step].ruling.get("events") or ()), "u") or {}
    paid = payments_clause([e for e in ref if e.get("type") == "payment"],
                           [e for e in impl if e.get("type") == "payment"], u.get("den"),
                           u.get("seat"), bool(u) and action.get("type") == "eat",
                           u.get("kind"))
    return paid or "TURN.ORDER", "payment"


def _moved_clause(ref: dict[str, Any] | None, impl: dict[str, Any] | None,
                  moved_before: bool) -> str:
    """Chuyển bài: no move where one is due, in a game where nothing moved yet, is the rule
    itself; a move from another pile, a move where the lead is the victim, or no move after
    earlier ones the two sides agreed on, is the lead pointer."""
    if ref is not None and impl is None and not moved_before:
        return "ROUND.CHUYEN-BAI"
    if ref is not None and impl is not None and ref.get("from") == impl.get("from"):
        return "ROUND.MOVED-CARD"
    return "ROUND.LEAD-POINTER"


# -- the result ---------------------------------------------------------------------------------


def decide_settlement(div: Divergence, script: GameScript) -> Divergence:
    """Other payments at the end of the game: decided by the results (a ranking, the ù) when
    they differ, else by the payments."""
    ref, impl = div.results or (None, None)
    if isinstance(ref, dict) and isinstance(impl, dict) and result_differences(ref, impl):
        return _decide_results(div, script, ref, impl)
    return decide_events(div, script, Point(script, div.step))


def decide_result(div: Divergence, script: GameScript) -> Divergence:
    """The result differs: the ù, the ending, the ranking, the payments, the totals (in that
    order: the first that differs decides, what follows from it is not counted again)."""
    ref = div.expected if isinstance(div.expected, dict) else {}
    impl = div.actual if isinstance(div.actual, dict) else {}
    return _decide_results(div, script, ref, impl)


def _decide_results(div: Divergence, script: GameScript, ref: dict[str, Any],
                    impl: dict[str, Any]) -> Divergence:
    fields = [f for f, _, _ in result_differences(ref, impl)]
    clause, where, reasons = "ROUND.GAME-END", "result/result", ("", "")
    if any(f.startswith("u") for f in fields):
        clause = u_clause(ref.get("u"), impl.get("u"), script) or "U.WINNER"
        where, reasons = "result/u", (_u_desc(ref.get("u")), _u_desc(impl.get("u")))
    elif "ending" in fields:
        clause = _citations().ENDING_CLAUSES.get(str(ref.get("ending")), "ROUND.GAME-END")
        where, reasons = "result/ending", (str(ref.get("ending")), str(impl.get("ending")))
    elif "ranking" in fields or "winner" in fields:
        clause, where = ranking_clause(ref, impl, script), "result/ranking"
    elif "payments" in fields:
        rp, ip = list(ref.get("payments") or []), list(impl.get("payments") or [])
        u = ref.get("u") or {}
        last = next((d for d in reversed(script.decisions) if d.accepted), None)
        by_eat = bool(u) and last is not None and last.action.get("type") == "eat"
        clause = payments_clause(rp, ip, u.get("den"), u.get("seat"), by_eat,
                                 u.get("kind")) or "MONEY.ZERO-SUM"
        where = "result/payments"
        div = replace(div, message=f"the result's payments differ: {payments_message(rp, ip)}")
        only = pair_payments(rp, ip)
        reasons = (_payment_desc([{"reason": x.reason} for x in only if x.kind != "not_owed"]),
                   _payment_desc([{"reason": x.reason} for x in only if x.kind != "missing"]))
    elif "totals" in fields:
        totals = impl.get("totals") or []
        sums_to_zero = all(isinstance(t, int) for t in totals) and sum(totals) == 0
        clause = "MONEY.EAT-ADDS" if sums_to_zero else "MONEY.ZERO-SUM"
        where = "result/totals"
    return with_clauses(div, (clause,), where, reasons)


def ranking_clause(ref: dict[str, Any], impl: dict[str, Any], script: GameScript) -> str:
    """The ranking rule that orders the first two seats the two sides order differently."""
    rr = {r.get("seat"): r for r in ref.get("ranking") or []}
    ir = {r.get("seat"): r for r in impl.get("ranking") or [] if isinstance(r, dict)}
    for seat, r in rr.items():
        mine = ir.get(seat) or {}
        if r.get("points") != mine.get("points") and isinstance(mine.get("points"), int):
            sent = _sent_points(script, int(seat))
            if sent and mine["points"] - r["points"] == sent:
                return "SEND.NOT-SCORED"
            return "RANK.DEADWOOD-POINTS"
    for seat, r in rr.items():
        if r.get("mom") != (ir.get(seat) or {}).get("mom"):
            return "LAY.MOM"
    order = [r["seat"] for r in sorted(rr.values(), key=lambda r: r.get("place", 9))]
    place = {s: (ir.get(s) or {}).get("place", 9) for s in order}
    all_mom = all(r.get("mom") for r in rr.values() if r.get("rank") != "left")
    found = {_pair_rule(rr[a], rr[b], all_mom) for i, a in enumerate(order)
             for b in order[i + 1:] if place[a] > place[b]}
    for rule in _PAIR_RULES:  # the rule of the most telling pair the two order differently
        if rule in found:
            return rule
    if all_mom:
        return "RANK.ALL-MOM"
    if any(r.get("rank") != (ir.get(s) or {}).get("rank") and r.get("mom") for s, r in rr.items()):
        return "RANK.MOM"
    return "RANK.ORDER"


#: The ranking rules that order two seats, the most telling first.
_PAIR_RULES = ("RANK.LEAVER-LAST", "RANK.MOM", "RANK.ALL-MOM", "RANK.ORDER",
               "RANK.TIE-EARLIER-LAYDOWN", "RANK.MOM-ORDER")


def _pair_rule(a: dict[str, Any], b: dict[str, Any], all_mom: bool) -> str:
    """The ranking rule that puts seat entry ``a`` before ``b``."""
    if "left" in (a.get("rank"), b.get("rank")):
        return "RANK.LEAVER-LAST"
    if a.get("mom") and b.get("mom"):
        return "RANK.ALL-MOM" if all_mom else "RANK.MOM-ORDER"
    if a.get("mom") or b.get("mom"):
        return "RANK.MOM"
    if a.get("points") == b.get("points"):
        return "RANK.TIE-EARLIER-LAYDOWN"
    return "RANK.ORDER"


def _sent_points(script: GameScript, seat: int) -> int:
    """The points of the cards ``seat`` sent (gửi) in the game."""
    total = 0
    for who, action in script.actions:  # an automatic lay-down's sends among them
        if who == seat and action.get("type") == "send":
            total += parse_card(action["card"]) % 13 + 1
    return total
