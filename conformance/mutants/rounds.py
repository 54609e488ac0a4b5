"""Mutants of rounds and transfers: chuyển bài, the lead pointer, tái, thêm vòng."""

from __future__ import annotations

from typing import Any

from conformance.mutants.base import HQB, Fn, Mutant, Patch, params_patch, wrap
from reference_impl import laydown, melds, rounds, server, session, settle, turns
from reference_impl.deal import Deal
from reference_impl.errors import DealError
from reference_impl.game import Game
from reference_impl.state import CARD_BITS, CHOT, CODES, MOVED, GameState, Phase, next_active


def _no_chuyen_bai() -> list[Patch]:
    # No card moves after an eat; the lead pointer still moves on (ROUND.CHUYEN-BAI broken).
    def move(orig: Fn) -> Fn:
        def move_lead_card(st: GameState, victim: int) -> None:
            st.lead = next_active(st, st.lead)
        return move_lead_card

    return [wrap(rounds, "move_lead_card", move)]


def _moved_from_eater() -> list[Patch]:
    # The moved card comes from the eater's pile instead of the round lead's.
    def move(orig: Fn) -> Fn:
        def move_lead_card(st: GameState, victim: int) -> None:
            eater = next_active(st, victim)
            pile = st.piles[eater]
            if pile and eater != victim:
                moved = pile.pop()
                st.piles[victim].append(moved | MOVED)
                st.events.append({"type": "moved", "card": CODES[moved & CARD_BITS],
                                  "from": eater, "to": victim})
            st.lead = next_active(st, st.lead)
        return move_lead_card

    return [wrap(rounds, "move_lead_card", move)]


def _lead_stays() -> list[Patch]:
    # The lead pointer never moves on: the card always comes from the first player's pile.
    def move(orig: Fn) -> Fn:
        def move_lead_card(st: GameState, victim: int) -> None:
            lead = st.lead
            if st.piles[lead] or lead == victim:
                orig(st, victim)
            st.lead = lead
        return move_lead_card

    return [wrap(rounds, "move_lead_card", move)]


def _no_tai() -> list[Patch]:
    # A player who has laid down never gets a tái turn: the game ends without it.
    def full(orig: Fn) -> Fn:
        def all_piles_full(st: GameState) -> bool:
            return all(st.left[s] or len(st.piles[s]) == 4 or
                       (st.had_final[s] and st.laid[s]) for s in range(st.n))
        return all_piles_full

    def begin(orig: Fn) -> Fn:
        def begin_turn(st: GameState, seat: int, announce: bool = True) -> None:
            for _ in range(st.n):
                if len(st.piles[seat]) == 3 and st.had_final[seat] and st.laid[seat]:
                    seat = next_active(st, seat)
                else:
                    break
            orig(st, seat, announce)
        return begin_turn

    def discard(orig: Fn) -> Fn:
        def do_discard(st: GameState, seat: int, action: Any) -> None:
            before = len(st.piles[seat])
            orig(st, seat, action)
            if before == 3 and st.phase is not Phase.OVER and rounds.all_piles_full(st) and \
                    st.phase is not Phase.THEM_VONG:
                settle.end_game(st, "points")
        return do_discard

    return [wrap(rounds, "all_piles_full", full), wrap(rounds, "begin_turn", begin),
            wrap(turns, "do_discard", discard)]



def _moved_loses_chot() -> list[Patch]:
    # A moved card loses its cây chốt status in its new pile (ROUND.MOVED-CARD broken).
    def move(orig: Fn) -> Fn:
        def move_lead_card(st: GameState, victim: int) -> None:
            moved = st.lead != victim
            orig(st, victim)
            if moved:
                st.piles[victim][-1] &= ~CHOT
        return move_lead_card

    return [wrap(rounds, "move_lead_card", move)]


