"""``phom-conformance smoke --impl CMD``: is the adapter speaking the protocol at all?

Starts the implementation, checks its hello and its error replies, then plays a few trivial
games (random draws and discards chosen by the reference engine, seeded; a lay-down or a send
where the implementation's declared reading makes one compulsory) over the protocol,
pipelined, comparing every ruling and the result with the reference. The reference plays
under the readings the implementation declares (conformance.fuzz.offer); where it cannot play
one, a result that differs is a note, not a failure. A protocol problem (crash, timeout, bad
reply, wrong error code) is the adapter's: exit 2. A game the two play differently is the
engine's: exit 1 (``run`` then says which rule).
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

import click

from conformance.drivers.subprocess import (
    DEFAULT_HELLO_TIMEOUT,
    DEFAULT_TIMEOUT,
    SubprocessDriver,
)
from conformance.errors import HarnessError, ImplError, ScenarioSkipped, StepFailure
from conformance.fuzz.offer import Offer, RulesetOffer, offer_of_hello
from conformance.suite.mirror import Mirror
from conformance.suite.profile import ProfileInForce, profile_in_force
from reference_impl import Deal, Game, load_ruleset
from reference_impl.action_text import action_words
from reference_impl.actions import Action
from reference_impl.cards import format_card
from reference_impl.policies import RandomPolicy
from reference_impl.shaped import ShapedGame

EXIT_OK, EXIT_ENGINE, EXIT_ADAPTER, EXIT_USAGE = 0, 1, 2, 3
TRIVIAL = ("draw", "discard", "pass")


class _Trivial:
    """Uniform over the legal draws, discards and passes: a game any adapter can play. Where
    none is legal (a reading that makes laying down, or sending, compulsory before the final
    discard), the first legal lay-down, else the first legal send."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        actions = [a for a in legal if a.type in TRIVIAL]
        if actions:
            return self.rng.choice(actions)
        owed = [a for kind in ("lay_down", "send") for a in legal if a.type == kind]
        if not owed:
            raise HarnessError(f"no legal action to play in phase {game.phase}")
        return owed[0]


class _Smoke:
    def __init__(self, driver: SubprocessDriver):
        self.driver = driver
        self.adapter_problems = 0
        self.engine_problems = 0

    def ok(self, text: str) -> None:
        click.echo(f"  ok    {text}")

    def bad(self, text: str, *, engine: bool = False) -> None:
        click.echo(f"  FAIL  {text}")
        if engine:
            self.engine_problems += 1
        else:
            self.adapter_problems += 1

    def note(self, text: str) -> None:
        click.echo(f"  note  {text}")


def _pick_ruleset(offer: Offer, wanted: str | None) -> tuple[RulesetOffer | None, int]:
    """The ruleset to play (co-ban when offered) and its table size (4 when offered)."""
    if wanted is not None:
        choice = offer.get(wanted)
    else:
        choice = offer.get("co-ban") or next(iter(offer.rulesets.values()), None)
    if choice is None:
        return None, 4
    return choice, 4 if 4 in choice.players else max(choice.players)


def _error_checks(smoke: _Smoke, game: str) -> None:
    """Bad requests get error replies with the right code, and the session goes on."""
    d = smoke.driver
    checks: list[tuple[str, dict[str, Any], str]] = [
        ("unknown game id", {"type": "state", "game": "no-such-game"}, "unknown_game"),
        ("bad card code", {"type": "apply", "game": game, "seat": 0,
                           "action": {"type": "discard", "card": "1Z"}}, "malformed"),
        ("unknown request type", {"type": "shuffle", "game": game}, "malformed"),
        ("unknown ruleset", {"type": "new_game", "game": "smoke-x", "ruleset": "no-such-rules",
                             "players": 4, "first": 0,
                             "deal": {"deck": [format_card(c) for c in range(52)]}},
         "unsupported"),
    ]
    pending = [(label, d.send(message), code) for label, message, code in checks]
    for label, p, code in pending:
        reply = p.result()
        error = reply.get("error") if reply.get("ok") is False else None
        got = error.get("code") if isinstance(error, dict) else None
        if got == code:
            smoke.ok(f"{label}: error reply {code!r}")
        else:
            smoke.bad(f"{label}: expected an error reply {code!r}, got {reply!r}")


