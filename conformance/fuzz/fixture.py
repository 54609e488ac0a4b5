"""Write a divergence as a fixture of the suite (features/fixtures format), runnable as it is.

The case holds the deal, the actions played before the divergence in the step language of
the feature files, and one expectation where the implementation went wrong: the exact legal
actions, the ruling on an action, what an action did (money, moved cards, tái, thêm vòng),
or the end of the game. The expectations are the reference's answers: the case is marked
as generated, with the command that found it.

A fixture is a scenario in the 1.0 shape whatever the profile the game was played in: a
shaped decision is written as the 1.0 actions it made (a bare eat with its partners, an
automatic lay-down as its ``lay_down`` and ``send`` before the discard), a legal set as the
1.0 actions, and a choice the rules refuse as those actions with the refused one rejected;
``run`` plays such a scenario under the profile (conformance.suite.mirror).
"""

from __future__ import annotations

from typing import Any

import yaml

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
from conformance.fuzz.point import Point
from conformance.fuzz.script import Decision, GameScript
from reference_impl.action_text import FORMS, action_words
from reference_impl.profiles import explicit_actions

Entry = tuple[int, dict[str, Any], dict[str, Any]]

ENDING_WORDS = {"u": "ù", "u_khan": "ù khan", "points": "points", "all_mom": "all móm",
                "last_player": "the last player"}


def _third(seat: int, action: dict[str, Any]) -> str:
    """'seat 1 eats 5H with 6H 7H' (the action grammar, reference_impl/action_text.py)."""
    return f"seat {seat} {verb(action, third=True)}"


def verb(action: dict[str, Any], *, third: bool) -> str:
    """The action in the action grammar's words (``third``: 'eats 5H with 6H 7H')."""
    if action["type"] not in {f.type for f in FORMS}:
        raise ValueError(f"no phrase for action {action!r}")
    return action_words(action, third=third)


def _script_lines(entries: list[tuple[int, dict[str, Any], dict[str, Any]]]) -> list[Any]:
    """Accepted actions grouped by turn ('seat 1 draws; discards KS'); a rejected probe is an
    explicit step with its ruling."""
    out: list[Any] = []
    group: list[str] = []
    group_seat: int | None = None
    for seat, action, ruling in entries:
        if ruling.get("ruling") != "accepted":
            if group:
                out.append(f"seat {group_seat} " + "; ".join(group))
                group, group_seat = [], None
            out.append({"do": _third(seat, action), "expect": _expect_ruling(ruling)})
            continue
        if group_seat is not None and seat != group_seat:
            out.append(f"seat {group_seat} " + "; ".join(group))
            group = []
        group_seat = seat
        group.append(verb(action, third=True))
        if action["type"] in ("discard", "timeout", "leave", "pass"):
            out.append(f"seat {group_seat} " + "; ".join(group))
            group, group_seat = [], None
    if group:
        out.append(f"seat {group_seat} " + "; ".join(group))
    return out


def _expect_ruling(ruling: dict[str, Any]) -> Any:
    if ruling.get("ruling") == "accepted":
        return "accepted"
    out = {"rejected": ruling.get("reason")}
    if ruling.get("clause"):
        out["clause"] = ruling["clause"]
    return out