def _lead_eaten_stays() -> list[Patch]:
    # When the lead itself is eaten, the lead pointer stays on it (ROUND.LEAD-IS-VICTIM).
    def move(orig: Fn) -> Fn:
        def move_lead_card(st: GameState, victim: int) -> None:
            if st.lead != victim:
                orig(st, victim)
        return move_lead_card

    return [wrap(rounds, "move_lead_card", move)]


def _chot_one_early() -> list[Patch]:
    # Off by one: the discard that brings the pile to 3 cards (round 3) is taken for the cây
    # chốt, the final round's is not (ROUND.CHOT broken).
    def discard(orig: Fn) -> Fn:
        def do_discard(st: GameState, seat: int, action: Any) -> None:
            final = st.final_round
            st.final_round = st.turn_pile == 2
            try:
                orig(st, seat, action)
            finally:
                if st.to_act == seat or st.phase is Phase.OVER:
                    st.final_round = final
        return do_discard

    return [wrap(turns, "do_discard", discard)]


def _round_counts(extra: Fn) -> Patch:
    # A begin_turn that reads the round from the pile plus ``extra(st, seat)`` cards.
    def begin(orig: Fn) -> Fn:
        def begin_turn(st: GameState, seat: int, announce: bool = True) -> None:
            more = int(extra(st, seat))
            k = len(st.piles[seat])
            if not more or k + more < 3 or k == 3:
                orig(st, seat, announce)
                return
            had = st.had_final[seat]
            orig(st, seat, False)
            st.final_round = True
            st.tai = had
            if not had:
                st.had_final[seat] = True
                st.first_final[seat] = st.turn_no
            st.last_final[seat] = st.turn_no
            if announce:
                st.events.append({"type": "turn", "seat": seat, "final_round": True,
                                  "tai": st.tai})
        return begin_turn

    return wrap(rounds, "begin_turn", begin)


def _eaten_cards_count() -> list[Patch]:
    # A player's round counts the cards eaten off its pile: an eat gives the victim no extra
    # turn before its final round (ROUND.EXTRA-TURN-PER-EAT, ROUND.COUNT-BY-PILE broken).
    return [_round_counts(lambda st, seat: sum(v == seat for vs in st.eats_by for v in vs))]


#: A mark on a moved card naming the seat it came from (seat s: this bit shifted by s).
_FROM = 1 << 8


def _no_ne_ha() -> list[Patch]:
    # The card moved away from the lead still counts for the lead's round: no né hạ
    # (ROUND.NE-HA broken). The moved card carries a mark of its origin for the count.
    def move(orig: Fn) -> Fn:
        def move_lead_card(st: GameState, victim: int) -> None:
            lead = st.lead
            orig(st, victim)
            if lead != victim:
                st.piles[victim][-1] |= _FROM << lead
        return move_lead_card

    def moved_away(st: GameState, seat: int) -> int:
        return sum(1 for pile in st.piles for x in pile if x & _FROM << seat)

    return [wrap(rounds, "move_lead_card", move), _round_counts(moved_away)]


def _short_stock() -> list[Patch]:
    # The stock keeps 15 cards at every table size, the rest set aside
    # (ROUND.STOCK-EXHAUSTED, DEAL.STOCK broken).
    def init(orig: Fn) -> Fn:
        def __init__(self: Game, *args: Any, **kwargs: Any) -> None:
            orig(self, *args, **kwargs)
            del self.st.stock[:-15]
        return __init__

    return [wrap(Game, "__init__", init)]


def _tai_sends_own() -> list[Patch]:
    # On a tái turn a card may be sent to one's own laid phỏm (ROUND.TAI-ACTIONS broken).
    def check(orig: Fn) -> Fn:
        def check_send(st: GameState, seat: int, action: Any) -> Any:
            problem = orig(st, seat, action)
            if problem is None or problem.clause != "SEND.NOT-OWN" or not st.tai:
                return problem
            target = st.laid_now[seat][action.phom]
            if not melds.fits(action.card, target):
                return problem
            return laydown.send_keeps_hand(st, seat, action.card)
        return check_send

    return [wrap(laydown, "check_send", check)]


