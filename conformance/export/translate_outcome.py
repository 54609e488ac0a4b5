"""Then steps as checks: ù, money, the end of the game and the ranking, automatic play. The
handlers are in conformance.suite.steps.then_outcome."""

from __future__ import annotations

from typing import Any

from conformance.export.recorder import Recorder
from conformance.export.translate import translates
from conformance.suite.steps.grammar import DEN_CASE_CLAUSES, REASON_CLAUSE, U_KIND_CLAUSES

#: The members of a payment the checks compare, in this order.
PAYMENT_FIELDS = ["from", "to", "amount", "reason"]


def _result_check(rec: Recorder, select: list[Any], test: str, expected: Any, **fields: Any
                  ) -> None:
    """One check on the result of a game that must be over."""
    rec.check(rec.result(), ["result", *select], test, expected, **fields)


# ---------------------------------------------------------------------------------------------
# Ù


@translates("seat 1 ù")
def _u(rec: Recorder, seat: int, kind: str | None) -> None:
    ref = rec.result()
    want = f"ù by seat {seat}" + (f" ({kind})" if kind else "")
    implied = U_KIND_CLAUSES.get(kind or "")
    rec.check(ref, ["result", "u", "seat"], "equal", want, implied=implied, value=seat)
    if kind is not None:
        rec.check(ref, ["result", "u", "kind"], "equal", want, implied=implied, value=kind)


@translates("nobody ù")
def _nobody_u(rec: Recorder) -> None:
    rec.check(rec.query("result"), ["result", "u"], "null", "no ù")


@translates("seat 1 ù đền is paid by seat 0 for 15")
def _u_den(rec: Recorder, seat: int, payer: int, amount: int) -> None:
    ref = rec.result()
    case = next((c for c in rec.scenario.clauses if c in DEN_CASE_CLAUSES), None)
    want = f"ù by seat {seat}, đền by seat {payer}"
    rec.check(ref, ["result", "u", "seat"], "equal", want, implied=case, value=seat)
    rec.check(ref, ["result", "u", "den", "seat"], "equal", want, implied=case, value=payer)
    paid = {"to": seat, "from": payer, "reason": "u_den"}
    rec.check(ref, ["result", "payments", {"where": paid}, {"map": "amount"}, {"view": "sum"}],
              "equal", f"seat {payer} pays seat {seat} {amount} for ù đền", implied="DEN.AMOUNT",
              value=amount)
    others = {"to": seat, "reason": {"in": ["u", "u_den"]}, "from": {"ne": payer},
              "amount": {"truthy": True}}
    rec.check(ref, ["result", "payments", {"where": others}], "empty",
              "nobody else pays for the ù", implied="DEN.PAYS-FOR-TABLE")


@translates("the ù is not đền")
def _not_den(rec: Recorder) -> None:
    ref = rec.result()
    rec.check(ref, ["result", "u"], "object", "an ù that is not đền")
    rec.check(ref, ["result", "u", "den"], "null", "an ù that is not đền")


# ---------------------------------------------------------------------------------------------
# Money


def _payments(rec: Recorder) -> tuple[int, list[Any]]:
    """Every payment of the game so far: the result's once over, else the events' (the
    ``payments`` view)."""
    return rec.query("result"), ["result", {"view": "payments"}]


@translates("seat 2 pays seat 1 4 for ăn chốt")
def _pays(rec: Recorder, payer: int, payee: int, amount: int, reason: str) -> None:
    ref, select = _payments(rec)
    match = {"from": payer, "to": payee, "amount": amount, "reason": reason}
    rec.check(ref, [*select, {"where": match}], "nonempty",
              f"seat {payer} pays seat {payee} {amount} for {reason}",
              implied=REASON_CLAUSE[reason])