def _result_keys(shape: ProfileInForce) -> tuple[str, ...]:
    """What the results must agree on: with ``money: none``, only ending, winner and ranking
    (places, ranks, points, móm), as spec/protocol.md 8.4 says."""
    return ("ending", "winner", "ranking") if shape.profile.money == "none" else \
        ("ending", "winner", "totals")


def _play_shaped(smoke: _Smoke, entry: RulesetOffer, players: int, index: int, seed: int,
                 full: bool, queries: set[str], shape: ProfileInForce) -> None:
    """One game with an implementation of another shape (spec/protocol.md 8), in lockstep:
    the reference picks each action among those the shape takes, and adopts the
    implementation's own choices (the partners of a bare eat, an automatic lay-down) once
    they are checked against the rules."""
    ruleset = entry.id
    first = index % players
    deal = Deal.shuffled(seed + index, players, first).to_json()
    gid = f"smoke-{index + 1}"
    what = f"game {index + 1} ({ruleset}, {players} players, seed {seed + index})"
    message = {"type": "new_game", "game": gid, "ruleset": ruleset, "players": players,
               "first": first, "readings": dict(entry.played),
               "deal": {"hands": deal["hands"], "stock": deal["stock"]}}
    try:
        mirror = Mirror.build(message, shape)
    except ScenarioSkipped as e:
        smoke.note(f"{what}: not played: {e}")
        return
    d = smoke.driver
    reply = d.call(message)
    if reply.get("ok") is not True:
        smoke.bad(f"{what}: new_game refused: {reply.get('error')}")
        return
    rng = random.Random(seed + index)
    profile = shape.profile
    n = 0
    while not mirror.game.is_over and n < 1000:
        seat = mirror.game.to_act
        if seat is None:
            raise HarnessError("the reference has nobody to act in a game that is not over")
        listed = [a for a in ShapedGame(mirror.game.copy(), profile).legal_actions()
                  if profile.takes(a["type"]) and (full or a["type"] in TRIVIAL)]
        if not listed:
            smoke.note(f"{what}: stopped after {n} actions: nothing the implementation takes"
                       " is legal")
            return
        action = rng.choice(listed)
        n += 1
        got = d.call({"type": "apply", "game": gid, "seat": seat, "action": action})
        if got.get("ok") is not True:
            smoke.bad(f"{what}: action {n} (seat {seat}: {action_words(action)}) got an error"
                      f" reply: {got.get('error')}")
            return
        if got.get("ruling") != "accepted":
            smoke.bad(f"{what}: action {n} (seat {seat}: {action_words(action)}): the reference"
                      f" says accepted, the implementation {got.get('reason')}", engine=True)
            return
        try:
            mirror.adopt(f"action {n}", seat, action, got.get("events") or [])
        except StepFailure as e:
            smoke.bad(f"{what}: action {n} (seat {seat}: {action_words(action)}): expected"
                      f" {e.expected}, got {e.actual}", engine=True)
            return
    summary = f"{n} actions agreed ({shape.describe()})"
    if "result" in queries:
        mine = mirror.game.result() or {}
        theirs = d.call({"type": "result", "game": gid}).get("result")
        keys = _result_keys(shape)
        if theirs is None or any(theirs.get(k) != mine.get(k) for k in keys):
            shown = theirs if theirs is None else {k: theirs.get(k) for k in keys}
            smoke.bad(f"{what}: result differs: reference { {k: mine.get(k) for k in keys} },"
                      f" implementation {shown}", engine=True)
            return
        summary += f"; result agrees (ending {mine['ending']}, winner {mine['winner']})"
    smoke.ok(f"{what}: {summary}")


