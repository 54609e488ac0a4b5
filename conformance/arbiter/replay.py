"""Replay a record on the reference engine and rule on every action and on the settlement."""

from __future__ import annotations

from typing import Any

from conformance.arbiter import engine_api
from conformance.arbiter.citations import accepted_clauses
from conformance.arbiter.settlement import rule_on_settlement
from conformance.arbiter.verdict import ActionRuling, Verdict
from conformance.records import GameRecord


def arbitrate(record: GameRecord) -> Verdict:
    """Replay ``record`` action by action; stop at the first illegal action.

    A legal action is ruled accepted with the clauses it rests on; an illegal one is ruled
    rejected with the engine's reason code and clause, and the replay stops there (what the
    table did afterwards was built on a move the rules do not allow). When the game ends, the
    rules' result is set against the recorded one.
    """
    game, opening = engine_api.new_game(record)
    opening_state = engine_api.state(game)
    rulings: list[ActionRuling] = []
    stopped = None
    over_before = None
    for rec in record.actions:
        if engine_api.is_over(game):
            over_before = rec.index
            break
        opening_turn = engine_api.state(game).get("phase") == "discard_only"
        ruling = engine_api.apply(game, rec.seat, rec.action)
        if ruling.accepted:
            r = ActionRuling(rec.index, rec.seat, rec.text, rec.action, True,
                             accepted_clauses(rec.action, ruling.events, opening=opening_turn),
                             tuple(ruling.events), line=rec.line, note=rec.note,
                             state=engine_api.state(game))
            rulings.append(r)
            continue
        clauses = (ruling.clause,) if ruling.clause else ()
        r = ActionRuling(rec.index, rec.seat, rec.text, rec.action, False, clauses,
                         reason=ruling.reason, message=ruling.message, line=rec.line,
                         note=rec.note, state=engine_api.state(game))
        rulings.append(r)
        stopped = r
        break
    final_state = engine_api.state(game)
    unfinished = stopped is None and not engine_api.is_over(game)
    settlement = None
    if stopped is None and not unfinished:
        result: dict[str, Any] | None = engine_api.result(game)
        if result is not None:
            settlement = rule_on_settlement(result, record.result, record.players)
    return Verdict(record, tuple(opening), opening_state, tuple(rulings), final_state,
                   stopped, over_before, unfinished, settlement)
