"""The step language: argument patterns and converters, payment reasons, ranks, ù kinds,
endings, and the action lines of When steps, scripts and legal-action lists (the action
grammar of :mod:`reference_impl.action_text`, in the third person after ``seat <n>``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from conformance.suite.cards import card_code, card_list, phom_list
from conformance.suite.model import StepError
from phomspec.yamlio import fresh
from reference_impl.action_text import CARDS, ActionForm, ActionTextError, read_action
from reference_impl.memo import Memo

CLAUSE = r"[A-Z0-9]+(?:\.[A-Z0-9-]+)+"
#: The optional end of every Then step: ``under clause <ID>``.
CLAUSE_SUFFIX = rf"(?: under clause (?P<clause>{CLAUSE}))?"


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

#: The clause each ù kind rests on besides the plain ù's (U.THUONG): the one a failure
#: about that kind implies.
U_KIND_CLAUSES = {
    "three_eats": "U.THREE-EATS",
    "khan": "U.KHAN",
    "tron": "EXTRA.U-TRON",
    "dong_hoa_trang": "EXTRA.DONG-HOA-TRANG",
}

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


def signed(text: str) -> int:
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
    return tuple(signed(t) for t in text.split(","))


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
    "money": signed,
    "value": lambda v: v == "on",
    "kind": lambda v: U_KINDS[v.removeprefix("with kind ") if v.startswith("with kind") else v],
    "ending": lambda v: ENDINGS[v],
    "counts": lambda v: tuple(int(x) for x in v.split(",")),
}


def convert(groups: Mapping[str, str | None]) -> dict[str, Any]:
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


def scenario_action(text: str, *, third: bool) -> dict[str, Any]:
    """One action phrase of a scenario, read by the action grammar (``third``: ``discards
    KH``); StepError for a phrase it cannot read, or for a card in two phỏm of a lay-down."""
    try:
        action = read_action(text, third=third)
    except ActionTextError as e:
        raise StepError(str(e)) from None
    if action["type"] == "lay_down":
        verb = "lays down " if third else "lay down "
        phom_list(" ".join(text.split())[len(verb) :])
    return action


def action_step_args(form: ActionForm, groups: Mapping[str, str | None]) -> dict[str, Any]:
    """The arguments of the When step ``seat <n> <form>``: the seat and the action."""
    try:
        action = form.build(groups)
    except ActionTextError as e:
        raise StepError(str(e)) from None
    if groups.get("phoms") is not None:
        phom_list(str(groups["phoms"]))
    return {"seat": int(str(groups["seat"])), "action": action}


#: Each action line read once (a script is played by every scenario that names it, in every
#: run of it): its actions, each with whether it is flat (no list or dict inside: a copy of
#: the dict is a fresh one), handed out as fresh copies. Bounded.
_READ_LINES: Memo[list[tuple[int, dict[str, Any], bool]]] = Memo(4096)


def parse_action_line(line: str) -> list[tuple[int, dict[str, Any]]]:
    """'seat 1 eats 5H with 6H 7H; discards KS' -> [(1, eat), (1, discard)]."""
    read = _READ_LINES.get(line, lambda: [
        (seat, action, not any(isinstance(v, list | dict) for v in action.values()))
        for seat, action in _read_action_line(line)])
    return [(seat, action.copy() if flat else fresh(action)) for seat, action, flat in read]


def _read_action_line(line: str) -> list[tuple[int, dict[str, Any]]]:
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
        out.append((seat, scenario_action(part, third=True)))
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


def legal_lines(lines: Iterable[str]) -> list[dict[str, Any]]:
    """Legal-action lines ('draw', 'eat 5H with 6H 7H', 'discard one of KS 2C') -> actions."""
    out: list[dict[str, Any]] = []
    for line in lines:
        m = re.fullmatch(rf"discard one of (?P<cards>{CARDS})", line.strip())
        if m:
            out += [{"type": "discard", "card": c} for c in card_list(m.group("cards"))]
        else:
            out.append(scenario_action(line, third=False))
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