def _event_checks(events: list[dict[str, Any]], state: dict[str, Any] | None,
                  impl_events: list[dict[str, Any]]) -> list[dict[str, str]]:
    """Then steps that pin down what an accepted action did: its payments, moved cards, tái
    and thêm vòng, and the hands, piles and money of the seats concerned afterwards (the
    reference's ``state`` after the action)."""
    out: list[str] = []
    for e in events:
        t = e.get("type")
        if t == "payment":
            out.append(f"seat {e['from']} pays seat {e['to']} {e['amount']} for {e['reason']}")
        elif t == "moved":
            out.append(f"{e['card']} is moved from seat {e['from']}'s pile"
                       f" to seat {e['to']}'s pile")
        elif t == "turn":
            if e.get("tai"):
                out.append(f"seat {e['seat']} gets a tái turn")
            elif any(i.get("type") == "turn" and i.get("tai") for i in impl_events):
                out.append(f"it is seat {e['seat']}'s turn, not a tái turn")
            else:
                out.append(f"it is seat {e['seat']}'s turn")
        elif t == "them_vong":
            out.append(f"seat {e['seat']} is offered thêm vòng")
        elif t == "discarded":
            if any(x.get("type") == "auto_play" for x in events):
                out.append(f"the auto-play discards {e['card']} for seat {e['seat']}")
            out.append(f"{e['card']} is {'a' if e.get('chot') else 'not a'} cây chốt")
    if not any(e.get("type") == "them_vong" for e in events) and any(
            i.get("type") == "them_vong" for i in impl_events):
        out.append("nobody is offered thêm vòng")
    for e in impl_events:
        if e.get("type") == "payment" and not any(
                r.get("type") == "payment" and (r["from"], r["to"], r["reason"]) ==
                (e.get("from"), e.get("to"), e.get("reason")) for r in events):
            out.append(f"seat {e.get('from')} pays seat {e.get('to')} nothing"
                       f" for {e.get('reason')}")
    if state is not None:
        seats = sorted({int(x[k]) for x in [*events, *impl_events] for k in ("seat", "from", "to")
                        if isinstance(x.get(k), int)})
        for seat in seats:
            if seat >= len(state.get("hands") or []):
                continue
            hand = state["hands"][seat]
            if hand:
                out.append(f"seat {seat}'s hand is {' '.join(hand)}")
            pile = [p["card"] for p in state["piles"][seat]]
            out.append(f"seat {seat}'s pile is {' '.join(pile)}" if pile
                       else f"seat {seat}'s pile is empty")
        out += [f"seat {s}'s money is {m:+d}" for s, m in enumerate(state.get("money") or [])]
    return [{"then": line} for line in dict.fromkeys(out)]


def expect_end(result: dict[str, Any]) -> dict[str, Any]:
    """The ``expect`` block of a finished game (the fixture schema's expectEnd)."""
    out: dict[str, Any] = {"ending": result["ending"]}
    if result.get("winner") is not None:
        out["winner"] = result["winner"]
    u = result.get("u")
    if u is None:
        out["u"] = None
    else:
        uo: dict[str, Any] = {"seat": u["seat"], "kind": u["kind"]}
        den = u.get("den")
        if den is None:
            uo["den"] = None
        else:
            amount = sum(p["amount"] for p in result.get("payments") or []
                         if p.get("reason") == "u_den" and p.get("from") == den["seat"])
            if amount:
                uo["den"] = {"seat": den["seat"], "amount": amount}
        out["u"] = uo
    out["ranking"] = [{k: r[k] for k in ("seat", "rank", "points") if k in r}
                      for r in result.get("ranking") or []]
    if "payments" not in result:  # money: none, a result without money
        return out
    out["payments"] = [{k: p[k] for k in ("from", "to", "amount", "reason")}
                       for p in result.get("payments") or [] if p.get("amount")]
    out["totals"] = list(result.get("totals") or [])
    return out


_ACCEPTED = {"ruling": "accepted"}


def _entries(decisions: tuple[Decision, ...]) -> list[Entry]:
    """(seat, 1.0 action, ruling) of each action the decisions play."""
    out: list[Entry] = []
    for d in decisions:
        if d.moves is None:
            out.append((d.seat, d.action, d.ruling))
        else:
            out += [(d.seat, m, _ACCEPTED) for m in d.moves[:-1]]
            out.append((d.seat, d.moves[-1], d.ruling))
    return out


def _choice_lines(script: GameScript, div: Divergence) -> list[Any]:
    """A choice the rules refuse: the implementation's 1.0 actions up to the refused one,
    which the rules reject."""
    d = script.decisions[div.step]
    refused = div.expected if isinstance(div.expected, dict) else {}
    events = div.actual if isinstance(div.actual, list) else []
    moves = explicit_actions(d.action, events)
    move = refused.get("move")
    before = moves[:moves.index(move)] if move in moves else []
    out = _script_lines([(d.seat, m, _ACCEPTED) for m in before]) if before else []
    if move is not None:
        ruling = {"ruling": "rejected", "reason": refused.get("reason"),
                  "clause": refused.get("clause")}
        out.append({"do": _third(d.seat, move), "expect": _expect_ruling(ruling)})
    return out