def _play(smoke: _Smoke, entry: RulesetOffer, players: int, index: int, seed: int, full: bool,
          queries: set[str], shape: ProfileInForce | None = None) -> None:
    """One game: the reference picks every action; the implementation must agree."""
    if shape is not None and not shape.is_default:
        _play_shaped(smoke, entry, players, index, seed, full, queries, shape)
        return
    ruleset = entry.id
    rs = load_ruleset(ruleset, readings=entry.played)
    first = index % players
    deal = Deal.shuffled(seed + index, players, first)
    game = Game(rs, deal)
    policy = RandomPolicy(seed + index) if full else _Trivial(seed + index)
    script: list[tuple[int, Action, dict[str, Any]]] = []
    while not game.is_over:
        seat = game.to_act
        if seat is None:
            raise HarnessError("the reference has nobody to act in a game that is not over")
        action = policy.choose(game)
        ruling = game.apply(seat, action)
        script.append((seat, action, ruling.to_json()))
    gid = f"smoke-{index + 1}"
    d = smoke.driver
    body = deal.to_json()
    start = d.send({"type": "new_game", "game": gid, "ruleset": ruleset, "players": players,
                    "first": first, "readings": dict(entry.played),
                    "deal": {"hands": body["hands"], "stock": body["stock"]}})
    sent = [(seat, action, expected,
             d.send({"type": "apply", "game": gid, "seat": seat, "action": action.to_json()}))
            for seat, action, expected in script]
    result = d.send({"type": "result", "game": gid}) if "result" in queries else None
    state = d.send({"type": "state", "game": gid}) if "state" in queries else None
    what = f"game {index + 1} ({ruleset}, {players} players, seed {seed + index})"
    reply = start.result()
    if reply.get("ok") is not True:
        smoke.bad(f"{what}: new_game refused: {reply.get('error')}")
        return
    for n, (seat, action, expected, p) in enumerate(sent, 1):
        got = p.result()
        if got.get("ok") is not True:
            smoke.bad(f"{what}: action {n} (seat {seat}: {action}) got an error reply:"
                      f" {got.get('error')}")
            return
        if got.get("ruling") != expected["ruling"]:
            detail = got.get("reason") or got.get("ruling")
            smoke.bad(f"{what}: action {n} (seat {seat}: {action}): the reference says"
                      f" {expected['ruling']}, the implementation {detail}", engine=True)
            return
    summary = f"{len(sent)} actions agreed"
    if result is not None:
        mine = game.result() or {}
        theirs = result.result().get("result")
        if theirs is None:
            smoke.bad(f"{what}: the result is null: the game is not over for the implementation"
                      f" (the reference ends it with {mine.get('ending')})", engine=True)
            return
        keys = ("ending", "winner", "totals")
        diff = [k for k in keys if theirs.get(k) != mine.get(k)]
        if diff:
            text = (f"{what}: result differs on {', '.join(diff)}: reference"
                    f" { {k: mine.get(k) for k in keys} }, implementation"
                    f" { {k: theirs.get(k) for k in keys} }")
            if entry.unplayable:
                smoke.note(f"{text}; not counted: the implementation declares readings the"
                           f" reference cannot play ({_readings(entry.unplayable)})")
            else:
                smoke.bad(text, engine=True)
            return
        summary += f"; result agrees (ending {mine['ending']}, totals {mine['totals']})"
    if state is not None:
        state.result()
        summary += "; state reply valid"
    smoke.ok(f"{what}: {summary}")


@click.command("smoke")
@click.option("--impl", required=True, metavar="CMD",
              help="Command line of the implementation (split like a shell, never run in one).")
@click.option("--ruleset", metavar="R", help="Ruleset to play (default: co-ban if offered).")
@click.option("--games", type=click.IntRange(min=1), default=3, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--full", is_flag=True,
              help="Random play over every legal action (eats, lay-downs, sends), not only"
                   " draws and discards.")
@click.option("--timeout", type=click.FloatRange(min=0.01), default=DEFAULT_TIMEOUT,
              show_default=True)
@click.option("--hello-timeout", type=click.FloatRange(min=0.01), default=DEFAULT_HELLO_TIMEOUT,
              show_default=True)
