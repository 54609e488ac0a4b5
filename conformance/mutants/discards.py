"""Mutants of the final discard: what must be laid down before it."""

from __future__ import annotations

from typing import Any

from conformance.mutants.base import Fn, Mutant, Patch, wrap
from phomspec.reasons import Reason
from reference_impl import eat, game, melds, rounds, turns
from reference_impl.rulings import Accepted, reject
from reference_impl.state import GameState, Phase, next_active


def _unlaid_eaten_discard() -> list[Patch]:
    # The last discard is allowed with an eaten card still in hand (LAY.EATEN-INCLUDED broken).
    def mask(orig: Fn) -> Fn:
        def legal_discard_mask(st: GameState, seat: int) -> int:
            if st.phase is Phase.FINAL_TURN:
                return int(st.hands[seat] & ~st.eaten[seat])
            return int(orig(st, seat))
        return legal_discard_mask

    def check(orig: Fn) -> Fn:
        def check_discard(st: GameState, seat: int, action: Any) -> Any:
            r = orig(st, seat, action)
            if r is not None and r.reason == "DISCARD_UNLAID_EATEN":
                return None
            return r
        return check_discard

    return [wrap(turns, "legal_discard_mask", mask), wrap(turns, "check_discard", check)]


def _must_lay_all() -> list[Patch]:
    # A player may not hold a phỏm back: the last discard is refused while the hand still
    # holds one (LAY.HOLD-BACK broken).
    def holds(st: GameState, seat: int, card: int) -> bool:
        return bool(melds.phoms_in(st.hands[seat] & ~(1 << card)))

    def mask(orig: Fn) -> Fn:
        def legal_discard_mask(st: GameState, seat: int) -> int:
            out = int(orig(st, seat))
            if st.phase is Phase.FINAL_TURN:
                out = sum(1 << c for c in range(52) if out >> c & 1 and not holds(st, seat, c))
            return out
        return legal_discard_mask

    def check(orig: Fn) -> Fn:
        def check_discard(st: GameState, seat: int, action: Any) -> Any:
            r = orig(st, seat, action)
            if r is None and st.phase is Phase.FINAL_TURN and holds(st, seat, action.card):
                return reject(Reason.WRONG_PHASE, "LAY.HOLD-BACK", "lay down every phỏm first")
            return r
        return check_discard

    return [wrap(turns, "legal_discard_mask", mask), wrap(turns, "check_discard", check)]



def _out_of_turn_accepted() -> list[Patch]:
    # An action by a seat not to act is played as the seat to act's (TURN.NOT-YOUR-TURN).
    def apply(orig: Fn) -> Fn:
        def apply_action(self: Any, seat: int, action: Any) -> Any:
            st = self.st
            if type(action).__name__ != "Leave" and st.to_act is not None and \
                    isinstance(seat, int) and 0 <= seat < st.n and seat != st.to_act:
                seat = st.to_act
            return orig(self, seat, action)
        return apply_action
    return [wrap(game.Game, "apply", apply)]


def _game_over_ignored() -> list[Patch]:
    # An action after the game is over is accepted and does nothing (TURN.GAME-OVER).
    def apply(orig: Fn) -> Fn:
        def apply_action(self: Any, seat: int, action: Any) -> Any:
            if self.st.phase is Phase.OVER:
                return Accepted(())
            return orig(self, seat, action)
        return apply_action
    return [wrap(game.Game, "apply", apply)]


def _card_not_in_hand() -> list[Patch]:
    # A discard is not checked against the hand (TURN.CARD-IN-HAND).
    def check(orig: Fn) -> Fn:
        def check_discard(st: GameState, seat: int, action: Any) -> Any:
            bit = 1 << action.card
            if st.hands[seat] & bit or st.phase not in (Phase.AFTER_DRAW, Phase.DISCARD_ONLY):
                return orig(st, seat, action)
            return None
        return check_discard
    return [wrap(turns, "check_discard", check)]


