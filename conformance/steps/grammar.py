"""The step language: step errors, argument conversion, and the action grammar shared by When
steps, scripts and legal-action lists.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from reference_impl.cards import NotationError, format_card, parse_card

if TYPE_CHECKING:
    pass



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


