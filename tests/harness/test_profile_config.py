"""Profiles and readings as declared: ``Profile.from_hello`` (what the harness reads), the
``phom-reference`` and ``conformance.mutants.serve`` command lines, and the readings the
reference declares in ``hello`` and plays."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from conformance.mutants import serve as mutant_serve
from reference_impl.profiles import Profile, ProfileError, hello_readings
from reference_impl.serve_config import ConfigError, ServerConfig, parse_command_line
from tests.harness.profile_games import Session, deck, play

HELLO_LINE = json.dumps({"id": 0, "type": "hello", "protocol": "1.1"})
BYE_LINE = json.dumps({"id": 1, "type": "bye"})


# -- Profile.from_hello --------------------------------------------------------------------------

def test_a_1_0_hello_is_the_default_profile() -> None:
    hello = {"name": "x", "protocol": "1.0", "rulesets": [], "readings": {}, "queries": []}
    profile = Profile.from_hello(hello)
    assert profile == Profile() and profile.is_default and str(profile) == "explicit"
    assert profile.takes("lay_down") and not profile.takes("u")


def test_members_left_out_take_the_default_and_actions_follow_the_shape() -> None:
    profile = Profile.from_hello({"lay_down": "auto", "eat": "bare", "money": "none"})
    assert profile.actions == ("draw", "eat", "discard", "pass", "timeout", "leave")
    assert str(profile) == "auto-lay,bare-eat,no-money"
    assert Profile.from_hello({"u": "claimed"}).actions[-1] == "u"
    assert Profile.of_names("no-money,auto-lay") == Profile.from_hello(
        {"money": "none", "lay_down": "auto"})
    declared = Profile.from_hello({"actions": ["draw", "eat", "discard", "lay_down"]})
    assert declared.actions == ("draw", "eat", "discard", "lay_down")
    bare = Profile.of_names("bare-eat")
    assert Profile.from_hello(bare.to_hello()) == bare


@pytest.mark.parametrize(("hello", "member", "text"), [
    ({"lay_down": "automatic"}, "lay_down", "'automatic' is not one of 'explicit', 'auto'"),
    ({"eat": True}, "eat", "expected a string"),
    ({"money": "points"}, "money", "not one of 'full', 'none'"),
    ({"u": "button"}, "u", "not one of 'automatic', 'claimed'"),
    ({"actions": "draw"}, "actions", "expected a list of action types"),
    ({"actions": ["draw", "eat", "discard", "lay_down", "fly"]}, "actions",
     "unknown action type 'fly'"),
    ({"actions": ["draw", "eat", "discard", "lay_down", "draw"]}, "actions",
     "an action type twice"),
    ({"actions": ["draw", "discard", "lay_down"]}, "actions", "takes 'eat' actions"),
    ({"lay_down": "auto", "actions": ["draw", "eat", "discard", "send"]}, "actions",
     "lists send, but lay_down is 'auto'"),
    ({"actions": ["draw", "eat", "discard"]}, "actions", "needs the lay_down action"),
    ({"u": "claimed", "actions": ["draw", "eat", "discard", "lay_down"]}, "actions",
     "the u action is listed exactly when u is 'claimed'"),
    ({"actions": ["draw", "eat", "discard", "lay_down", "u"]}, "actions",
     "the u action is listed exactly when u is 'claimed'"),
    ({"u": "claimed", "readings": {"AMB.U-AUTOMATIC": "automatic"}}, "readings",
     "AMB.U-AUTOMATIC=automatic contradicts u: 'claimed'"),
    ({"readings": {}, "rulesets": [{"id": "co-ban", "options": {},
                                    "readings": {"AMB.U-AUTOMATIC": "declared"}}]},
     "rulesets[0].readings", "AMB.U-AUTOMATIC=declared contradicts u: 'automatic'"),
])
def test_bad_profiles_name_the_member(hello: dict[str, Any], member: str, text: str) -> None:
    with pytest.raises(ProfileError) as caught:
        Profile.from_hello(hello)
    assert caught.value.member == member
    assert str(caught.value).startswith(f"{member}: ") and text in str(caught.value)


def test_readings_per_ruleset_go_over_the_top_level_ones() -> None:
    hello = {"readings": {"AMB.CHOT-PRICE": "four", "AMB.HOLD-BACK": "lay-all"},
             "rulesets": [{"id": "co-ban", "options": {}, "readings": {"AMB.CHOT-PRICE": "one"}},
                          {"id": "u9la", "options": {}}]}
    assert hello_readings(hello, "co-ban") == {"AMB.CHOT-PRICE": "one", "AMB.HOLD-BACK": "lay-all"}
    assert hello_readings(hello, "u9la") == hello["readings"]
    assert hello_readings(hello, None) == hello["readings"]


# -- the command lines ---------------------------------------------------------------------------

@pytest.mark.parametrize(("argv", "text"), [
    (["--bogus"], "unrecognized arguments: --bogus (usage: phom-reference [--profile LIST]"),
    (["serve"], "unrecognized arguments: serve"),
    (["--profile"], "argument --profile: expected one argument"),
    (["--profile", "auto-lay,fast"], "--profile: unknown profile 'fast' (one of: auto-lay,"),
    (["--profile", ""], "--profile: unknown profile ''"),
    (["--profile", "claimed-u", "--reading", "AMB.U-AUTOMATIC=automatic"], "readings:"
     " AMB.U-AUTOMATIC=automatic contradicts u: 'claimed'"),
    (["--reading", "AMB.HOLD-BACK"], "--reading 'AMB.HOLD-BACK': expected"
     " [RULESET:]AMB.ID=READING"),
    (["--reading", "AMB.NOPE=x"], "readings: AMB.NOPE=x: unknown ambiguity 'AMB.NOPE'"),
    (["--reading", "AMB.HOLD-BACK=all"], "readings: AMB.HOLD-BACK=all: ambiguity"
     " 'AMB.HOLD-BACK' has no reading 'all' (readings: choose, lay-all)"),
    (["--reading", "AMB.LEAVE-PAYEE=shared"], "readings: AMB.LEAVE-PAYEE=shared: the"
     " reference engine cannot play it in ruleset co-ban (the reading sets no parameters"),
    (["--reading", "ki-gui:AMB.LEAVE-PAYEE=shared"], "rulesets[ki-gui].readings:"
     " AMB.LEAVE-PAYEE=shared: the reference engine cannot play it in ruleset ki-gui"),
    (["--reading", "AMB.U-AUTOMATIC=declared"], "readings: AMB.U-AUTOMATIC=declared"
     " contradicts u: 'automatic'"),
    (["--reading", "nope:AMB.HOLD-BACK=lay-all"], "--reading nope:...: unknown ruleset 'nope'"),
    (["--reading", "AMB.HOLD-BACK=lay-all", "--reading", "AMB.HOLD-BACK=choose"],
     "--reading 'AMB.HOLD-BACK=choose': AMB.HOLD-BACK is already read as 'lay-all'"),
])
def test_bad_command_lines_are_one_clear_line(argv: list[str], text: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_command_line(argv)
    message = str(caught.value)
    assert text in message and "\n" not in message


def test_the_reading_the_ruleset_takes_is_playable_without_parameters() -> None:
    # AMB.KHONG-KI-GUI-DEN=off-in-khong sets no parameters: it is what every ruleset plays.
    config = parse_command_line(["--reading", "AMB.KHONG-KI-GUI-DEN=off-in-khong"])
    assert config.readings_for("ki-gui") == {"AMB.KHONG-KI-GUI-DEN": "off-in-khong",
                                             "AMB.U-AUTOMATIC": "automatic"}  # its u shape's
    assert ServerConfig().is_default and not config.is_default


def _run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], input=stdin, capture_output=True, text=True,
                          timeout=60)


@pytest.mark.parametrize("argv", [["--bogus"], ["--profile", "bare-eat,fast"],
                                  ["--reading", "AMB.HOLD-BACK=all"]])
def test_phom_reference_exits_3_with_one_line(argv: list[str]) -> None:
    done = _run(["-m", "reference_impl.server", *argv], HELLO_LINE + "\n")
    assert done.returncode == 3 and done.stdout == ""
    assert done.stderr.startswith("phom-reference: ") and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


def test_phom_reference_serves_a_profile_and_readings() -> None:
    done = _run(["-m", "reference_impl.server", "--profile", "auto-lay,no-money",
                 "--reading", "AMB.HOLD-BACK=lay-all", "--reading", "u9la:AMB.CHOT-PRICE=one"],
                f"{HELLO_LINE}\n{BYE_LINE}\n")
    assert done.returncode == 0, done.stderr
    hello = json.loads(done.stdout.splitlines()[0])
    assert (hello["protocol"], hello["lay_down"], hello["money"]) == ("1.1", "auto", "none")
    assert hello["readings"] == {"AMB.HOLD-BACK": "lay-all"}
    u9la = next(r for r in hello["rulesets"] if r["id"] == "u9la")
    assert u9la["readings"] == {"AMB.CHOT-PRICE": "one"}
    assert all("readings" not in r for r in hello["rulesets"] if r["id"] != "u9la")


def test_a_mutant_served_under_a_profile() -> None:
    done = _run(["-m", "conformance.mutants.serve", "money-mom-3", "--profile", "bare-eat"],
                f"{HELLO_LINE}\n{BYE_LINE}\n")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[0])["eat"] == "bare"


@pytest.mark.parametrize(("argv", "text"), [
    ([], "usage: python -m conformance.mutants.serve MUTANT_ID [--profile LIST]"),
    (["no-such-mutant"], "MUTANT_ID one of: "),
    (["money-mom-3", "--profile", "fast"], "--profile: unknown profile 'fast'"),
    (["money-mom-3", "--bogus"], "unrecognized arguments: --bogus (usage: python -m"
     " conformance.mutants.serve ID [--profile LIST]"),
])
def test_mutant_serve_bad_command_lines(argv: list[str], text: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert mutant_serve.main(argv) == 3
    err = capsys.readouterr().err
    assert text in err and err.count("\n") == 1


# -- declared readings are played ----------------------------------------------------------------

def test_a_declared_reading_is_played_as_a_requested_one() -> None:
    """Under --reading AMB.HOLD-BACK=lay-all the same choices give the same game as the
    default server asked for that reading in new_game, and other legal actions than the
    ruleset's own reading gives."""
    declared = Session(["--reading", "AMB.HOLD-BACK=lay-all"])
    asked, plain = Session(), Session()
    differ = 0
    for seed in range(6):
        played = play(declared, seed, "hoi-quan-bai", 4)
        asked.ask("new_game", **dict(played.new_game, readings={"AMB.HOLD-BACK": "lay-all"}))
        plain.ask("new_game", **played.new_game)
        for step in played.steps:
            legal = asked.ask("legal_actions", game="g")["actions"]
            differ += legal != plain.ask("legal_actions", game="g")["actions"]
            assert asked.apply("g", step.seat, step.action)["events"] == step.events
            plain.apply("g", step.seat, step.action)
        assert asked.ask("result", game="g")["result"] == played.result
    assert differ > 0
    # a new game asking for another reading of a declared ambiguity: unsupported
    reply = declared.ask("new_game", game="h", ruleset="co-ban", players=4, first=0,
                         readings={"AMB.HOLD-BACK": "choose"}, deal={"deck": deck(1)})
    assert reply["ok"] is False and reply["error"]["code"] == "unsupported"
    assert "reads AMB.HOLD-BACK as 'lay-all'" in reply["error"]["message"]
    ok = declared.ask("new_game", game="h", ruleset="co-ban", players=4, first=0,
                      readings={"AMB.HOLD-BACK": "lay-all"}, deal={"deck": deck(1)})
    assert ok["ok"] is True


def test_a_reading_that_changes_the_table_sizes() -> None:
    session = Session(["--reading", "AMB.SMALL-TABLES-004=four-only"])
    assert {tuple(r["players"]) for r in session.hello["rulesets"]} == {(4,)}
    reply = session.ask("new_game", game="g", ruleset="hoi-quan-bai", players=3, first=0,
                        deal={"deck": deck(1)})
    assert reply["ok"] is False and reply["error"]["code"] == "unsupported"


def test_a_reading_of_one_ruleset_only() -> None:
    session = Session(["--reading", "co-ban:AMB.CHOT-PRICE=four"])
    assert session.hello["readings"] == {}
    co_ban = next(r for r in session.hello["rulesets"] if r["id"] == "co-ban")
    assert co_ban["readings"] == {"AMB.CHOT-PRICE": "four"}
    for ruleset in ("co-ban", "ki-gui"):  # ki-gui keeps its own reading: it is not declared
        reply = session.ask("new_game", game=ruleset, ruleset=ruleset, players=4, first=0,
                            readings={"AMB.CHOT-PRICE": "one"}, deal={"deck": deck(1)})
        assert reply["ok"] is (ruleset == "ki-gui"), reply
