"""Compare an implementation's answers with the reference's: legal sets, rulings, results.

Cards compare as cards (``10H`` = ``TH``); ``with`` sets and lay-downs as sets (of sets);
events as a multiset of what they say (order and payment clause ids aside); results by
ending, winner, ù, ranking, payments (a multiset) and totals.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from reference_impl.actions import Action, from_json
from reference_impl.cards import NotationError, format_card, parse_card


class Unreadable(ValueError):
    """An implementation's answer that cannot be read as the contract says."""


def _card(code: Any) -> str:
    try:
        return format_card(parse_card(code))
    except NotationError as e:
        raise Unreadable(str(e)) from None


def action_of(action: Any) -> Action:
    """An action in the engine's form: hashable, cards sorted (sets of sets for lay-downs)."""
    try:
        return from_json(action)
    except NotationError as e:
        raise Unreadable(f"action {action!r}: {e}") from None


def legal_set(actions: Any) -> frozenset[Action]:
    if not isinstance(actions, list):
        raise Unreadable(f"legal actions must be a list, got {actions!r}")
    return frozenset(action_of(a) for a in actions)


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
    if not isinstance(events, list):
        raise Unreadable(f"events must be a list, got {events!r}")
    return Counter(_norm_event(e) for e in events)


def event_difference(ref: list[dict[str, Any]], impl: list[dict[str, Any]]
                     ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(events only the reference has, events only the implementation has)."""
    a, b = events_key(ref), events_key(impl)
    only_ref = a - b
    only_impl = b - a
    ref_out = [e for e in ref if only_ref[_norm_event(e)] > 0]
    impl_out = [e for e in impl if only_impl[_norm_event(e)] > 0]
    return ref_out, impl_out


def _payment_key(p: dict[str, Any]) -> tuple[int, int, int, str]:
    return (int(p["from"]), int(p["to"]), int(p["amount"]), str(p.get("reason")))


def result_differences(ref: dict[str, Any], impl: Any) -> list[tuple[str, Any, Any]]:
    """(field, reference, implementation) for every part of the result that differs."""
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
        rr = sorted((r["seat"], r.get("place"), r.get("rank"), r.get("points"), r.get("mom"))
                    for r in ref.get("ranking") or [])
        ir = sorted((r["seat"], r.get("place"), r.get("rank"), r.get("points"), r.get("mom"))
                    for r in impl.get("ranking") or [])
        if rr != ir:
            out.append(("ranking", ref.get("ranking"), impl.get("ranking")))
        rp = Counter(_payment_key(p) for p in ref.get("payments") or [])
        ip = Counter(_payment_key(p) for p in impl.get("payments") or [])
        if rp != ip:
            out.append(("payments", ref.get("payments"), impl.get("payments")))
    except (KeyError, TypeError, ValueError) as e:
        raise Unreadable(f"result: {e!r}") from None
    if list(ref.get("totals") or []) != list(impl.get("totals") or []):
        out.append(("totals", ref.get("totals"), impl.get("totals")))
    return out


def missing_payments(ref: list[dict[str, Any]], impl: list[dict[str, Any]]
                     ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(reference payments the implementation lacks, implementation payments not owed)."""
    a = Counter(_payment_key(p) for p in ref)
    b = Counter(_payment_key(p) for p in impl)
    only_a, only_b = a - b, b - a
    return ([p for p in ref if only_a[_payment_key(p)] > 0],
            [p for p in impl if only_b[_payment_key(p)] > 0])
