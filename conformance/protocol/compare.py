"""The one comparer of actions, events, payments and results (the fuzzer, the arbiter, the steps).

Cards compare as cards (``10H`` = ``TH``); ``with`` sets and lay-downs as sets (of sets);
events as a multiset of what they say (order and payment clause ids aside); payments as a
multiset of (payer, payee, amount, reason); results by ending, winner, ù, ranking, payments
and totals.

Two readings of an action: :func:`action_of` is the engine's value and refuses a bad card
(:class:`Unreadable`), for answers the contract binds; :func:`action_key` keeps a bad card
code as ``?code``, for comparing actions a scenario writes by hand.

Every comparison tries exact equality first (an implementation that answers as the reference
does costs one ``==``), and an action is parsed once per distinct form (a bounded cache).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from reference_impl.actions import Action, from_json, to_json
from reference_impl.cards import NotationError, format_card, parse_card

#: Distinct action forms kept per cache (the oldest go first).
CACHE_SIZE = 8192

_T = TypeVar("_T")


class Unreadable(ValueError):
    """An implementation's answer that cannot be read as the contract says."""


class BoundedCache(dict[Hashable, Any]):
    """A dict that forgets its oldest entry beyond ``size`` entries."""

    def __init__(self, size: int):
        super().__init__()
        self.size = size

    def put(self, key: Hashable, value: _T) -> _T:
        if len(self) >= self.size:
            del self[next(iter(self))]
        self[key] = value
        return value


def _strs(values: Any) -> tuple[str, ...] | None:
    if type(values) is not list:
        return None
    for v in values:
        if type(v) is not str:
            return None
    return tuple(values)


def _form(action: Any) -> Hashable | None:
    """The members of ``action`` that its reading depends on, as a key; None when ``action``
    is not in a common form (then it is read without the cache)."""
    if type(action) is not dict:
        return None
    kind = action.get("type")
    if kind == "discard":
        card = action.get("card")
        return (kind, card) if type(card) is str else None
    if kind == "eat":
        card, partners = action.get("card"), _strs(action.get("with"))
        return (kind, card, partners) if type(card) is str and partners is not None else None
    if kind == "lay_down":
        phoms = action.get("phoms")
        if type(phoms) is not list:
            return None
        groups = tuple(_strs(p) for p in phoms)
        return None if None in groups else (kind, groups)
    if kind == "send":
        card, to = action.get("card"), action.get("to")
        if type(card) is not str or type(to) is not dict:
            return None
        seat, phom = to.get("seat"), to.get("phom")
        if type(seat) is not int or type(phom) is not int:
            return None
        return (kind, card, seat, phom)
    if type(kind) is str and len(action) == 1:
        return (kind,)
    return None


def _cached(cache: BoundedCache, read: Callable[[Any], _T], action: Any) -> _T:
    key = _form(action)
    if key is None:
        return read(action)
    hit = cache.get(key)
    if hit is None:
        hit = cache.put(key, read(action))
    return hit


# -- actions -----------------------------------------------------------------------------------


def _read_action(action: Any) -> Action:
    try:
        return from_json(action)
    except NotationError as e:
        raise Unreadable(f"action {action!r}: {e}") from None


#: Engine actions by form (:func:`action_of`).
ACTION_CACHE = BoundedCache(CACHE_SIZE)


def action_of(action: Any) -> Action:
    """An action in the engine's form: hashable, cards sorted (sets of sets for lay-downs);
    :class:`Unreadable` when it is not an action."""
    return _cached(ACTION_CACHE, _read_action, action)


def legal_set(actions: Any) -> frozenset[Action]:
    """A list of legal actions as a set of engine actions."""
    if not isinstance(actions, list):
        raise Unreadable(f"legal actions must be a list, got {actions!r}")
    return frozenset(action_of(a) for a in actions)