def _ten_cards_anywhere() -> list[Patch]:
    # The deal check asks only that some hand holds 10 cards, not the first player's
    # (DEAL.HAND-SIZES broken).
    def post(orig: Fn) -> Fn:
        def __post_init__(self: Deal) -> None:
            sizes = [len(h) for h in self.hands]
            if sorted(sizes) != [9] * (len(sizes) - 1) + [10] or sizes[self.first] == 10:
                orig(self)
                return
            first = self.first
            object.__setattr__(self, "first", sizes.index(10))
            try:
                orig(self)
            finally:
                object.__setattr__(self, "first", first)
        return __post_init__

    return [wrap(Deal, "__post_init__", post)]


def _no_two_players() -> list[Patch]:
    # Only 3 and 4 players are dealt: a 2-player table is refused (DECK.PLAYERS broken).
    def post(orig: Fn) -> Fn:
        def __post_init__(self: Deal) -> None:
            if len(self.hands) == 2:
                raise DealError("a deal is for 3 or 4 players")
            orig(self)
        return __post_init__

    return [wrap(Deal, "__post_init__", post)]


def _seats(mistake: Fn) -> list[Patch]:
    # A mistake in who opens the next game or who hosts it (DEAL.*), as the server answers.
    def make(orig: Fn) -> Fn:
        def next_game_seats(players: int, host: int, previous_winner: Any, left: list[int]
                            ) -> tuple[int, int]:
            return mistake(orig, players, host, previous_winner, left)
        return next_game_seats

    return [wrap(server, "next_game_seats", make), wrap(session, "next_game_seats", make)]


def _first_game_seat_0() -> list[Patch]:
    # The first game is opened by seat 0, not by the host (DEAL.FIRST-GAME).
    def mistake(orig: Fn, players: int, host: int, winner: Any, left: list[int]) -> Any:
        first, new_host = orig(players, host, winner, left)
        return (0 if winner is None and not left else first), new_host
    return _seats(mistake)


def _next_after_winner() -> list[Patch]:
    # The player after the previous winner opens the next game (DEAL.NEXT-GAME).
    def mistake(orig: Fn, players: int, host: int, winner: Any, left: list[int]) -> Any:
        first, new_host = orig(players, host, winner, left)
        if winner is None or left:
            return first, new_host
        return (first + 1) % players, new_host
    return _seats(mistake)


def _winner_left_host() -> list[Patch]:
    # The previous winner has left: the host opens instead of the winner's next seat
    # (DEAL.WINNER-LEFT).
    def mistake(orig: Fn, players: int, host: int, winner: Any, left: list[int]) -> Any:
        first, new_host = orig(players, host, winner, left)
        return (new_host if winner is not None and winner in left else first), new_host
    return _seats(mistake)


def _host_stays() -> list[Patch]:
    # The host role does not pass when the host leaves (DEAL.HOST-PASSES).
    def mistake(orig: Fn, players: int, host: int, winner: Any, left: list[int]) -> Any:
        first, _ = orig(players, host, winner, left)
        return first, host
    return _seats(mistake)


def _stock_from_bottom() -> list[Patch]:
    # Draws take the bottom card of the stock (TURN.DRAW.STOCK-TOP, DEAL.STOCK).
    def draw(orig: Fn) -> Fn:
        def do_draw(st: GameState, seat: int, action: Any) -> None:
            st.stock.append(st.stock.pop(0))
            orig(st, seat, action)
        return do_draw
    return [wrap(turns, "do_draw", draw)]