def command(impl: str, ruleset: str | None, games: int, seed: int, full: bool, timeout: float,
            hello_timeout: float) -> None:
    """Check that an adapter speaks the protocol: exit 0 ok, 1 engine disagrees, 2 adapter."""
    click.echo(f"phom-conformance smoke: {impl}")
    try:
        driver = SubprocessDriver(impl, timeout=timeout, hello_timeout=hello_timeout, strict=True)
    except HarnessError as e:
        click.echo(f"phom-conformance: --impl: {e}", err=True)
        sys.exit(EXIT_USAGE)
    smoke = _Smoke(driver)
    started = time.perf_counter()
    try:
        hello = driver.start()
    except (ImplError, HarnessError) as e:
        smoke.bad(f"start and hello: {e}")
        _tail(getattr(e, "stderr_tail", ""))
        sys.exit(EXIT_ADAPTER)
    smoke.ok(f"started; hello in {time.perf_counter() - started:.2f} s: {hello['name']}"
             f" {hello['version']} ({hello['language']}), protocol {hello['protocol']}")
    smoke.ok("hello reply valid against spec/schemas/protocol/hello.reply.schema.json")
    shape = profile_in_force(hello)
    for problem in shape.problems:  # left out, and the smoke goes on (spec/protocol.md 8.7)
        smoke.bad(problem)
    smoke.ok(f"profile: {shape.describe()}")
    offer = offer_of_hello(hello)
    for problem in offer.problems:
        if not any(line.startswith(problem) for line in shape.problems):
            smoke.note(problem)
    chosen, players = _pick_ruleset(offer, ruleset)
    if chosen is None:
        offered = ", ".join(str(r.get("id")) for r in hello.get("rulesets") or [])
        smoke.bad(f"no ruleset to play: the implementation offers {offered or 'none'}"
                  f"{f', not {ruleset}' if ruleset else ''}")
        driver.close()
        sys.exit(EXIT_ADAPTER)
    if chosen.played:
        smoke.note(f"the reference plays the declared readings {_readings(chosen.played)}")
    if chosen.unplayable:
        smoke.note(f"the reference cannot play the declared readings"
                   f" {_readings(chosen.unplayable)}: results are compared as notes only")
    queries = set(hello.get("queries") or [])
    if not queries >= {"result"}:
        smoke.note("no 'result' query: results are not compared (declare it in hello)")
    try:
        for i in range(games):
            _play(smoke, chosen, players, i, seed, full, queries, shape)
            if i == 0:
                _error_checks(smoke, "smoke-1")
        driver.close()
        if driver.killed:
            smoke.bad("bye: the implementation did not exit within 2 s (spec/protocol.md 4)")
        elif driver.exit_status == 0:
            smoke.ok("bye: the implementation exited with status 0")
        else:
            smoke.bad(f"bye: the implementation exited with status {driver.exit_status}, not 0")
    except ImplError as e:
        smoke.bad(f"{type(e).__name__}: {e}")
        _tail(e.stderr_tail)
        driver.close()
        sys.exit(EXIT_ADAPTER)
    if smoke.adapter_problems:
        click.echo(f"smoke FAILED: {smoke.adapter_problems} protocol problem(s): fix the adapter")
        sys.exit(EXIT_ADAPTER)
    if smoke.engine_problems:
        click.echo(f"smoke: the adapter speaks the protocol, but {smoke.engine_problems} game(s)"
                   " went differently from the reference. Next:"
                   f" phom-conformance run --impl {_quote(impl)}")
        sys.exit(EXIT_ENGINE)
    click.echo(f"smoke passed: the adapter speaks the protocol. Next:"
               f" phom-conformance run --impl {_quote(impl)}")
    sys.exit(EXIT_OK)


def _readings(readings: dict[str, str]) -> str:
    return ", ".join(f"{a}={r}" for a, r in sorted(readings.items()))


def _quote(text: str) -> str:
    import shlex

    return shlex.quote(text)


def _tail(text: str) -> None:
    if text:
        click.echo("  stderr (tail):")
        for line in text.splitlines()[-20:]:
            click.echo(f"    {line}")
