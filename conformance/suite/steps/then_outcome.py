"""Then steps: ù, money, the end of the game and the ranking, automatic play and leaving."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from conformance.errors import ScenarioError
from conformance.suite.cards import same_card
from conformance.suite.play import Play
from conformance.suite.steps.common import describe_reply, expect
from conformance.suite.steps.grammar import (
    DEN_CASE_CLAUSES,
    REASON_CLAUSE,
    U_KIND_CLAUSES,
    payment_lines,
)
from conformance.suite.steps.registry import step
from reference_impl.action_text import CARD

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
    implied = U_KIND_CLAUSES.get(kind or "")
    ok = isinstance(u, dict) and u.get("seat") == seat and (kind is None or u.get("kind") == kind)
    expect(play, ok, want, got, implied)


@step("then", r"nobody ù", "nobody ù", needs=["result"], clause="U.THUONG")
def _nobody_u(play: Play) -> None:
    result = play.query("result").get("result")
    u = result.get("u") if isinstance(result, dict) else None
    expect(
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


#: Reasons paid when the card is eaten (EAT.PAID-AT-ONCE, EXTRA.CA-K); every other payment
#: is made by the settlement, at the end of the game (leave penalties go to the winner).
_PAID_AT_ONCE = frozenset({"eat", "eat_chot", "ca_k"})
#: The event that records each action once applied (docs/contract.md, Events).
_OWN_EVENT = {"draw": "drew", "eat": "ate", "discard": "discarded", "lay_down": "laid_down",
              "send": "sent", "leave": "left", "timeout": "auto_play"}


def _complete_payments(play: Play, reason: str) -> list[dict[str, Any]]:
    """The payments of the game so far, read where a payment for ``reason`` would be: the
    result once the game is over; the deal's events before any action; else, for a payment
    made at once, the events, the latest action accepted with the event that records it.
    Otherwise the step fails: that nothing is paid cannot be said of a game that has not
    settled, or of an action that did nothing."""
    result = play.query("result").get("result")
    if isinstance(result, dict):
        return list(result.get("payments") or [])
    try:
        sent = play.last_action()
    except ScenarioError:  # no action yet: the deal's events are the whole record
        sent = None
    if sent is not None:
        clause = REASON_CLAUSE[reason]
        if reason not in _PAID_AT_ONCE:
            raise play.fail(f"the game over, its settlement paying nothing for {reason}",
                            "the game is not over (no result)", clause)
        reply = sent.reply or {}
        own = _OWN_EVENT.get(str(sent.action.get("type")))
        accepted = reply.get("ruling") == "accepted"
        kinds = [e.get("type") for e in reply.get("events") or []] if accepted else []
        if not accepted or (own is not None and own not in kinds):
            got = f"events {kinds}" if accepted else describe_reply(reply)
            want = f"the {sent.action.get('type')} accepted" + (f", with {own}" if own else "")
            raise play.fail(want, got, clause)
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
    expect(
        play,
        isinstance(u, dict)
        and u.get("seat") == seat
        and isinstance(den, dict)
        and den.get("seat") == payer,
        f"ù by seat {seat}, đền by seat {payer}",
        got_u,
        case,
    )
    if play.profile.money == "none":
        play.partly_unchecked("the amount: money: none (the implementation keeps no money)")
        return
    pays = [
        p
        for p in result.get("payments") or []
        if p.get("to") == seat and p.get("reason") in ("u", "u_den")
    ]
    by_payer = sum(
        p.get("amount", 0) for p in pays if p.get("from") == payer and p.get("reason") == "u_den"
    )
    expect(
        play,
        by_payer == amount,
        f"seat {payer} pays seat {seat} {amount} for ù đền",
        by_payer,
        "DEN.AMOUNT",
    )
    others = {
        p.get("from"): p.get("amount") for p in pays if p.get("from") != payer and p.get("amount")
    }
    expect(play, not others, "nobody else pays for the ù", others, "DEN.PAYS-FOR-TABLE")


@step(
    "then", r"the ù is not đền", "the ù is not đền", needs=["result"], clause="DEN.PAYS-FOR-TABLE"
)
def _not_den(play: Play) -> None:
    u = play.result().get("u")
    expect(play, isinstance(u, dict) and u.get("den") is None, "an ù that is not đền", u)


# ---------------------------------------------------------------------------------------------
# Then: money


def _fmt_payment(p: Mapping[str, Any]) -> str:
    return f"seat {p.get('from')} pays seat {p.get('to')} {p.get('amount')} for {p.get('reason')}"


@step(
    "then",
    r"seat (?P<payer>\d+) pays seat (?P<payee>\d+) (?P<amount>\d+) for (?P<reason>.+?)",
    "seat 2 pays seat 1 4 for ăn chốt",
    shape="money",
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
    expect(
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
    shape="money",
)
def _pays_nothing(play: Play, payer: int, payee: int, reason: str) -> None:
    pays = [
        p
        for p in _complete_payments(play, reason)
        if p.get("from") == payer
        and p.get("to") == payee
        and p.get("reason") == reason
        and p.get("amount")
    ]
    expect(
        play,
        not pays,
        f"no payment for {reason} from seat {payer} to seat {payee}",
        [_fmt_payment(p) for p in pays],
        REASON_CLAUSE[reason],
    )


@step("then", r"nobody pays for (?P<reason>.+?)", "nobody pays for đồng hoa", shape="money")
def _nobody_pays(play: Play, reason: str) -> None:
    pays = [p for p in _complete_payments(play, reason)
            if p.get("reason") == reason and p.get("amount")]
    expect(
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
    shape="money",
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
    shape="money",
)
def _totals(play: Play, totals: tuple[int, ...]) -> None:
    got = tuple(play.result().get("totals") or [])
    expect(play, got == totals, totals, got)


@step(
    "then",
    r"seat (?P<seat>\d+)'s money is (?P<money>[+\-−]?\d+)",
    "seat 1's money is +1",
    needs=["state"],
    clause="EAT.PAID-AT-ONCE",
    shape="money",
)
def _money(play: Play, seat: int, money: int) -> None:
    got = play.state().get("money") or []
    expect(
        play, seat < len(got) and got[seat] == money, money, got[seat] if seat < len(got) else None
    )


@step(
    "then",
    r"the money sums to zero",
    "the money sums to zero",
    needs=["state"],
    clause="MONEY.ZERO-SUM|INV.ZERO-SUM",
    shape="money",
)
def _zero_sum(play: Play) -> None:
    money = play.state().get("money") or []
    expect(play, sum(money) == 0, "money summing to 0", money)
    result = play.query("result").get("result")
    if isinstance(result, dict):
        totals = result.get("totals") or []
        expect(play, sum(totals) == 0, "totals summing to 0", totals)
        net = [0] * len(totals)
        for p in result.get("payments") or []:
            net[p["from"]] -= p["amount"]
            net[p["to"]] += p["amount"]
        expect(play, net == list(totals), f"totals = payments in - out = {net}", totals)


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
    expect(play, got == ending, ending, got)


@step(
    "then",
    r"the game is not over",
    "the game is not over",
    needs=["result"],
    clause="ROUND.GAME-END",
)
def _not_over(play: Play) -> None:
    result = play.query("result").get("result")
    expect(
        play,
        result is None,
        "the game goes on",
        f"over by {result.get('ending')}" if result else result,
    )


@step("then", r"seat (?P<seat>\d+) wins", "seat 1 wins", needs=["result"],
      clause="RANK.ORDER|U.WINNER")
def _wins(play: Play, seat: int) -> None:
    got = play.result().get("winner")
    expect(play, got == seat, f"seat {seat} wins", f"seat {got} wins")


@step(
    "then",
    r"seat (?P<seat>\d+) goes first in the next game",
    "seat 1 goes first in the next game",
    needs=["result"],
    clause="DEAL.NEXT-GAME",
)
def _next_first(play: Play, seat: int) -> None:
    got = play.result().get("winner")
    expect(
        play, got == seat, f"seat {seat} (the winner) goes first next", f"the winner is seat {got}"
    )


def _ranking(play: Play) -> list[dict[str, Any]]:
    return sorted(play.result().get("ranking") or [], key=lambda e: e.get("place", 0))


def _rank_entry(play: Play, seat: int) -> dict[str, Any] | None:
    """The result's ranking entry of ``seat`` (None when the result lists no such seat)."""
    return next((e for e in _ranking(play) if e.get("seat") == seat), None)


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
    expect(play, ok, show, ", ".join(f"seat {s} {r} {p}" for s, r, p in got))