def _opening_draw() -> list[Patch]:
    # The first player may draw before the opening discard (TURN.OPENING-DISCARD).
    def check(orig: Fn) -> Fn:
        def check_draw(st: GameState, seat: int, action: Any) -> Any:
            if st.phase is Phase.DISCARD_ONLY and st.stock:
                return None
            return orig(st, seat, action)
        return check_draw

    def draw(orig: Fn) -> Fn:
        def do_draw(st: GameState, seat: int, action: Any) -> None:
            orig(st, seat, action)
            if st.phase is Phase.AFTER_DRAW and not any(st.piles):
                st.phase = Phase.DISCARD_ONLY
        return do_draw
    return [wrap(turns, "check_draw", check), wrap(turns, "do_draw", draw)]


def _discard_without_draw() -> list[Patch]:
    # A player may discard without drawing or eating first (TURN.DRAW-OR-EAT).
    def check(orig: Fn) -> Fn:
        def check_discard(st: GameState, seat: int, action: Any) -> Any:
            if st.phase is Phase.DRAW_OR_EAT and st.hands[seat] >> action.card & 1:
                return None
            return orig(st, seat, action)
        return check_discard
    return [wrap(turns, "check_discard", check)]


def _ate_this_turn(st: GameState) -> bool:
    return not st.turn_drew and st.phase in (Phase.AFTER_DRAW, Phase.FINAL_TURN)


def _eater_plays_again() -> list[Patch]:
    # An eat earns the eater another turn: after its discard it draws again before the next
    # seat (TURN.ORDER broken: nobody plays twice in a row).
    def discard(orig: Fn) -> Fn:
        def do_discard(st: GameState, seat: int, action: Any) -> None:
            ate = _ate_this_turn(st)
            orig(st, seat, action)
            if ate and st.phase is Phase.DRAW_OR_EAT and len(st.piles[seat]) < 3 and st.stock:
                st.events.pop()  # the next seat's turn event
                rounds.begin_turn(st, seat)
        return do_discard

    return [wrap(turns, "do_discard", discard)]


def _eat_ends_turn() -> list[Patch]:
    # Before the final round an eat is the whole turn: the eater lays nothing, discards
    # nothing, and the next seat plays (TURN.DISCARD-ENDS-TURN broken).
    def eat_(orig: Fn) -> Fn:
        def do_eat(st: GameState, seat: int, action: Any) -> None:
            orig(st, seat, action)
            if st.phase is Phase.AFTER_DRAW:
                st.last_discard = None
                rounds.begin_turn(st, next_active(st, seat))
        return do_eat

    return [wrap(eat, "do_eat", eat_)]


MUTANTS: tuple[Mutant, ...] = (
    Mutant("discard-unlaid-eaten", "discards",
           "the last discard is allowed with an eaten card unlaid",
           ("LAY.EATEN-INCLUDED",), _unlaid_eaten_discard),
    Mutant("discard-must-lay-all", "discards", "no phỏm may be held back at the last discard",
           ("LAY.HOLD-BACK",), _must_lay_all),
    Mutant("turn-out-of-turn-played", "discards", "an action out of turn is played for the seat"
           " to act", ("TURN.NOT-YOUR-TURN",), _out_of_turn_accepted),
    Mutant("turn-after-game-over-accepted", "discards", "an action after the game is over is"
           " accepted (and ignored)", ("TURN.GAME-OVER",), _game_over_ignored),
    Mutant("turn-card-not-in-hand", "discards", "a discard is not checked against the hand",
           ("TURN.CARD-IN-HAND",), _card_not_in_hand),
    Mutant("turn-opening-draw", "discards", "the first player may draw before the opening"
           " discard", ("TURN.OPENING-DISCARD",), _opening_draw),
    Mutant("turn-discard-without-draw", "discards", "a discard without drawing or eating first",
           ("TURN.DRAW-OR-EAT",), _discard_without_draw),
    Mutant("turn-eater-plays-again", "discards", "an eat earns the eater another turn",
           ("TURN.ORDER",), _eater_plays_again),
    Mutant("turn-eat-ends-turn", "discards", "an eat before the final round ends the turn"
           " without a discard", ("TURN.DISCARD-ENDS-TURN",), _eat_ends_turn),
)