def _legal_at(script: GameScript, step: int) -> tuple[dict[str, Any], ...]:
    """The 1.0 legal actions at decision ``step``."""
    if script.profile.is_default:
        return script.decisions[step].legal or ()
    return tuple(a.to_json() for a in Point(script, step).game.legal_actions())


def fixture_case(script: GameScript, div: Divergence, case_id: str, command: str,
                 state_after: dict[str, Any] | None = None) -> dict[str, Any]:
    """One fixture case reproducing ``div`` on the game ``script`` (cut at the divergence)."""
    setup = script.setup
    entries = [(d.seat, d.action, d.ruling) for d in script.decisions]
    before = _entries(script.decisions[: max(div.step, 0)])
    case: dict[str, Any] = {
        "id": case_id,
        "name": f"fuzz: {div.clause}: {div.message}"[:200],
        "description": f"Found by the differential fuzzer; replay: {command}",
        "clauses": [c for c in div.clauses if c and c[0].isupper() and "." in c] or
                   ["TURN.ORDER"],
        "rulesets": [setup.ruleset],
        "tags": ["fuzz"],
    }
    if setup.readings:
        case["readings"] = dict(setup.readings)
    if setup.options:
        case["options"] = dict(setup.options)
    case["players"] = setup.players
    case["first"] = setup.first
    case["deal"] = {"hands": [list(h) for h in setup.hands], "stock": list(setup.stock)}
    if setup.session:
        case["session"] = dict(setup.session)
    if div.kind == LEGAL:
        case["script"] = _script_lines(before)
        legal = _legal_at(script, div.step)
        seat = script.decisions[div.step].seat
        case["script"].append({"legal": {"seat": seat,
                                         "actions": [verb(a, third=False) for a in legal]}})
    elif div.kind == CHOICE and 0 <= div.step < len(entries):
        case["script"] = _script_lines(before) + _choice_lines(script, div)
    elif div.kind in (RULING, ERROR) and 0 <= div.step < len(entries):
        d = script.decisions[div.step]
        case["script"] = _script_lines(before + _entries((d,))[:-1])
        seat, action, ruling = _entries((d,))[-1]
        case["script"].append({"do": _third(seat, action), "expect": _expect_ruling(ruling)})
    elif div.kind == EVENTS and 0 <= div.step < len(entries):
        case["script"] = _script_lines(_entries(script.decisions[: div.step + 1]))
        d = script.decisions[div.step]
        ref_events = list(d.ruling.get("events") or [])
        impl_events = list(div.actual or []) if isinstance(div.actual, list) else []
        case["script"] += _event_checks(ref_events, state_after, impl_events)
        if script.result is not None and div.step == len(entries) - 1:
            case["expect"] = expect_end(script.result)
    else:  # RESULT, NEW_GAME (ù khan), or an error at the start or the end
        case["script"] = _script_lines(_entries(script.decisions))
        if script.result is not None:
            case["expect"] = expect_end(script.result)
    return case


class _Dumper(yaml.SafeDumper):
    """Lists of scalars (hands, the stock, a phỏm) on one line; the rest in block style."""


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(not isinstance(x, dict | list) for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(list, _represent_list)


def fixture_text(case: dict[str, Any], command: str, found: str) -> str:
    """The YAML of a fixture file holding one case, with the replay command on top."""
    head = (f"# Generated by the differential fuzzer ({found}).\n"
            f"# The expectations are the reference engine's answers. Find it again with:\n"
            f"#   {command}\n"
            f"# Run it as it is:  phom-conformance run --impl CMD THIS-FILE\n"
            f"# (or commit it under features/fixtures/ to make it part of the suite)\n")
    body = yaml.dump({"description": f"fuzz divergence {case['id']}", "cases": [case]},
                     Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    return head + body


def fixture_size(case: dict[str, Any]) -> int:
    """Actions in a fixture case's script (a turn line counts each of its actions)."""
    n = 0
    for item in case.get("script") or []:
        if isinstance(item, str):
            n += item.count(";") + 1
        elif "do" in item:
            n += 1
    return n


__all__ = ["CHOICE", "ERROR", "EVENTS", "LEGAL", "NEW_GAME", "RESULT", "RULING", "expect_end",
           "fixture_case", "fixture_size", "fixture_text", "verb"]
