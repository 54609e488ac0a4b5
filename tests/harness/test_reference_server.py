"""The reference engine's protocol server: in-process (Server.handle) and as a real process."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from conformance.drivers.inprocess import InProcessDriver
from conformance.drivers.subprocess import SubprocessDriver
from conformance.protocol.schemas import reply_schema_problem
from reference_impl import Deal
from reference_impl.server import Server
from tests.harness.helpers import DECK

SERVER = [sys.executable, "-m", "reference_impl.server"]
HELLO = {"id": 0, "type": "hello", "protocol": "1.0"}
# DECK is AS..KS AC..KC AD..KD AH..KH; dealt one at a time from seat 0, seat 0 holds the 1st,
# 5th, 9th... card (AS 5S 9S KS 4C 8C QC 3D 7D) and the 37th (JD) as the first player.
SEAT0 = ["AS", "5S", "9S", "KS", "4C", "8C", "QC", "3D", "7D", "JD"]


def new_game(gid: str = "g1", **over: Any) -> dict[str, Any]:
    return {"type": "new_game", "game": gid, "ruleset": "co-ban", "players": 4, "first": 0,
            "deal": {"deck": DECK}} | over


def started() -> Server:
    server = Server()
    assert server.handle(HELLO)["ok"] is True
    return server


def test_hello_declares_every_ruleset_and_query() -> None:
    reply = Server().handle(HELLO)
    assert reply_schema_problem("hello", reply) is None
    assert [r["id"] for r in reply["rulesets"]] == ["co-ban", "hoi-quan-bai", "ki-gui", "u9la"]
    ki_gui = next(r for r in reply["rulesets"] if r["id"] == "ki-gui")
    assert ki_gui["options"] == {"ki_gui": [True, False]}
    assert reply["queries"] == ["legal_actions", "state", "result", "next_game", "evaluate"]
    assert list(reply)[:2] == ["id", "ok"]


def test_deck_deal_and_the_opening_turn() -> None:
    server = started()
    reply = server.handle({"id": 1, **new_game()})
    assert reply == {"id": 1, "ok": True, "game": "g1",
                     "events": [{"type": "turn", "seat": 0, "final_round": False, "tai": False}]}
    state = server.handle({"id": 2, "type": "state", "game": "g1"})["state"]
    assert sorted(state["hands"][0]) == sorted(SEAT0)
    assert state["stock_count"] == 15 and state["phase"] == "discard_only"
    # the opening player discards without drawing (TURN.OPENING-DISCARD)
    draw = server.handle({"id": 3, "type": "apply", "game": "g1", "seat": 0,
                          "action": {"type": "draw"}})
    assert draw["ruling"] == "rejected" and draw["reason"] == "WRONG_PHASE"
    turn = server.handle({"id": 4, "type": "apply", "game": "g1", "seat": 1,
                          "action": {"type": "draw"}})
    assert turn["reason"] == "NOT_YOUR_TURN" and turn["clause"] == "TURN.NOT-YOUR-TURN"
    ok = server.handle({"id": 5, "type": "apply", "game": "g1", "seat": 0,
                        "action": {"type": "discard", "card": "KS"}})
    assert ok["ruling"] == "accepted"
    assert ok["events"][0] == {"type": "discarded", "seat": 0, "card": "KS", "chot": False}


@pytest.mark.parametrize(("request_", "code", "text"), [
    ({"id": 1, "type": "state", "game": "nope"}, "unknown_game", "no game 'nope'"),
    ({"id": 1, "type": "fly"}, "malformed", "unknown request type 'fly'"),
    ({"id": 1.5, "type": "bye"}, "malformed", "'id' must be an integer or a string"),
    ({"id": 1, "type": "state"}, "malformed", "missing member(s) 'game'"),
    ({"id": 1, "type": "state", "game": "g1", "x": 1}, "malformed", "unknown member(s) 'x'"),
    ({"id": 1, "type": "apply", "game": "g1", "seat": 0,
      "action": {"type": "discard", "card": "1Z"}}, "malformed", "malformed card code '1Z'"),
    ({"id": 1, "type": "apply", "game": "g1", "seat": 0, "action": {"type": "jump"}},
     "malformed", "unknown action type 'jump'"),
    ({"id": 1, "type": "apply", "game": "g1", "seat": 0,
      "action": {"type": "draw", "card": "AS"}}, "malformed", "unknown member(s) 'card'"),
    ({"id": 1, "type": "apply", "game": "g1", "seat": 7, "action": {"type": "draw"}},
     "malformed", "'seat' must be a seat 0..3"),
    ({"id": 1, **new_game(ruleset="nope")}, "unsupported", "unknown ruleset 'nope'"),
    ({"id": 1, **new_game(options={"ki_gui": False})}, "unsupported",
     "has no room option 'ki_gui'"),
    ({"id": 1, **new_game(readings={"AMB.NOPE": "x"})}, "unsupported",
     "unknown ambiguity 'AMB.NOPE'"),
    ({"id": 1, **new_game(deal={"deck": [*DECK[:51], "AS"]})}, "bad_deal", "dealt twice"),
    ({"id": 1, **new_game(deal={"deck": DECK[:51]})}, "bad_deal", "a deck has 52 cards"),
    ({"id": 1, **new_game(deal={"deck": [*DECK[:51], "ZZ"]})}, "malformed", "'ZZ'"),
    ({"id": 1, **new_game(deal={"cards": DECK})}, "malformed", "'deal' is"),
    ({"id": 1, **new_game(first=4)}, "malformed", "'first' must be a seat 0..3"),
    ({"id": 1, **new_game(session={"u_streak": {"9": 1}})}, "malformed", "session.u_streak"),
])
def test_error_replies(request_: dict[str, Any], code: str, text: str) -> None:
    server = started()
    server.handle({"id": 0, **new_game()})
    reply = server.handle(request_)
    assert reply["ok"] is False and reply["error"]["code"] == code, reply
    assert text in reply["error"]["message"]
    assert reply_schema_problem(request_.get("type"), reply) is None
    # the session goes on
    assert server.handle({"id": 9, "type": "result", "game": "g1"}) == {
        "id": 9, "ok": True, "result": None}


def test_hands_deal_must_match_the_players() -> None:
    server = started()
    deal = Deal.from_deck(DECK, players=4, first=0).to_json()
    reply = server.handle({"id": 1, **new_game(players=3, first=0, deal={
        "hands": deal["hands"], "stock": deal["stock"]})})
    assert reply["error"]["code"] == "bad_deal"
    assert "4 hands for 3 players" in reply["error"]["message"]


def test_requests_before_hello_and_a_second_hello() -> None:
    server = Server()
    assert server.handle({"id": 1, **new_game()})["error"]["message"].startswith(
        "new_game before hello")
    assert server.handle({"id": 2, "type": "hello", "protocol": "2.0"})["error"]["code"] == (
        "unsupported")
    assert server.handle(HELLO)["ok"] is True
    assert server.handle(HELLO)["error"]["code"] == "malformed"


def test_reused_game_id_starts_a_new_game() -> None:
    server = started()
    server.handle({"id": 1, **new_game()})
    server.handle({"id": 2, "type": "apply", "game": "g1", "seat": 0,
                   "action": {"type": "discard", "card": "KS"}})
    server.handle({"id": 3, **new_game()})
    state = server.handle({"id": 4, "type": "state", "game": "g1"})["state"]
    assert state["to_act"] == 0 and state["phase"] == "discard_only"


def test_a_session_checks_a_deal_once_and_a_refused_deal_every_time() -> None:
    server = started()
    server.handle({"id": 1, **new_game("a")})
    server.handle({"id": 2, **new_game("b")})
    assert server._games["a"].st.deal is server._games["b"].st.deal  # the same checked deal
    bad = {"deck": DECK[:51]}
    for rid in (3, 4):
        reply = server.handle({"id": rid, **new_game("c", deal=bad)})
        assert reply["error"]["code"] == "bad_deal" and "52" in reply["error"]["message"]
    # a tuple is not the list it prints like: the same deal given as tuples is malformed
    hands = Deal.from_deck(DECK, players=4, first=0).to_json()
    server.handle({"id": 5, **new_game("d", deal=hands)})
    odd = {"hands": tuple(hands["hands"]), "stock": hands["stock"]}
    assert server.handle({"id": 6, **new_game("e", deal=odd)})["error"]["code"] == "malformed"


def test_strict_in_process_random_games() -> None:
    """Seeded random play: every reply of the reference is valid against the schemas."""
    import random

    driver = InProcessDriver(strict=True, roundtrip=True)
    driver.start()
    endings = set()
    for seed in range(12):
        rng = random.Random(seed)
        players = (4, 3, 2)[seed % 3]
        ruleset = ("co-ban", "ki-gui", "hoi-quan-bai", "u9la")[seed % 4]
        deal = Deal.shuffled(seed, players, seed % players).to_json()
        driver.call({"type": "new_game", "game": "g", "ruleset": ruleset, "players": players,
                     "first": seed % players,
                     "deal": {"hands": deal["hands"], "stock": deal["stock"]}})
        while True:
            legal = driver.call({"type": "legal_actions", "game": "g"})
            driver.call({"type": "state", "game": "g"})
            if legal["seat"] is None:
                break
            action = rng.choice(legal["actions"] + [{"type": "timeout"}])
            reply = driver.call({"type": "apply", "game": "g", "seat": legal["seat"],
                                 "action": action})
            assert reply["ruling"] == "accepted", (seed, action, reply)
        endings.add(driver.call({"type": "result", "game": "g"})["result"]["ending"])
    assert endings  # every game ended with a schema-valid result


def test_real_process_pipelined_and_garbage_lines() -> None:
    lines = [HELLO, new_game(), {"type": "state", "game": "g1"}]
    payload = b"".join(json.dumps({"id": i, **m} if "id" not in m else m).encode() + b"\n"
                       for i, m in enumerate(lines))
    payload += b"this is not json\n\n[1, 2]\n" + json.dumps({"id": 9, "type": "bye"}).encode()
    payload += b"\n" + json.dumps({"id": 10, "type": "state", "game": "g1"}).encode() + b"\n"
    proc = subprocess.run(SERVER, input=payload, capture_output=True, timeout=30)
    assert proc.returncode == 0, proc.stderr
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r.get("id") for r in replies] == [0, 1, 2, None, None, 9]  # nothing after bye
    assert replies[3]["error"]["code"] == "malformed" and "not JSON" in replies[3]["error"][
        "message"]
    assert replies[4]["error"]["message"] == "a request is a JSON object, got list"
    assert replies[5] == {"id": 9, "ok": True}


def test_real_process_exits_on_end_of_input() -> None:
    proc = subprocess.run(SERVER, input=json.dumps(HELLO).encode(), capture_output=True,
                          timeout=30)
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["name"] == "phom-reference"  # a last line without newline


def test_subprocess_driver_strict_against_the_reference() -> None:
    driver = SubprocessDriver(SERVER, strict=True)
    driver.start()
    try:
        pending = [driver.send(new_game(f"g{i}")) for i in range(20)]
        pending += [driver.send({"type": "legal_actions", "game": f"g{i}"}) for i in range(20)]
        replies = [p.result() for p in pending]
        assert all(r["ok"] for r in replies)
        assert len(replies[20]["actions"]) == 10  # the opening player may discard any card
    finally:
        driver.close()
    assert driver.exit_status == 0 and not driver.killed


@pytest.mark.parametrize(
    ("request_", "first", "host"),
    [
        # Game 1: the host opens (DEAL.FIRST-GAME).
        ({"players": 4, "host": 2}, 2, 2),
        # The previous winner opens (DEAL.NEXT-GAME).
        ({"players": 3, "host": 0, "previous_winner": 1}, 1, 0),
        # The winner left: the next seat in play order opens (DEAL.WINNER-LEFT).
        ({"players": 4, "host": 0, "previous_winner": 3, "left": [3]}, 0, 0),
        # The host left: the role passes to the next seat (DEAL.HOST-PASSES); seat 1 won.
        ({"players": 4, "host": 1, "previous_winner": 1, "left": [1, 2]}, 3, 3),
    ],
)
def test_next_game_query(request_: dict[str, Any], first: int, host: int) -> None:
    server = Server()
    server.handle(HELLO)
    reply = server.handle({"id": 9, "type": "next_game", **request_})
    assert reply_schema_problem("next_game", reply) is None
    assert (reply["first"], reply["host"]) == (first, host)
