"""Plain-language lines for events, payments and differences (shared by terminal and HTML)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from conformance.arbiter.settlement import SeatDifference
from conformance.protocol.compare import PaymentDifference

Namer = Callable[[int], str]

SUIT_SYMBOL = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}

REASON_WORDS = {
    "eat": "eat penalty",
    "eat_chot": "chốt eat penalty",
    "ca_k": "cá K",
    "rank": "ranking payment",
    "mom": "móm payment",
    "u": "ù",
    "u_den": "ù đền",
    "u_thong": "ù thông",
    "u_k": "ù K",
    "dong_hoa": "đồng hoa",
    "leave": "leave penalty",
}

#: Place names as players say them (the contract's rank codes: docs/contract.md).
PLACE_WORDS = {"nhat": "Nhất", "nhi": "Nhì", "ba": "Ba", "bet": "Bét", "mom": "Móm",
               "left": "left the game"}

U_WORDS = {"thuong": "ù", "three_eats": "ù by three eats", "khan": "ù khan", "tron": "ù tròn",
           "dong_hoa_trang": "đồng hoa trắng"}


def describe_place(rank: object) -> str:
    """``'nhat'`` -> ``'Nhất'``, ``'mom'`` -> ``'Móm'``; an unknown code as it is."""
    return PLACE_WORDS.get(str(rank), str(rank))


def pretty_card(code: str) -> str:
    """``'10H'`` -> ``'10♥'``."""
    return code[:-1] + SUIT_SYMBOL.get(code[-1], code[-1])


def pretty_cards(codes: Sequence[str]) -> str:
    return " ".join(pretty_card(c) for c in codes)


def describe_event(e: dict[str, Any], name: Namer) -> str | None:
    """One line for an event worth telling an arbiter; None for bookkeeping events."""
    t = e.get("type")
    if t == "ate":
        chot = " (cây chốt)" if e.get("chot") else ""
        return (f"{name(e['seat'])} eats {pretty_card(e['card'])}{chot} from {name(e['from'])}"
                f" with {pretty_cards(e.get('with', []))}")
    if t == "moved":
        return (f"chuyển bài: {pretty_card(e['card'])} moves ↪ from {name(e['from'])}'s pile to"
                f" {name(e['to'])}'s")
    if t == "laid_down":
        return f"{name(e['seat'])} lays down " + " / ".join(pretty_cards(p) for p in e["phoms"])
    if t == "sent":
        to = e["to"]
        return (f"{name(e['seat'])} sends {pretty_card(e['card'])} to {name(to['seat'])}'s"
                f" phỏm {to['phom']}")
    if t == "payment":
        return describe_payment(e, name)
    if t == "them_vong":
        return f"thêm vòng: {name(e['seat'])} may eat the last cây chốt"
    if t == "turn" and e.get("tai"):
        return f"tái: {name(e['seat'])} gets one more final-round turn"
    if t == "u":
        kind = U_WORDS.get(str(e.get("kind")), str(e.get("kind")))
        line = f"{name(e['seat'])}: {kind}"
        den = e.get("den")
        if den:
            line += f"; ù đền, {name(den['seat'])} pays for the table ({den['case']})"
        return line
    if t == "u_khan":
        return f"{name(e['seat'])}: ù khan (the dealt hand has no cạ)"
    if t == "auto_play":
        return f"{name(e['seat'])}'s turn is played by the server (timeout)"
    if t == "left":
        return f"{name(e['seat'])} leaves the game"
    if t == "game_over":
        return f"game over ({e.get('ending')})"
    return None


def describe_payment(p: dict[str, Any], name: Namer) -> str:
    reason = REASON_WORDS.get(str(p.get("reason")), str(p.get("reason") or "payment"))
    clause = f" [{p['clause']}]" if p.get("clause") else ""
    return f"{name(p['from'])} pays {name(p['to'])} {p['amount']} ({reason}){clause}"


def describe_seat_difference(d: SeatDifference, name: Namer) -> str:
    diff = d.difference
    how = f"was credited {diff} too much" if diff > 0 else f"is owed {-diff} more"
    return (f"{name(d.seat)}: the table booked {d.recorded:+d}, the rules say {d.rules:+d};"
            f" {name(d.seat)} {how}")


def describe_payment_difference(p: PaymentDifference, name: Namer) -> str:
    reason = REASON_WORDS.get(str(p.reason), p.reason or "payment")
    clause = f" [{p.clause}]" if p.clause else ""
    if p.kind == "missing":
        return (f"missing: {name(p.payer)} owes {name(p.payee)} {p.rules_amount} ({reason})"
                f"{clause}; the table did not book it")
    if p.kind == "not_owed":
        return (f"not owed: the table booked {name(p.payer)} paying {name(p.payee)}"
                f" {p.recorded_amount} ({reason}); no rule asks for it")
    return (f"wrong amount: {name(p.payer)} paid {name(p.payee)} {p.recorded_amount} ({reason}),"
            f" the rules say {p.rules_amount}{clause}")
