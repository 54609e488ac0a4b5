"""Private helper for writing scenarios: build deals and track scripted games by hand.

Not a rules engine and never a source of expectations: it completes a deal from the cards a
scenario cares about with filler that cannot interfere, and it keeps the books of a scripted
game (hands, piles, lead pointer, whose turn) so that the writer can work out rulings,
points and payments by hand. It warns about what could surprise the writer: a discard the
next seat could eat, a hand that could be an ù after a draw, a hand without any cạ.

    python -m tests.scenarios.dealkit quiet --seed 3     # a quiet 4-player deal
    python -m tests.scenarios.dealkit track FILE          # replay a scenario's actions
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from conformance.suite.cards import fill_deal
from conformance.suite.steps.grammar import parse_action_line
from reference_impl import melds
from reference_impl.cards import cards_of, format_card, mask_of, parse_card, rank_of, suit_of


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def fmt(cs: Iterable[int]) -> str:
    return " ".join(format_card(c) for c in sorted(cs, key=lambda c: (suit_of(c), rank_of(c))))


def is_phom(cs: Sequence[int]) -> bool:
    """Whether the cards form one phỏm (the reference's meld table)."""
    return len(set(cs)) == len(cs) and melds.is_phom(mask_of(cs))


def completers(hand: Iterable[int]) -> set[int]:
    """Cards that would make a phỏm with two cards of ``hand`` (what the holder could eat)."""
    out: set[int] = set()
    hand = list(hand)
    for a, b in itertools.combinations(hand, 2):
        for x in range(52):
            if x not in hand and is_phom([a, b, x]):
                out.add(x)
    return out


def has_ca(hand: Iterable[int]) -> bool:
    hand = list(hand)
    for a, b in itertools.combinations(hand, 2):
        if rank_of(a) == rank_of(b):
            return True
        if suit_of(a) == suit_of(b) and abs(rank_of(a) - rank_of(b)) <= 2:
            return True
    return False


def phoms_of(hand: Sequence[int]) -> list[frozenset[int]]:
    """Every phỏm made of cards of ``hand`` (the reference's meld table)."""
    return [frozenset(cards_of(m)) for m in melds.phoms_in(mask_of(hand))]


def best_outside(hand: Sequence[int], eaten: Iterable[int] = ()) -> int:
    """Fewest cards left outside phỏm over all arrangements (eaten cards: one per phỏm)."""
    eaten = set(eaten)
    ms = [m for m in phoms_of(hand) if len(m & eaten) <= 1]
    best = len(hand)

    def go(i: int, used: frozenset[int]) -> None:
        nonlocal best
        outside = len(hand) - len(used)
        if not (eaten - used):
            best = min(best, outside)
        for j in range(i, len(ms)):
            if not (ms[j] & used):
                go(j + 1, used | ms[j])

    go(0, frozenset())
    return best


def dong_hoa(hand: Iterable[int]) -> bool:
    by_suit: dict[int, set[int]] = {}
    for c in hand:
        by_suit.setdefault(suit_of(c), set()).add(rank_of(c))
    return any(all(r + i in rs for i in range(5)) for rs in by_suit.values() for r in rs)


# ---------------------------------------------------------------------------------------------


def quiet_deal(
    players: int,
    first: int,
    fixed: dict[int, str],
    stock_top: str = "",
    seed: int = 0,
    tries: int = 20000,
    pattern: str = "",
    loose: bool = False,
) -> tuple[list[list[str]], list[str]]:
    """A deal holding ``fixed`` where filler makes no phỏm, no đồng hoa, no King set, every hand
    has a cạ, and every stock card after ``stock_top`` is dead for every hand.

    ``pattern``: the stock, top first, with ``?`` where any dead card may go."""
    rng = random.Random(seed)
    want = {s: cards(t) for s, t in fixed.items()}
    top = cards(stock_top)
    slots = pattern.split()
    pinned = [parse_card(x) for x in slots if x != "?"]
    used = {c for cs in want.values() for c in cs} | set(top) | set(pinned)
    free = [c for c in range(52) if c not in used]
    for _ in range(tries):
        rng.shuffle(free)
        pool = iter(free)
        hands: dict[int, list[int]] = {}
        for s in range(players):
            h = list(want.get(s, []))
            while len(h) < (10 if s == first else 9):
                h.append(next(pool))
            hands[s] = h
        rest = list(pool)
        if slots:
            it = iter(rest)
            rest = [parse_card(x) if x != "?" else next(it) for x in slots]
            rest += list(it)
        ok = True
        for s, h in hands.items():
            filler = [c for c in h if c not in want.get(s, [])]
            if any(m & set(filler) for m in phoms_of(h)) or dong_hoa(h) or not has_ca(h):
                ok = False
                break
            if sum(1 for c in h if rank_of(c) == 12) >= 3:
                ok = False
                break
        if not ok:
            continue
        blocked = set().union(*(completers(h) for h in hands.values()))
        if not loose and any(c in blocked for c in rest if c not in pinned):
            continue
        hs, st = fill_deal(
            players,
            first,
            {s: [format_card(c) for c in h] for s, h in hands.items()},
            [format_card(c) for c in top] + [format_card(c) for c in rest],
        )
        return hs, st
    raise SystemExit("no quiet deal found; loosen the fixed cards")


# ---------------------------------------------------------------------------------------------


@dataclass
class Table:
    """The books of a scripted game under the pointer model (docs/readings.md)."""

    players: int
    first: int
    hands: list[list[int]]
    stock: list[int]
    piles: list[list[tuple[int, bool, bool]]] = field(default_factory=list)
    laid: list[list[list[int]]] = field(default_factory=list)
    eaten: list[list[int]] = field(default_factory=list)
    lead: int = 0
    to_act: int = 0
    turn_no: int = 1
    drew: bool = False
    last_discard: tuple[int, int] | None = None
    log: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.piles = [[] for _ in range(self.players)]
        self.laid = [[] for _ in range(self.players)]
        self.eaten = [[] for _ in range(self.players)]
        self.lead = self.to_act = self.first

    def final(self, seat: int) -> bool:
        return len(self.piles[seat]) == 3

    def say(self, text: str) -> None:
        self.log.append(text)

    def act(self, seat: int, action: dict) -> None:
        t = action["type"]
        if seat != self.to_act:
            self.say(f"!! seat {seat} acts but seat {self.to_act} is to act")
        hand = self.hands[seat]
        if t == "draw":
            c = self.stock.pop(0)
            hand.append(c)
            self.drew = True
            self.say(
                f"T{self.turn_no} seat {seat} draws {format_card(c)}"
                f"{' (final round)' if self.final(seat) else ''}"
            )
            if best_outside(hand, self.eaten[seat]) <= 1:
                self.say(f"   !! seat {seat} could be ù now: {fmt(hand)}")
        elif t == "eat":
            c = parse_card(action["card"])
            victim = (seat - 1) % self.players
            pile = self.piles[victim]
            if not pile or pile[-1][0] != c:
                self.say(f"!! {format_card(c)} is not seat {victim}'s latest discard")
            chot = pile[-1][1] if pile else False
            pile.pop()
            moved = ""
            if self.lead != victim:
                mc = self.piles[self.lead].pop()
                self.piles[victim].append((mc[0], mc[1], True))
                moved = f"; {format_card(mc[0])} moves from seat {self.lead} to seat {victim}"
            self.lead = (self.lead + 1) % self.players
            hand.append(c)
            self.eaten[seat].append(c)
            self.drew = True
            self.say(
                f"T{self.turn_no} seat {seat} eats {format_card(c)} from seat {victim}"
                f"{' (chốt)' if chot else ''}{moved}; lead -> {self.lead}"
            )
            if best_outside(hand, self.eaten[seat]) <= 1 or len(self.eaten[seat]) == 3:
                self.say(f"   !! seat {seat} could be ù now: {fmt(hand)}")
        elif t == "lay_down":
            for p in action["phoms"]:
                ps = [parse_card(x) for x in p]
                for x in ps:
                    hand.remove(x)
                self.laid[seat].append(ps)
                self.say(f"   seat {seat} lays {fmt(ps)}")
        elif t == "send":
            c = parse_card(action["card"])
            hand.remove(c)
            to = action["to"]
            self.laid[to["seat"]][to["phom"]].append(c)
            self.say(f"   seat {seat} sends {format_card(c)} to {to['seat']}:{to['phom']}")
        elif t == "discard":
            c = parse_card(action["card"])
            chot = self.final(seat)
            hand.remove(c)
            self.piles[seat].append((c, chot, False))
            self.drew = False
            nxt = self._next(seat)
            self.say(
                f"   seat {seat} discards {format_card(c)}{' (chốt)' if chot else ''};"
                f" piles {[len(p) for p in self.piles]}; hand {fmt(hand)}"
            )
            eatable = [x for x in completers(self.hands[nxt]) if x == c]
            if eatable:
                self.say(f"   !! seat {nxt} could eat {format_card(c)}")
            self.turn_no += 1
            if all(len(p) == 4 for p in self.piles):
                self.say("   == all piles hold 4: game over (thêm vòng if eatable, hqb)")
                for s in range(self.players):
                    self.say(
                        f"   seat {s}: laid {[fmt(p) for p in self.laid[s]]}"
                        f" hand {fmt(self.hands[s])}"
                    )
            self.to_act = nxt
            if self.final(nxt) and self.laid[nxt]:
                self.say(f"   -> seat {nxt} gets a TÁI turn")
            elif self.final(nxt):
                self.say(f"   -> seat {nxt} final round")
        else:
            self.say(f"T{self.turn_no} seat {seat} {t}")

    def _next(self, seat: int) -> int:
        return (seat + 1) % self.players


def track(
    players: int, first: int, hands: list[str], stock: str, lines: Sequence[str]
) -> list[str]:
    table = Table(players, first, [cards(h) for h in hands], cards(stock))
    for line in lines:
        for seat, action in parse_action_line(line):
            table.act(seat, action)
    return table.log


def arrange(
    players: int, first: int, hands: list[str], pattern: str, lines: Sequence[str], seed: int = 0
) -> list[int] | None:
    """Fill the ``?`` slots of the stock so that every ``discards *`` (the card just drawn)
    is dead for the next seat and no draw can make an ù; None when impossible."""
    hs = [cards(h) for h in hands]
    used = {c for h in hs for c in h}
    slots = pattern.split()
    pinned = {parse_card(x) for x in slots if x != "?"}
    free = [c for c in range(52) if c not in used and c not in pinned]
    random.Random(seed).shuffle(free)
    if len(free) != slots.count("?"):
        raise SystemExit(f"{len(free)} free cards for {slots.count('?')} open slots")

    def ok(stock: list[int], upto: int) -> bool:
        table = Table(players, first, [list(h) for h in hs], list(stock[:upto]) + [-1] * 60)
        drawn = 0
        for line in lines:
            for seat, action in parse_action_line(line.replace("discards *", "discards AS")):
                if action["type"] == "draw":
                    if drawn >= upto:
                        return True
                    drawn += 1
                if action["type"] == "discard" and "discards *" in line:
                    action = {"type": "discard", "card": format_card(table.hands[seat][-1])}
                before = len(table.log)
                star = action["type"] == "discard" and "discards *" in line
                try:
                    table.act(seat, action)
                except (ValueError, IndexError):
                    return False
                fresh = table.log[before:]
                if star and any("could eat" in x for x in fresh):
                    return False
                if action["type"] == "draw" and any("could be ù" in x for x in fresh):
                    return False
        return True

    stock: list[int] = []
    pool = list(free)

    def go(i: int) -> bool:
        if i == len(slots):
            return ok(stock, len(stock))
        if slots[i] != "?":
            stock.append(parse_card(slots[i]))
            if ok(stock, len(stock)) and go(i + 1):
                return True
            stock.pop()
            return False
        for c in list(pool):
            stock.append(c)
            pool.remove(c)
            if ok(stock, len(stock)) and go(i + 1):
                return True
            pool.append(c)
            stock.pop()
        return False

    return stock if go(0) else None


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    q = sub.add_parser("quiet")
    q.add_argument("--players", type=int, default=4)
    q.add_argument("--first", type=int, default=0)
    q.add_argument("--seed", type=int, default=0)
    q.add_argument("--fix", action="append", default=[], help="SEAT:CARDS")
    q.add_argument("--top", default="")
    q.add_argument("--pattern", default="", help="stock top first, ? for any dead card")
    q.add_argument("--loose", action="store_true", help="do not require a dead stock")
    t = sub.add_parser("track")
    t.add_argument("file")
    a = sub.add_parser("arrange")
    a.add_argument("file")
    a.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    if args.cmd == "quiet":
        fixed = {int(f.split(":")[0]): f.split(":", 1)[1] for f in args.fix}
        hands, stock = quiet_deal(
            args.players,
            args.first,
            fixed,
            args.top,
            args.seed,
            pattern=args.pattern,
            loose=args.loose,
        )
        for s, h in enumerate(hands):
            print(f"seat {s} holds {' '.join(h)}")
        print(f"the stock is {' '.join(stock)}")
    else:
        with open(args.file, encoding="utf-8") as f:
            text = f.read().splitlines()
        if args.cmd == "arrange":
            head = [ln for ln in text if ln.startswith(("players", "first", "seat", "stock"))]
            players = int(next(ln for ln in head if ln.startswith("players")).split()[1])
            first = int(next((ln for ln in head if ln.startswith("first")), "first 0").split()[1])
            hands = [ln.split(" holds ", 1)[1] for ln in head if " holds " in ln]
            pattern = next(ln for ln in head if ln.startswith("stock")).split(" ", 1)[1]
            lines = [ln for ln in text if ln.startswith("seat ") and " holds " not in ln]
            found = arrange(players, first, hands, pattern, lines, args.seed)
            print(
                "no order found"
                if found is None
                else "stock " + " ".join(format_card(c) for c in found)
            )
            return
        head = [ln for ln in text if ln.startswith(("players", "first", "seat", "stock"))]
        players = int(next(ln for ln in head if ln.startswith("players")).split()[1])
        first = int(next((ln for ln in head if ln.startswith("first")), "first 0").split()[1])
        hands = [ln.split(" holds ", 1)[1] for ln in head if " holds " in ln]
        stock = next(ln for ln in head if ln.startswith("stock")).split(" ", 1)[1]
        lines = [ln for ln in text if ln.startswith("seat ") and " holds " not in ln]
        print("\n".join(track(players, first, hands, stock, lines)))


if __name__ == "__main__":
    main(sys.argv[1:])
