"""Mutants of eating: what may be eaten, with what, and what eaten cards may do after."""

from __future__ import annotations

from typing import Any

from conformance.mutants.base import HQB, Fn, Mutant, Patch, params_patch, wrap
from phomspec.reasons import Reason
from reference_impl import eat, legal, melds, turns
from reference_impl.actions import Eat
from reference_impl.rulings import reject
from reference_impl.state import CARD_BITS, CHOT, GameState, LastDiscard, Phase


def _pile_tops(st: GameState, seat: int) -> list[LastDiscard]:
    out = []
    for v in range(st.n):
        if v != seat and st.piles[v] and not st.left[v]:
            top = st.piles[v][-1]
            out.append(LastDiscard(v, top & CARD_BITS, bool(top & CHOT), len(st.piles[v])))
    return out


def _eat_any_earlier() -> list[Patch]:
    # The top card of any other player's pile may be eaten, not only the previous seat's
    # latest discard (TURN.EAT.PREVIOUS-ONLY broken).
    def check(orig: Fn) -> Fn:
        def check_eat(st: GameState, seat: int, action: Any) -> Any:
            ld = st.last_discard
            if st.phase is Phase.DRAW_OR_EAT and (ld is None or action.card != ld.card):
                for top in _pile_tops(st, seat):
                    if top.card == action.card:
                        st.last_discard = top
                        try:
                            return orig(st, seat, action)
                        finally:
                            st.last_discard = ld
            return orig(st, seat, action)
        return check_eat

    def do(orig: Fn) -> Fn:
        def do_eat(st: GameState, seat: int, action: Any) -> None:
            ld = st.last_discard
            if ld is None or action.card != ld.card:
                for top in _pile_tops(st, seat):
                    if top.card == action.card:
                        st.last_discard = top
            orig(st, seat, action)
        return do_eat

    def eats(orig: Fn) -> Fn:
        def eats(st: GameState, seat: int) -> list[Any]:
            out = list(orig(st, seat))
            ld = st.last_discard
            for top in _pile_tops(st, seat):
                if ld is not None and top.card == ld.card:
                    continue
                st.last_discard = top
                try:
                    out += orig(st, seat)
                finally:
                    st.last_discard = ld
            return list(dict.fromkeys(out))
        return eats

    return [wrap(eat, "check_eat", check), wrap(eat, "do_eat", do), wrap(legal, "eats", eats)]


def _eat_with_ca() -> list[Patch]:
    # An eat needs only a cạ (a pair, or suited cards one or two apart) with one hand card,
    # not a phỏm (TURN.EAT.MAKES-PHOM broken).
    def check(orig: Fn) -> Fn:
        def check_eat(st: GameState, seat: int, action: Any) -> Any:
            r = orig(st, seat, action)
            ld = st.last_discard
            if r is None or r.reason != "EAT_NOT_A_PHOM" or ld is None or len(action.with_) != 1:
                return r
            if melds.has_ca((1 << ld.card) | (1 << action.with_[0])):
                return None
            return r
        return check_eat

    def eats(orig: Fn) -> Fn:
        def eats(st: GameState, seat: int) -> list[Any]:
            out = list(orig(st, seat))
            ld = st.last_discard
            if ld is None:
                return out
            hand = st.hands[seat] & ~st.eaten[seat]
            for c in range(52):
                if hand >> c & 1 and melds.has_ca((1 << ld.card) | (1 << c)):
                    out.append(Eat(ld.card, (c,)))  # type: ignore[arg-type]
            return out
        return eats

    return [wrap(eat, "check_eat", check), wrap(legal, "eats", eats)]


def _eaten_discardable() -> list[Patch]:
    # An eaten card may be discarded again (TURN.EAT.KEEP-IN-PHOM broken for the card itself).
    def mask(orig: Fn) -> Fn:
        def legal_discard_mask(st: GameState, seat: int) -> int:
            out = orig(st, seat)
            if st.phase is not Phase.FINAL_TURN:
                out |= st.eaten[seat] & st.hands[seat]
            return int(out)
        return legal_discard_mask

    def check(orig: Fn) -> Fn:
        def check_discard(st: GameState, seat: int, action: Any) -> Any:
            r = orig(st, seat, action)
            if r is not None and r.reason == "DISCARD_EATEN_CARD":
                return None
            return r
        return check_discard

    return [wrap(turns, "legal_discard_mask", mask), wrap(turns, "check_discard", check)]