@step("then", r"seat (?P<seat>\d+) is móm", "seat 2 is móm", needs=["result"], clause="LAY.MOM")
def _is_mom(play: Play, seat: int) -> None:
    _mom_is(play, seat, True)


@step(
    "then",
    r"seat (?P<seat>\d+) is not móm",
    "seat 2 is not móm",
    needs=["result"],
    clause="LAY.MOM",
)
def _is_not_mom(play: Play, seat: int) -> None:
    _mom_is(play, seat, False)


def _mom_is(play: Play, seat: int, mom: bool) -> None:
    """Check the result's móm flag of ``seat``."""
    entry = _rank_entry(play, seat)
    want = f"seat {seat} móm" if mom else f"seat {seat} not móm"
    expect(play, entry is not None and entry.get("mom") is mom, want, entry)


@step(
    "then",
    r"seat (?P<seat>\d+) has (?P<n>\d+) points",
    "seat 1 has 12 points",
    needs=["result"],
    clause="RANK.DEADWOOD-POINTS",
)
def _points(play: Play, seat: int, n: int) -> None:
    entry = _rank_entry(play, seat)
    expect(
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
    ok = auto and any(same_card(c, card) for c in discards)
    expect(
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
    expect(
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
    expect(play, not laid, "no lay-down", laid)


@step(
    "then",
    r"seat (?P<seat>\d+) has left the game",
    "seat 2 has left the game",
    needs=["state"],
    clause="LEAVE.SEAT-SKIPPED",
)
def _left(play: Play, seat: int) -> None:
    left = play.state().get("left") or []
    expect(play, seat < len(left) and left[seat] is True, f"seat {seat} left", left)