#: Reasons paid when the card is eaten (EAT.PAID-AT-ONCE, EXTRA.CA-K); every other payment is
#: made by the settlement (conformance.suite.steps.then_outcome).
PAID_AT_ONCE = frozenset({"eat", "eat_chot", "ca_k"})
#: The event that records each action once applied (docs/contract.md, Events).
OWN_EVENT = {"draw": "drew", "eat": "ate", "discard": "discarded", "lay_down": "laid_down",
             "send": "sent", "leave": "left", "timeout": "auto_play"}


def _complete_payments(rec: Recorder, reason: str) -> tuple[int, list[Any]]:
    """The payments so far where a payment for ``reason`` would be: the result once the game
    is over; before any action, the deal's events; else, for a payment made at once, the
    events, the latest action accepted with its own event; a settlement reason of a game not
    over fails (that nothing is paid cannot be said of a game that has not settled)."""
    ref, select = _payments(rec)
    last = rec.last_sent()
    if last is None:
        return ref, select
    clause = REASON_CLAUSE[reason]
    if reason not in PAID_AT_ONCE:
        rec.check(ref, ["result"], "object",
                  f"the game over, its settlement paying nothing for {reason}", implied=clause)
        return ref, select
    sent, action = last
    unless_over = {"ref": ref, "select": ["result"], "test": "object", "not": True}
    own = OWN_EVENT.get(str(action.get("type")))
    want = f"the {action.get('type')} accepted" + (f", with {own}" if own else "")
    rec.reply_check(sent, "accepted", want, skip_unsupported=False, clause=rec.clause_for(clause),
                    when=unless_over)
    if own is not None:
        rec.check(sent, [{"view": "events"}, {"where": {"type": own}}], "nonempty", want,
                  implied=clause, when=unless_over)
    return ref, select


@translates("seat 0 pays seat 1 nothing for ăn bài")
def _pays_nothing(rec: Recorder, payer: int, payee: int, reason: str) -> None:
    ref, select = _complete_payments(rec, reason)
    match = {"from": payer, "to": payee, "reason": reason, "amount": {"truthy": True}}
    rec.check(ref, [*select, {"where": match}], "empty",
              f"no payment for {reason} from seat {payer} to seat {payee}",
              implied=REASON_CLAUSE[reason])


@translates("nobody pays for đồng hoa")
def _nobody_pays(rec: Recorder, reason: str) -> None:
    ref, select = _complete_payments(rec, reason)
    match = {"reason": reason, "amount": {"truthy": True}}
    rec.check(ref, [*select, {"where": match}], "empty", f"no payment for {reason}",
              implied=REASON_CLAUSE[reason])


@translates("the payments are:")
def _payments_exact(rec: Recorder, block: list[tuple[int, int, int, str]]) -> None:
    ref = rec.result()
    select = ["result", "payments", {"where": {"amount": {"truthy": True}}},
              {"view": "fields", "names": PAYMENT_FIELDS}]
    want = [list(p) for p in block]
    # a failure is reported under the clause of the first missing (else unexpected) payment
    by_reason = {r: rec.clause_for(c) for r, c in REASON_CLAUSE.items()}
    rec.check(ref, select, "same_multiset",
              [f"seat {a} pays seat {b} {n} for {r}" for a, b, n, r in sorted(block)],
              value=want, clause_by={"field": 3, "clauses": by_reason})


@translates("the totals are: -3, +8, -1, -4")
def _totals(rec: Recorder, totals: tuple[int, ...]) -> None:
    _result_check(rec, ["totals"], "equal", list(totals), value=list(totals))


@translates("seat 1's money is +1")
def _money(rec: Recorder, seat: int, money: int) -> None:
    rec.check(rec.state(), ["state", "money", seat], "equal", money, value=money)