MUTANTS: tuple[Mutant, ...] = (
    Mutant("round-no-chuyen-bai", "rounds", "no card moves after an eat (no chuyển bài)",
           ("ROUND.CHUYEN-BAI",), _no_chuyen_bai),
    Mutant("round-moved-from-eater", "rounds", "the moved card comes from the eater's pile,"
           " not the round lead's", ("ROUND.LEAD-POINTER",), _moved_from_eater),
    Mutant("round-lead-stays", "rounds", "the lead pointer never moves on",
           ("ROUND.LEAD-POINTER",), _lead_stays),
    Mutant("round-no-tai", "rounds", "no tái: a laid-down player gets no extra turn",
           ("ROUND.TAI",), _no_tai),
    Mutant("round-tai-not-chot", "rounds", "a tái discard is not a cây chốt",
           ("ROUND.TAI-DISCARD-IS-CHOT",), params_patch({"rounds.tai_discard_is_chot": False})),
    Mutant("round-no-them-vong", "rounds", "no thêm vòng", ("ROUND.THEM-VONG",),
           params_patch({"rounds.them_vong": False}), HQB),
    Mutant("round-them-vong-everywhere", "rounds", "thêm vòng where the ruleset has none",
           ("ROUND.THEM-VONG.ABSENT",), params_patch({"rounds.them_vong": True}),
           ("co-ban", "ki-gui", "u9la")),
    Mutant("round-them-vong-send", "rounds", "the thêm vòng eater may send",
           ("ROUND.THEM-VONG.SEQUENCE",), params_patch({"rounds.them_vong_send": True}), HQB),
    Mutant("round-moved-loses-chot", "rounds", "a moved card loses its cây chốt status",
           ("ROUND.MOVED-CARD", "ROUND.CHOT"), _moved_loses_chot),
    Mutant("round-lead-eaten-stays", "rounds", "the lead pointer stays when the lead is eaten",
           ("ROUND.LEAD-IS-VICTIM",), _lead_eaten_stays),
    Mutant("round-chot-one-early", "rounds", "the round-3 discard is taken for the cây chốt",
           ("ROUND.CHOT",), _chot_one_early),
    Mutant("round-eaten-cards-count", "rounds", "cards eaten off a pile still count for its"
           " round: the victim gets no extra turn", ("ROUND.EXTRA-TURN-PER-EAT",
                                                     "ROUND.COUNT-BY-PILE"), _eaten_cards_count),
    Mutant("round-no-ne-ha", "rounds", "the card moved away still counts for the lead's round",
           ("ROUND.NE-HA",), _no_ne_ha),
    Mutant("round-stock-of-15", "rounds", "the stock holds 15 cards at every table size",
           ("ROUND.STOCK-EXHAUSTED", "DEAL.STOCK"), _short_stock),
    Mutant("round-tai-sends-own", "rounds", "on a tái turn a card may go to one's own phỏm",
           ("ROUND.TAI-ACTIONS",), _tai_sends_own),
    Mutant("deal-first-game-seat-0", "rounds", "seat 0 opens the first game, not the host",
           ("DEAL.FIRST-GAME",), _first_game_seat_0),
    Mutant("deal-next-after-winner", "rounds", "the seat after the previous winner opens",
           ("DEAL.NEXT-GAME",), _next_after_winner),
    Mutant("deal-winner-left-host", "rounds", "the winner gone, the host opens",
           ("DEAL.WINNER-LEFT",), _winner_left_host),
    Mutant("deal-host-stays", "rounds", "the host role stays with a host who left",
           ("DEAL.HOST-PASSES",), _host_stays),
    Mutant("deal-ten-cards-anywhere", "rounds", "any seat may hold the 10-card hand",
           ("DEAL.HAND-SIZES",), _ten_cards_anywhere),
    Mutant("deal-no-two-players", "rounds", "a 2-player table is refused",
           ("DECK.PLAYERS",), _no_two_players),
    Mutant("deal-draw-from-bottom", "rounds", "draws take the bottom card of the stock",
           ("TURN.DRAW.STOCK-TOP", "DEAL.STOCK"), _stock_from_bottom),
)