def _discard_breaks_phom() -> list[Patch]:
    # Only the eaten card itself is protected: its phỏm partners may be discarded.
    def mask(orig: Fn) -> Fn:
        def legal_discard_mask(st: GameState, seat: int) -> int:
            if st.phase is Phase.FINAL_TURN:
                return int(orig(st, seat))
            return int(st.hands[seat] & ~st.eaten[seat])
        return legal_discard_mask

    def check(orig: Fn) -> Fn:
        def check_discard(st: GameState, seat: int, action: Any) -> Any:
            r = orig(st, seat, action)
            if r is not None and r.reason == "DISCARD_BREAKS_EATEN_PHOM":
                return None
            return r
        return check_discard

    return [wrap(turns, "legal_discard_mask", mask), wrap(turns, "check_discard", check)]


def _no_chot_eat() -> list[Patch]:
    # A cây chốt cannot be eaten (ROUND.CHOT-EAT broken).
    def check(orig: Fn) -> Fn:
        def check_eat(st: GameState, seat: int, action: Any) -> Any:
            ld = st.last_discard
            if ld is not None and ld.chot and st.phase is Phase.DRAW_OR_EAT:
                return reject(Reason.EAT_ROUND_NOT_ALLOWED, "ROUND.CHOT-EAT",
                              "no eating a cây chốt")
            return orig(st, seat, action)
        return check_eat

    def eats(orig: Fn) -> Fn:
        def eats(st: GameState, seat: int) -> list[Any]:
            ld = st.last_discard
            if ld is not None and ld.chot and st.phase is Phase.DRAW_OR_EAT:
                return []
            return list(orig(st, seat))
        return eats

    return [wrap(eat, "check_eat", check), wrap(legal, "eats", eats)]



def _eat_compulsory() -> list[Patch]:
    # A player who can eat the discard must eat it: the draw is refused (TURN.EAT.OPTIONAL).
    def check(orig: Fn) -> Fn:
        def check_draw(st: GameState, seat: int, action: Any) -> Any:
            ld = st.last_discard
            if ld is not None and st.phase is Phase.DRAW_OR_EAT and \
                    eat.eat_options(st, seat, ld.card):
                return reject(Reason.WRONG_PHASE, "TURN.EAT.OPTIONAL", "the discard can be eaten")
            return orig(st, seat, action)
        return check_draw
    return [wrap(turns, "check_draw", check)]


def _them_vong_ordinary_price() -> list[Patch]:
    # The thêm vòng eat is priced as an ordinary eat, not a chốt eat (EAT.THEM-VONG).
    def price(orig: Fn) -> Fn:
        def eat_price(st: GameState, victim: int, card: int, ld: Any, chot: bool) -> Any:
            if st.phase is Phase.THEM_VONG:
                chot = False
            out = orig(st, victim, card, ld, chot)
            return (out[0], out[1], "EAT.THEM-VONG") if st.phase is Phase.THEM_VONG else out
        return eat_price
    return [wrap(eat, "eat_price", price)]


MUTANTS: tuple[Mutant, ...] = (
    Mutant("eat-any-earlier", "eating", "the top discard of any earlier player may be eaten",
           ("TURN.EAT.PREVIOUS-ONLY",), _eat_any_earlier),
    Mutant("eat-with-ca", "eating", "an eat needs only a cạ with one hand card, not a phỏm",
           ("TURN.EAT.MAKES-PHOM",), _eat_with_ca),
    Mutant("eat-two-in-one-phom", "eating", "two eaten cards may sit in one phỏm",
           ("TURN.EAT.DISTINCT-PHOM",), params_patch({"eat.distinct_phom": False})),
    Mutant("eat-discard-eaten", "eating", "an eaten card may be discarded again",
           ("TURN.EAT.KEEP-IN-PHOM",), _eaten_discardable),
    Mutant("eat-partners-free", "eating",
           "the cards an eaten card was eaten with may be discarded",
           ("TURN.EAT.KEEP-IN-PHOM",), _discard_breaks_phom),
    Mutant("eat-no-chot", "eating", "a cây chốt cannot be eaten", ("ROUND.CHOT-EAT",),
           _no_chot_eat),
    Mutant("eat-binding-declaration", "eating",
           "the cards named when eating are binding at lay-down",
           ("TURN.EAT.DECLARE-CARDS",), params_patch({"eat.binding_declaration": True})),
    # From tests/scenarios/test_mutations.py (eaten-card-may-break):
    Mutant("eat-cards-free", "eating",
           "eaten cards need not stay in a phỏm: they and their partners may be discarded,"
           " or left unlaid", ("TURN.EAT.KEEP-IN-PHOM",),
           params_patch({"eat.keep_in_phom": False})),
    Mutant("eat-compulsory", "eating", "eating is compulsory when the discard can be eaten",
           ("TURN.EAT.OPTIONAL",), _eat_compulsory),
    Mutant("eat-them-vong-ordinary", "eating", "the thêm vòng eat is priced as an ordinary eat",
           ("EAT.THEM-VONG",), _them_vong_ordinary_price, HQB),
)
