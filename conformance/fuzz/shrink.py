"""Shrink a divergent game to a small one that shows the same divergence.

A candidate is a setup (deal) and a list of entries (seat, action, probe?, the 1.0 moves of a
shaped decision); the reference, in the shape of the game's profile, must still play every
action legally (a shaped decision with its recorded moves, whoever chose them) and reject
every probe, and the implementation must
still show a divergence with the same signature (place, deciding clause and reason codes:
:mod:`conformance.fuzz.signature`), after earlier ones that leave both sides in the same state
if need be. Three moves, repeated while they help and while the time budget lasts:

1. cut the game right after the divergence;
2. delta debugging over the action list and the deal: drop probes that are not the
   divergence, and drop whole rounds of plain turns (each seat draws a card and discards
   it, or discards a dealt card), moving the drawn card into the hand or back to the
   bottom of the stock so that every later draw is the same;
3. search: seeded games at smaller tables (2 players first) under the same ruleset, room
   options and session, kept when they show the same divergence sooner.

The size of a game is the number of actions its fixture holds. The budget is in seconds: when
it runs out the smallest game found so far is the result.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from conformance.fuzz.deciding import decide
from conformance.fuzz.divergence import LEGAL, RESULT, Divergence
from conformance.fuzz.generate import game_params, new_reference_game, play
from conformance.fuzz.lockstep import replay
from conformance.fuzz.plan import make_plan
from conformance.fuzz.script import Decision, GameScript, Setup
from conformance.fuzz.seeds import game_seed
from conformance.fuzz.shape import Table, read_action
from conformance.fuzz.signature import Signature
from conformance.protocol import Driver
from reference_impl.cards import format_card, parse_card
from reference_impl.profiles import DEFAULT, Profile

#: (seat, action, probe?, the 1.0 moves of a shaped decision or None).
Entry = tuple[int, dict[str, Any], bool, tuple[dict[str, Any], ...] | None]


@dataclass(frozen=True)
class Shrunk:
    """The smallest game found, its divergence and how many candidates were tried."""

    script: GameScript
    divergence: Divergence
    size: int
    tried: int
    original_size: int


def entries_of(script: GameScript) -> list[Entry]:
    return [(d.seat, d.action, d.probe, d.moves) for d in script.decisions]


def replay_entries(setup: Setup, entries: list[Entry], profile: Profile = DEFAULT
                   ) -> GameScript | None:
    """The entries on the reference in the shape of ``profile``, or None when an action is
    now illegal (or a probe legal)."""
    try:
        table = Table(new_reference_game(setup), profile)
    except Exception:
        return None
    game = table.game
    decisions: list[Decision] = []
    for seat, action, probe, moves in entries:
        if game.is_over:
            return None
        legal = table.legal()[1] if not probe and game.to_act == seat else None
        if moves is not None and not probe:
            ruling = table.adopt(seat, moves)  # the recorded choice, whoever made it
        else:
            ruling, moves = table.apply(seat, read_action(action))
        if ruling.ok == probe:
            return None
        decisions.append(Decision(seat, action, ruling.to_json(), legal, probe,
                                  moves if ruling.ok else None))
    return GameScript(setup, table.start_events(), tuple(decisions), table.result(),
                      profile=profile)


def cut(script: GameScript, div: Divergence) -> GameScript:
    """The game up to (and including) the divergent decision."""
    if div.kind == RESULT or div.step < 0:
        return script
    decisions = script.decisions[: div.step + 1]
    result = script.result if div.step == len(script.decisions) - 1 else None
    return GameScript(script.setup, script.start_events, decisions, result, script.label,
                      script.profile)


def size_of(script: GameScript, div: Divergence) -> int:
    """Actions the fixture of ``div`` holds."""
    if div.kind == RESULT or div.step < 0:
        return len(script.decisions)
    return div.step if div.kind == LEGAL else div.step + 1


class Shrinker:
    """Shrinks divergences of one implementation (reached through ``driver``), each within
    ``budget`` seconds; ``sizes``: the table sizes the implementation plays (None: all)."""

    def __init__(self, driver: Driver, budget: float = 300.0, game_id: str = "fuzz-shrink",
                 queries: frozenset[str] = frozenset({"legal_actions", "result"}),
                 sizes: tuple[int, ...] | None = None, search_games: int = 300):
        self.driver, self.budget, self.game_id, self.queries = driver, budget, game_id, queries
        self.sizes, self.search_games = sizes, search_games
        self.tried = 0
        self.deadline = float("inf")

    @property
    def out_of_time(self) -> bool:
        return time.perf_counter() > self.deadline

    def check(self, script: GameScript, want: Signature
              ) -> tuple[GameScript, Divergence] | None:
        """The game cut after its divergence of signature ``want``, found after earlier
        divergences the replay can go past; None when it shows none."""
        self.tried += 1
        out = replay(self.driver, script, self.game_id, self.queries, attribute=False,
                     keep_going=True)
        for div in out.divergences:
            for part in decide(div, script):
                if part.signature == want:
                    return cut(script, part), part
        return None

    def candidate(self, setup: Setup, entries: list[Entry], want: Signature,
                  profile: Profile = DEFAULT) -> tuple[GameScript, Divergence] | None:
        if self.out_of_time:
            return None
        script = replay_entries(setup, entries, profile)
        return None if script is None else self.check(script, want)

    def shrink(self, script: GameScript, div: Divergence, seed: int) -> Shrunk:
        self.deadline = time.perf_counter() + self.budget
        want = div.signature
        best = cut(script, div)
        best_div = div
        original = size_of(best, div)
        best, best_div = self._repeat(best, best_div, want)
        found = self._search(best, best_div, want, seed)
        if found is not None:
            best, best_div = self._repeat(*found, want)
        return Shrunk(best, best_div, size_of(best, best_div), self.tried, original)

    def _repeat(self, best: GameScript, best_div: Divergence, want: Signature
                ) -> tuple[GameScript, Divergence]:
        improved = True
        while improved and not self.out_of_time:
            improved = False
            for move in (self._drop_probes, self._drop_rounds):
                found = move(best, best_div, want)
                if found is not None and size_of(*found) < size_of(best, best_div):
                    best, best_div = found
                    improved = True
        return best, best_div

    # -- moves --------------------------------------------------------------------------------

    def _drop_probes(self, script: GameScript, div: Divergence, want: Signature
                     ) -> tuple[GameScript, Divergence] | None:
        entries = entries_of(script)
        probes = [i for i, e in enumerate(entries) if e[2] and i != div.step]
        if not probes:
            return None
        kept = [e for i, e in enumerate(entries) if i not in probes]
        found = self.candidate(script.setup, kept, want, script.profile)
        if found is not None:
            return found
        for i in reversed(probes):  # one at a time
            found = self.candidate(script.setup, entries[:i] + entries[i + 1:], want,
                                   script.profile)
            if found is not None:
                return found
        return None

    def _drop_rounds(self, script: GameScript, div: Divergence, want: Signature
                     ) -> tuple[GameScript, Divergence] | None:
        for setup, entries in _round_deletions(script, limit=div.step):
            found = self.candidate(setup, entries, want, script.profile)
            if found is not None and size_of(*found) < size_of(script, div):
                return found
        return None

    def _search(self, script: GameScript, div: Divergence, want: Signature, seed: int
                ) -> tuple[GameScript, Divergence] | None:
        setup = script.setup
        best: tuple[GameScript, Divergence] | None = None
        best_size = size_of(script, div)
        sizes = sorted({2, 3, setup.players} & _sizes(setup) & set(self.sizes or (2, 3, 4))
                       | {setup.players})
        count = self.search_games
        for k in range(count):
            if self.out_of_time:
                break
            players = sizes[k % len(sizes)] if k < count // 2 else sizes[0]
            plan = make_plan(k, game_seed(seed, k), setup.ruleset, players, probe_rate=0.0)
            plan = replace(plan, setup=replace(plan.setup, options=dict(setup.options),
                                               readings=dict(setup.readings),
                                               session=_session_for(setup.session, players)),
                           profile=script.profile)
            try:
                cand = play(plan)
            except Exception:
                continue
            found = self.check(cand, want)
            if found is not None and size_of(*found) < best_size:
                best, best_size = found, size_of(*found)
                if best_size <= 2:
                    break
        return best


def _sizes(setup: Setup) -> set[int]:
    return set(game_params(setup)["players"])


def _session_for(session: dict[str, Any] | None, players: int) -> dict[str, Any] | None:
    if not session:
        return None
    streak = {k: v for k, v in (session.get("u_streak") or {}).items() if int(k) < players}
    out: dict[str, Any] = {}
    if streak:
        out["u_streak"] = streak
    if session.get("host") is not None and session["host"] < players:
        out["host"] = session["host"]
    return out or None


def _drawn_cards(script: GameScript) -> list[str | None]:
    out: list[str | None] = []
    for d in script.decisions:
        card = None
        if d.accepted and d.action.get("type") == "draw":
            for e in d.ruling.get("events") or ():
                if e.get("type") == "drew":
                    card = e["card"]
                    break
        out.append(card)
    return out


def _round_deletions(script: GameScript, limit: int
                     ) -> list[tuple[Setup, list[Entry]]]:
    """Candidates without one round of plain turns (latest rounds first)."""
    setup = script.setup
    n = setup.players
    entries = entries_of(script)
    drawn = _drawn_cards(script)
    if any(e[1].get("type") == "leave" for e in entries):
        return []
    # Turns: (start, end) index ranges of accepted entries ending in a discard.
    turns: list[tuple[int, int, int]] = []
    start = 0
    for i, (seat, action, probe, _) in enumerate(entries):
        if probe:
            continue
        if action.get("type") in ("discard", "timeout"):
            turns.append((start, i + 1, seat))
            start = i + 1
    out: list[tuple[Setup, list[Entry]]] = []
    for t0 in range(len(turns) - n, 0, -1):
        window = turns[t0:t0 + n]
        if len(window) < n or window[-1][1] > limit:
            continue
        seats = [w[2] for w in window]
        if sorted(seats) != list(range(n)):
            continue
        after = window[-1][1]
        if after < len(entries) and entries[after][1].get("type") == "eat":
            continue
        hands = [list(h) for h in setup.hands]
        removed_draws: list[str] = []
        freed: list[str] = []
        ok = True
        later = entries[after:]
        for s0, s1, seat in window:
            real = [(i, entries[i]) for i in range(s0, s1) if not entries[i][2]]
            if len(real) != 2 or real[0][1][1].get("type") != "draw" or \
                    real[1][1][1].get("type") != "discard" or real[1][1][3] is not None:
                ok = False
                break
            d = drawn[real[0][0]]
            x = real[1][1][1]["card"]
            if d is None:
                ok = False
                break
            removed_draws.append(d)
            if _same(x, d):
                freed.append(d)
                continue
            hand = hands[seat]
            if x not in hand or _mentioned(x, later):
                ok = False
                break
            hand[hand.index(x)] = d
            freed.append(x)
        if not ok:
            continue
        stock = [c for c in setup.stock if c not in removed_draws] + freed
        new_setup = replace(setup, hands=tuple(tuple(h) for h in hands), stock=tuple(stock))
        kept = entries[: window[0][0]] + later
        out.append((new_setup, kept))
    return out


def _same(a: str, b: str) -> bool:
    return format_card(parse_card(a)) == format_card(parse_card(b))


def _mentioned(card: str, entries: list[Entry]) -> bool:
    """Does a later action name ``card``?"""
    text = format_card(parse_card(card))
    return any(text in _cards_named(move) for e in entries for move in (e[3] or (e[1],)))


def _cards_named(action: dict[str, Any]) -> set[str]:
    out = {str(action.get("card"))}
    out |= {str(c) for c in action.get("with") or []}
    out |= {str(c) for p in action.get("phoms") or [] for c in p}
    return {format_card(parse_card(c)) for c in out if c != "None"}


ShrinkFn = Callable[[GameScript, Divergence, int], Shrunk]