@translates("the money sums to zero")
def _zero_sum(rec: Recorder) -> None:
    rec.check(rec.state(), ["state", "money", {"view": "sum"}], "equal", "money summing to 0",
              value=0)
    ref = rec.query("result")
    over = {"select": ["result"], "test": "object"}
    rec.check(ref, ["result", "totals", {"view": "sum"}], "equal", "totals summing to 0",
              value=0, when=over)
    rec.check(ref, ["result", {"view": "net"}], "equal", "totals = payments in - out",
              against={"ref": ref, "select": ["result", "totals", {"view": "list"}]}, when=over)


# ---------------------------------------------------------------------------------------------
# End of game, ranking


@translates("the game is over by points")
def _over(rec: Recorder, ending: str) -> None:
    _result_check(rec, ["ending"], "equal", ending, value=ending)


@translates("the game is not over")
def _not_over(rec: Recorder) -> None:
    rec.check(rec.query("result"), ["result"], "null", "the game goes on")


@translates("seat 1 wins")
def _wins(rec: Recorder, seat: int) -> None:
    _result_check(rec, ["winner"], "equal", f"seat {seat} wins", value=seat)


@translates("seat 1 goes first in the next game")
def _next_first(rec: Recorder, seat: int) -> None:
    _result_check(rec, ["winner"], "equal", f"seat {seat} (the winner) goes first next",
                  value=seat)


def _entry(seat: int, member: str) -> list[Any]:
    """The ranking entry of ``seat`` (places in order), then one of its members."""
    return ["ranking", {"view": "by_place"}, {"where": {"seat": seat}}, 0, member]


@translates("the ranking is: seat 1 nhất 12, seat 2 nhì 20, seat 3 móm")
def _ranking_is(rec: Recorder, ranking: tuple[tuple[int, str, int | None], ...]) -> None:
    want = [{"seat": s, "rank": r, **({"points": p} if p is not None else {})}
            for s, r, p in ranking]
    show = ", ".join(f"seat {s} {r}" + (f" {p}" if p is not None else "") for s, r, p in ranking)
    _result_check(rec, ["ranking", {"view": "by_place"}], "matches_each", show, value=want)


@translates("seat 2 is móm")
def _is_mom(rec: Recorder, seat: int) -> None:
    _result_check(rec, _entry(seat, "mom"), "equal", f"seat {seat} móm", value=True)


@translates("seat 2 is not móm")
def _is_not_mom(rec: Recorder, seat: int) -> None:
    _result_check(rec, _entry(seat, "mom"), "equal", f"seat {seat} not móm", value=False)


@translates("seat 1 has 12 points")
def _points(rec: Recorder, seat: int, n: int) -> None:
    _result_check(rec, _entry(seat, "points"), "equal", n, value=n)


# ---------------------------------------------------------------------------------------------
# Automatic play


def _events(rec: Recorder, match: dict[str, Any], test: str, expected: str) -> None:
    rec.check(rec.last_reply(), [{"view": "events"}, {"where": match}], test, expected)


@translates("the auto-play discards KH for seat 1")
def _auto_discard(rec: Recorder, card: str, seat: int) -> None:
    ref = rec.last_reply()
    want = f"auto-play by seat {seat} discarding {card}"
    rec.check(ref, [{"view": "events"}, {"where": {"type": "auto_play", "seat": seat}}],
              "nonempty", want)
    rec.check(ref, [{"view": "events"}, {"where": {"type": "discarded", "seat": seat,
                                                    "card": card}}], "nonempty", want)


@translates("the auto-play draws for seat 1")
def _auto_draw(rec: Recorder, seat: int) -> None:
    ref = rec.last_reply()
    want = f"seat {seat} draws (never eats)"
    rec.check(ref, [{"view": "events"}, {"where": {"type": "drew", "seat": seat}}],
              "nonempty", want)
    rec.check(ref, [{"view": "events"}, {"where": {"type": "ate", "seat": seat}}], "empty", want)


@translates("seat 1 lays nothing down")
def _lays_nothing(rec: Recorder, seat: int) -> None:
    _events(rec, {"type": "laid_down", "seat": seat}, "empty", "no lay-down")
