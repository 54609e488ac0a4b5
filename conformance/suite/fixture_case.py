"""A fixture case as the steps of a scenario, in the step language of the feature files (the
one path to a verdict): the deal as Given steps, the script as When and Then steps, the
expected end as Then steps, each at the line of the YAML it comes from."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from conformance.suite.model import RawCase, RawStep
from phomspec.yamlio import Document


def line_of(doc: Document, path: Sequence[str | int]) -> int:
    """The line of the value at ``path`` in ``doc`` (else of its nearest parent; 1 if none)."""
    return doc.line_of(path) or 1


def _ranking_text(entries: Sequence[Mapping[str, Any]]) -> str:
    parts = []
    for e in entries:
        pts = f" {e['points']}" if "points" in e else ""
        parts.append(f"seat {e['seat']} {e['rank']}{pts}")
    return ", ".join(parts)


def case_to_raw(
    case: Mapping[str, Any], document: Document, at: Sequence[str | int], file: str
) -> RawCase:
    """Turn a fixture case into steps of the step library (the one path to a verdict)."""

    def ln(*sub: str | int) -> int:
        return line_of(document, [*at, *sub])

    tags = [f"@id:{case['id']}"]
    tags += [f"@clause:{c}" for c in case["clauses"]]
    tags += [f"@ruleset:{r}" for r in case["rulesets"]]
    for amb, held in (case.get("readings") or {}).items():  # a reading, or several alike
        tags += [f"@reading:{amb}={r}" for r in ([held] if isinstance(held, str) else held)]
    if case.get("negative"):
        tags.append("@negative")
    tags += [f"@{t}" for t in case.get("tags") or []]

    steps: list[RawStep] = []
    deal = case["deal"]
    if isinstance(deal, str):
        steps.append(RawStep("given", f'the deal "{deal}"', ln("deal")))
        if "players" in case:
            steps.insert(0, RawStep("given", f"a {case['players']}-player game", ln("players")))
    else:
        players = case.get("players", len(deal["hands"]))
        steps.append(RawStep("given", f"a {players}-player game", ln()))
    if "first" in case:
        steps.append(RawStep("given", f"seat {case['first']} goes first", ln("first")))
    if not isinstance(deal, str):
        for seat, hand in enumerate(deal["hands"]):
            steps.append(
                RawStep("given", f"seat {seat} holds {' '.join(hand)}", ln("deal", "hands", seat))
            )
        steps.append(
            RawStep("given", f"the stock is {' '.join(deal['stock'])}", ln("deal", "stock"))
        )
    for name, value in (case.get("options") or {}).items():
        steps.append(
            RawStep(
                "given",
                f"the room option {name} is {'on' if value else 'off'}",
                ln("options", name),
            )
        )
    session = case.get("session") or {}
    for seat, n in (session.get("u_streak") or {}).items():
        steps.append(
            RawStep(
                "given", f"seat {seat} ù'd the previous {n} games", ln("session", "u_streak", seat)
            )
        )
    if "host" in session:
        steps.append(RawStep("given", f"seat {session['host']} is the host", ln("session", "host")))

    pending: list[tuple[int, str]] = []

    def flush() -> None:
        if pending:
            doc = "\n".join(text for _, text in pending)
            lines = tuple(line for line, _ in pending)
            text = "the actions are played:"
            steps.append(RawStep("when", text, pending[0][0], docstring=doc, lines=lines))
            pending.clear()

    for i, item in enumerate(case["script"]):
        if isinstance(item, str):
            pending.append((ln("script", i), item))
            continue
        flush()
        if "do" in item:
            steps.append(
                RawStep("when", "the actions are played:", ln("script", i), docstring=item["do"])
            )
            exp = item["expect"]
            if exp == "accepted":
                steps.append(RawStep("then", "the action is accepted", ln("script", i, "expect")))
            else:
                clause = f" under clause {exp['clause']}" if "clause" in exp else ""
                text = f"the action is rejected with {exp['rejected']}{clause}"
                steps.append(RawStep("then", text, ln("script", i, "expect")))
        elif "legal" in item:
            legal = item["legal"]
            steps.append(
                RawStep(
                    "then",
                    f"the legal actions of seat {legal['seat']} are:",
                    ln("script", i),
                    docstring="\n".join(legal["actions"]),
                )
            )
        else:
            steps.append(RawStep("then", item["then"], ln("script", i)))
    flush()

    expect = case.get("expect") or {}
    if "ending" in expect:
        ending = {
            "u": "ù",
            "u_khan": "ù khan",
            "points": "points",
            "all_mom": "all móm",
            "last_player": "the last player",
        }[expect["ending"]]
        steps.append(RawStep("then", f"the game is over by {ending}", ln("expect", "ending")))
    if "winner" in expect:
        steps.append(RawStep("then", f"seat {expect['winner']} wins", ln("expect", "winner")))
    if "u" in expect:
        u = expect["u"]
        if u is None:
            steps.append(RawStep("then", "nobody ù", ln("expect", "u")))
        else:
            kind = f" with kind {u['kind']}" if "kind" in u else ""
            steps.append(RawStep("then", f"seat {u['seat']} ù{kind}", ln("expect", "u")))
            if "den" in u:
                den = u["den"]
                if den is None:
                    steps.append(RawStep("then", "the ù is not đền", ln("expect", "u", "den")))
                else:
                    text = (
                        f"seat {u['seat']} ù đền is paid by seat {den['seat']} for {den['amount']}"
                    )
                    steps.append(RawStep("then", text, ln("expect", "u", "den")))
    if "ranking" in expect:
        text = f"the ranking is: {_ranking_text(expect['ranking'])}"
        steps.append(RawStep("then", text, ln("expect", "ranking")))
    if "payments" in expect:
        doc = "\n".join(
            f"seat {p['from']} pays seat {p['to']} {p['amount']} for {p['reason']}"
            for p in expect["payments"]
        )
        steps.append(
            RawStep(
                "then", "the payments are:", ln("expect", "payments"), docstring=doc or "nothing"
            )
        )
    if "totals" in expect:
        text = ", ".join(f"{t:+d}" if t else "0" for t in expect["totals"])
        steps.append(RawStep("then", f"the totals are: {text}", ln("expect", "totals")))
    return RawCase(case["name"], tuple(tags), file, ln(), tuple(steps))