def legal_difference(ref: Sequence[Any], impl: Any
                     ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(legal actions the implementation omits, actions it lists that are not legal), each
    in the contract's JSON form and sorted."""
    if impl == ref:
        return [], []
    ref_set, got = legal_set(list(ref)), legal_set(impl)
    if ref_set == got:
        return [], []
    return (sorted((to_json(a) for a in ref_set - got), key=str),
            sorted((to_json(a) for a in got - ref_set), key=str))


def _key_card(code: Any) -> str:
    try:
        return format_card(parse_card(str(code)))
    except NotationError:
        return f"?{code}"


def _read_key(action: Mapping[str, Any]) -> tuple[Any, ...]:
    t = action.get("type")
    c = _key_card
    if t == "eat":
        return ("eat", c(action.get("card")), frozenset(c(x) for x in action.get("with") or []))
    if t == "discard":
        return ("discard", c(action.get("card")))
    if t == "lay_down":
        return ("lay_down",
                frozenset(frozenset(c(x) for x in p) for p in action.get("phoms") or []))
    if t == "send":
        to = action.get("to") or {}
        return ("send", c(action.get("card")), to.get("seat"), to.get("phom"))
    return (str(t),)


#: Action keys by form (:func:`action_key`).
KEY_CACHE = BoundedCache(CACHE_SIZE)


def action_key(action: Mapping[str, Any]) -> tuple[Any, ...]:
    """A comparable form of an action that never refuses: cards as canonical codes (a bad
    code kept as ``?code``), sets where order is free."""
    return _cached(KEY_CACHE, _read_key, action)


# -- events ------------------------------------------------------------------------------------


def _card(code: Any) -> str:
    try:
        return format_card(parse_card(code))
    except NotationError as e:
        raise Unreadable(str(e)) from None


def _norm_event(e: Any) -> str:
    if not isinstance(e, dict):
        raise Unreadable(f"an event is an object, got {e!r}")
    out: dict[str, Any] = {}
    for key, value in e.items():
        if key in ("clause", "message"):
            continue
        if key == "card":
            out[key] = _card(value)
        elif key == "with":
            out[key] = sorted(_card(c) for c in value)
        elif key == "phoms":
            out[key] = sorted(sorted(_card(c) for c in p) for p in value)
        else:
            out[key] = value
    return json.dumps(out, sort_keys=True, ensure_ascii=False)


def events_key(events: Any) -> Counter[str]:
    """A list of events as a multiset of what they say."""
    if not isinstance(events, list):
        raise Unreadable(f"events must be a list, got {events!r}")
    return Counter(_norm_event(e) for e in events)


def event_difference(ref: list[dict[str, Any]], impl: Any
                     ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(events only the reference has, events only the implementation has): every event of
    a side whose form that side has more often than the other."""
    if impl == ref:
        return [], []
    if not isinstance(impl, list):
        raise Unreadable(f"events must be a list, got {impl!r}")
    ref_forms = [_norm_event(e) for e in ref]
    impl_forms = [_norm_event(e) for e in impl]
    a, b = Counter(ref_forms), Counter(impl_forms)
    only_ref, only_impl = a - b, b - a
    return ([e for e, f in zip(ref, ref_forms, strict=True) if only_ref[f] > 0],
            [e for e, f in zip(impl, impl_forms, strict=True) if only_impl[f] > 0])


# -- payments ----------------------------------------------------------------------------------


def payment_key(p: Mapping[str, Any]) -> tuple[int, int, int, str]:
    """(payer, payee, amount, reason): what makes two payments the same."""
    return (int(p["from"]), int(p["to"]), int(p["amount"]), str(p.get("reason")))


def payment_difference(ref: Sequence[Mapping[str, Any]], impl: Sequence[Mapping[str, Any]]
                       ) -> tuple[list[Any], list[Any]]:
    """(reference payments the implementation lacks, implementation payments not owed): every
    payment of a side whose key that side has more often than the other."""
    if impl == ref:
        return [], []
    a = Counter(payment_key(p) for p in ref)
    b = Counter(payment_key(p) for p in impl)
    only_a, only_b = a - b, b - a
    return ([p for p in ref if only_a[payment_key(p)] > 0],
            [p for p in impl if only_b[payment_key(p)] > 0])


@dataclass(frozen=True)
class PaymentDifference:
    """A payment the rules owe and the table did not make, or the other way round, or the
    same payment with another amount."""

    kind: str  # "missing", "not_owed" or "wrong_amount"
    payer: int
    payee: int
    rules_amount: int | None
    recorded_amount: int | None
    reason: str | None
    clause: str | None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "from": self.payer, "to": self.payee,
                "rules_amount": self.rules_amount, "recorded_amount": self.recorded_amount,
                "reason": self.reason, "clause": self.clause}


def _payer_payee(p: Mapping[str, Any]) -> tuple[int, int]:
    return (int(p["from"]), int(p["to"]))


def pair_payments(rules: Sequence[dict[str, Any]], recorded: Sequence[dict[str, Any]]
                  ) -> list[PaymentDifference]:
    """Pair a table's payments with the rules' ones; what does not pair is a difference.

    Exact pairs first (payer, payee, amount, and reason where the record gives one), then
    same payer, payee and reason with another amount (wrong amount), then what is left.
    """
    left_rules = list(rules)
    left_rec = list(recorded)

    def same_reason(r: Mapping[str, Any], t: Mapping[str, Any]) -> bool:
        return t.get("reason") is None or t.get("reason") == r.get("reason")

    for t in list(left_rec):
        for r in left_rules:
            if (_payer_payee(r) == _payer_payee(t) and r["amount"] == t["amount"]
                    and same_reason(r, t)):
                left_rules.remove(r)
                left_rec.remove(t)
                break
    out: list[PaymentDifference] = []
    for t in list(left_rec):
        for r in left_rules:
            if _payer_payee(r) == _payer_payee(t) and same_reason(r, t):
                out.append(PaymentDifference("wrong_amount", *_payer_payee(r), r["amount"],
                                             t["amount"], r.get("reason"), r.get("clause")))
                left_rules.remove(r)
                left_rec.remove(t)
                break
    for r in left_rules:
        out.append(PaymentDifference("missing", *_payer_payee(r), r["amount"], None,
                                     r.get("reason"), r.get("clause")))
    for t in left_rec:
        out.append(PaymentDifference("not_owed", *_payer_payee(t), None, t["amount"],
                                     t.get("reason"), t.get("clause")))
    return out


# -- results -----------------------------------------------------------------------------------


def _ranking(result: Mapping[str, Any]) -> list[tuple[Any, ...]]:
    return sorted((r["seat"], r.get("place"), r.get("rank"), r.get("points"), r.get("mom"))
                  for r in result.get("ranking") or [])


def result_differences(ref: dict[str, Any], impl: Any) -> list[tuple[str, Any, Any]]:
    """(field, reference, implementation) for every part of the result that differs."""
    if impl == ref:
        return []
    if not isinstance(impl, dict):
        return [("result", ref, impl)]
    out: list[tuple[str, Any, Any]] = []
    for key in ("ending", "winner"):
        if ref.get(key) != impl.get(key):
            out.append((key, ref.get(key), impl.get(key)))
    ru, iu = ref.get("u"), impl.get("u")
    if (ru is None) != (iu is None):
        out.append(("u", ru, iu))
    elif ru is not None and iu is not None:
        for key in ("seat", "kind"):
            if ru.get(key) != iu.get(key):
                out.append((f"u.{key}", ru.get(key), iu.get(key)))
        rd, idn = ru.get("den"), iu.get("den")
        rkey = None if rd is None else (rd.get("seat"), rd.get("case"))
        ikey = None if idn is None else (idn.get("seat"), idn.get("case"))
        if rkey != ikey:
            out.append(("u.den", rd, idn))
    try:
        if _ranking(ref) != _ranking(impl):
            out.append(("ranking", ref.get("ranking"), impl.get("ranking")))
        rp = Counter(payment_key(p) for p in ref.get("payments") or [])
        ip = Counter(payment_key(p) for p in impl.get("payments") or [])
        if rp != ip:
            out.append(("payments", ref.get("payments"), impl.get("payments")))
    except (KeyError, TypeError, ValueError) as e:
        raise Unreadable(f"result: {e!r}") from None
    if list(ref.get("totals") or []) != list(impl.get("totals") or []):
        out.append(("totals", ref.get("totals"), impl.get("totals")))
    return out
