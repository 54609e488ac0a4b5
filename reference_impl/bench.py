"""Engine throughput: complete random-play games per second.

``python -m reference_impl.bench [--ruleset R] [--games N] [--players 4] [--seed S] [--json]
[--public-api]``
Random play: at every decision the seat to act picks uniformly from its legal actions, by
index (``Game.legal_count``, ``Game.play``) or with ``--public-api`` from
``legal_actions()`` through ``apply()``: the same games, choice by choice.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import time
from typing import Any

from phomspec import SpecError, list_rulesets
from reference_impl.deal import Deal
from reference_impl.errors import EngineError
from reference_impl.game import Game
from reference_impl.params import load_ruleset
from reference_impl.state import OVER

#: Whether random.Random.choice draws through _randbelow_with_getrandbits (it does where
#: neither random() nor getrandbits() is overridden, as in random.Random itself).
CHOICE_BY_BITS: bool = (
    random.Random._randbelow is random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]
)


def engine_throughput(
    ruleset: str = "hoi-quan-bai",
    games: int = 2000,
    players: int = 4,
    seed: int = 0,
    public_api: bool = False,
) -> dict[str, Any]:
    """Play ``games`` random games (deal ``i`` shuffled with seed ``seed + i``, first seat
    ``i % players``) and time them; the figures are in the returned dict.

    The games are played through the index API (``Game.legal_count``, ``Game.play``), or
    with ``public_api`` through ``legal_actions()`` and ``apply()``: the same games."""
    rs = load_ruleset(ruleset)
    rng = random.Random(seed)
    # rng.choice(seq), inlined with the very same draws (CHOICE_BY_BITS): the same games
    getrandbits = rng.getrandbits
    choice = None if CHOICE_BY_BITS else rng.choice
    shuffled = Deal.shuffled
    decisions = 0
    start = time.perf_counter()
    if public_api:
        for i in range(games):
            decisions += _public_game(Game(rs, shuffled(seed + i, players, i % players)),
                                      getrandbits, choice)
    else:
        for i in range(games):
            game = Game(rs, shuffled(seed + i, players, i % players))
            st, count, play = game.st, game.legal_count, game.play
            while True:
                n = count()
                if n == 1 and choice is None:  # (a turn's start without an eat, mostly)
                    while getrandbits(1):  # choice's draws for one action: until a 0
                        pass
                    play(0)
                elif n:
                    if choice is None:
                        k = n.bit_length()
                        r = getrandbits(k)
                        while r >= n:
                            r = getrandbits(k)
                        play(r)
                    else:
                        play(choice(range(n)))  # the draws of choice(listed): its length
                elif st.phase is OVER:
                    break
                else:
                    raise EngineError("the game is not over but nobody may act")
                decisions += 1
    seconds = time.perf_counter() - start
    return {
        "ruleset": ruleset,
        "players": players,
        "games": games,
        "seed": seed,
        "api": "public" if public_api else "index",
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 1),
        "decisions_per_second": round(decisions / seconds, 1),
        "max_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }


def _public_game(game: Game, getrandbits: Any, choice: Any) -> int:
    """Play one game through ``legal_actions()`` and ``apply()``; the number of decisions."""
    st, legal, apply = game.st, game.legal_actions, game.apply
    decisions = 0
    while True:
        seat = st.to_act
        if seat is None:
            if st.phase is OVER:
                return decisions
            raise EngineError("the game is not over but nobody is to act")
        listed = legal()
        if choice is None:
            n = len(listed)
            if not n:
                raise EngineError("the seat to act has no legal action")
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            ruling = apply(seat, listed[r])
        else:
            ruling = apply(seat, choice(listed))
        if ruling.ok is not True:
            raise EngineError(f"a listed action was rejected: {ruling!r}")
        decisions += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m reference_impl.bench", description=__doc__)
    parser.add_argument("--ruleset", action="append", help="ruleset id (repeatable; default: all)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="one JSON object per ruleset")
    parser.add_argument(
        "--public-api",
        action="store_true",
        help="play through legal_actions() and apply() (default: Game.legal_count and play)",
    )
    args = parser.parse_args(argv)
    try:
        rulesets = args.ruleset or list_rulesets()
        for rid in rulesets:
            figures = engine_throughput(rid, args.games, args.players, args.seed, args.public_api)
            if args.json:
                print(json.dumps(figures), flush=True)
            else:
                print(
                    f"{rid:14} {args.players}p {figures['games']} games"
                    f" in {figures['seconds']:.2f}s:"
                    f" {figures['games_per_second']:.0f} games/s,"
                    f" {figures['decisions_per_second']:.0f} decisions/s,"
                    f" max RSS {figures['max_rss_mb']} MB",
                    flush=True,
                )
    except SpecError as e:
        print(f"error: {e}", file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
