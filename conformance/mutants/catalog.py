"""The mutants: plausible mistakes of a Phỏm implementer, one per entry, over every topic."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conformance.mutants.base import Mutant, Patch, melds_proxy, params_patch, phom_tables, wrap
from reference_impl import auto, melds, u
from reference_impl.laydown import LayDownRules
from reference_impl.legal import LegalActions
from reference_impl.settle import Settlement
from reference_impl.state import CARD_BITS, CHOT, MOVED, LastDiscard, Phase
from reference_impl.turns import TurnRules
from reference_impl.u import URules

Fn = Callable[..., Any]


def _suit_run(suit: int, ranks: list[int]) -> int:
    return sum(1 << (suit * 13 + r) for r in ranks)


# -- melds ---------------------------------------------------------------------------------------


def _wrap_runs() -> list[Patch]:
    # Q-K-A and K-A-2 taken for runs (PHOM.RUN.NO-WRAP broken).
    extra = [_suit_run(s, r) for s in range(4) for r in ([11, 12, 0], [12, 0, 1])]
    return phom_tables(extra=extra)


def _ace_high() -> list[Patch]:
    # The Ace high only: Q-K-A is a run, A-2-3 (and longer runs from the Ace) are not.
    extra = [_suit_run(s, [11, 12, 0]) for s in range(4)]
    aces = sum(1 << (13 * s) for s in range(4))

    def drop(p: int) -> bool:
        return not melds.is_set(p) and bool(p & aces)

    return phom_tables(extra=extra, drop=drop)


def _runs_max_4() -> list[Patch]:
    return phom_tables(drop=lambda p: not melds.is_set(p) and p.bit_count() > 4)


def _pairs() -> list[Patch]:
    extra = [(1 << (13 * a + r)) | (1 << (13 * b + r))
             for r in range(13) for a in range(4) for b in range(a + 1, 4)]
    return phom_tables(extra=extra)


# -- eating --------------------------------------------------------------------------------------


def _pile_tops(game: Any, seat: int) -> list[LastDiscard]:
    out = []
    for v in range(game.n):
        if v != seat and game.piles[v] and not game.left[v]:
            top = game.piles[v][-1]
            out.append(LastDiscard(v, top & CARD_BITS, bool(top & CHOT), len(game.piles[v])))
    return out


def _eat_any_earlier() -> list[Patch]:
    # The top card of any other player's pile may be eaten, not only the previous seat's
    # latest discard (TURN.EAT.PREVIOUS-ONLY broken).
    def check(orig: Fn) -> Fn:
        def check_eat(self: Any, seat: int, action: Any) -> Any:
            ld = self.last_discard
            if self.phase is Phase.DRAW_OR_EAT and (ld is None or action.card != ld.card):
                for top in _pile_tops(self, seat):
                    if top.card == action.card:
                        self.last_discard = top
                        try:
                            return orig(self, seat, action)
                        finally:
                            self.last_discard = ld
            return orig(self, seat, action)
        return check_eat

    def do(orig: Fn) -> Fn:
        def do_eat(self: Any, seat: int, action: Any) -> None:
            ld = self.last_discard
            if ld is None or action.card != ld.card:
                for top in _pile_tops(self, seat):
                    if top.card == action.card:
                        self.last_discard = top
            orig(self, seat, action)
        return do_eat

    def eats(orig: Fn) -> Fn:
        def _eats(self: Any, seat: int) -> list[Any]:
            out = list(orig(self, seat))
            ld = self.last_discard
            for top in _pile_tops(self, seat):
                if ld is not None and top.card == ld.card:
                    continue
                self.last_discard = top
                try:
                    out += orig(self, seat)
                finally:
                    self.last_discard = ld
            return list(dict.fromkeys(out))
        return _eats

    return [wrap(TurnRules, "check_eat", check), wrap(TurnRules, "do_eat", do),
            wrap(LegalActions, "_eats", eats)]


def _eat_with_ca() -> list[Patch]:
    # An eat needs only a cạ (a pair, or suited cards one or two apart) with one hand card,
    # not a phỏm (TURN.EAT.MAKES-PHOM broken).
    def check(orig: Fn) -> Fn:
        def check_eat(self: Any, seat: int, action: Any) -> Any:
            r = orig(self, seat, action)
            ld = self.last_discard
            if r is None or r.reason != "EAT_NOT_A_PHOM" or ld is None or len(action.with_) != 1:
                return r
            if melds.has_ca((1 << ld.card) | (1 << action.with_[0])):
                return None
            return r
        return check_eat

    def eats(orig: Fn) -> Fn:
        def _eats(self: Any, seat: int) -> list[Any]:
            from reference_impl.actions import Eat

            out = list(orig(self, seat))
            ld = self.last_discard
            if ld is None:
                return out
            hand = self.hands[seat] & ~self.eaten[seat]
            for c in range(52):
                if hand >> c & 1 and melds.has_ca((1 << ld.card) | (1 << c)):
                    out.append(Eat(ld.card, (c,)))  # type: ignore[arg-type]
            return out
        return _eats

    return [wrap(TurnRules, "check_eat", check), wrap(LegalActions, "_eats", eats)]


def _eaten_discardable() -> list[Patch]:
    # An eaten card may be discarded again (TURN.EAT.KEEP-IN-PHOM broken for the card itself).
    def mask(orig: Fn) -> Fn:
        def legal_discard_mask(self: Any, seat: int) -> int:
            out = orig(self, seat)
            if self.phase is not Phase.FINAL_TURN:
                out |= self.eaten[seat] & self.hands[seat]
            return int(out)
        return legal_discard_mask

    def check(orig: Fn) -> Fn:
        def check_discard(self: Any, seat: int, action: Any) -> Any:
            r = orig(self, seat, action)
            if r is not None and r.reason == "DISCARD_EATEN_CARD":
                return None
            return r
        return check_discard

    return [wrap(TurnRules, "legal_discard_mask", mask), wrap(TurnRules, "check_discard", check)]


def _discard_breaks_phom() -> list[Patch]:
    # Only the eaten card itself is protected: its phỏm partners may be discarded.
    def mask(orig: Fn) -> Fn:
        def legal_discard_mask(self: Any, seat: int) -> int:
            if self.phase is Phase.FINAL_TURN:
                return int(orig(self, seat))
            return int(self.hands[seat] & ~self.eaten[seat])
        return legal_discard_mask

    def check(orig: Fn) -> Fn:
        def check_discard(self: Any, seat: int, action: Any) -> Any:
            r = orig(self, seat, action)
            if r is not None and r.reason == "DISCARD_BREAKS_EATEN_PHOM":
                return None
            return r
        return check_discard

    return [wrap(TurnRules, "legal_discard_mask", mask), wrap(TurnRules, "check_discard", check)]


def _no_chot_eat() -> list[Patch]:
    # A cây chốt cannot be eaten (ROUND.CHOT-EAT broken).
    def check(orig: Fn) -> Fn:
        def check_eat(self: Any, seat: int, action: Any) -> Any:
            ld = self.last_discard
            if ld is not None and ld.chot and self.phase is Phase.DRAW_OR_EAT:
                from reference_impl.state import reject

                return reject("EAT_ROUND_NOT_ALLOWED", "ROUND.CHOT-EAT", "no eating a cây chốt")
            return orig(self, seat, action)
        return check_eat

    def eats(orig: Fn) -> Fn:
        def _eats(self: Any, seat: int) -> list[Any]:
            ld = self.last_discard
            if ld is not None and ld.chot and self.phase is Phase.DRAW_OR_EAT:
                return []
            return list(orig(self, seat))
        return _eats

    return [wrap(TurnRules, "check_eat", check), wrap(LegalActions, "_eats", eats)]


def _unlaid_eaten_discard() -> list[Patch]:
    # The last discard is allowed with an eaten card still in hand (LAY.EATEN-INCLUDED broken).
    def mask(orig: Fn) -> Fn:
        def legal_discard_mask(self: Any, seat: int) -> int:
            if self.phase is Phase.FINAL_TURN:
                return int(self.hands[seat] & ~self.eaten[seat])
            return int(orig(self, seat))
        return legal_discard_mask

    def check(orig: Fn) -> Fn:
        def check_discard(self: Any, seat: int, action: Any) -> Any:
            r = orig(self, seat, action)
            if r is not None and r.reason == "DISCARD_UNLAID_EATEN":
                return None
            return r
        return check_discard

    return [wrap(TurnRules, "legal_discard_mask", mask), wrap(TurnRules, "check_discard", check)]


# -- rounds and transfers ------------------------------------------------------------------------


def _no_chuyen_bai() -> list[Patch]:
    # No card moves after an eat; the lead pointer still moves on (ROUND.CHUYEN-BAI broken).
    def move(orig: Fn) -> Fn:
        def move_lead_card(self: Any, victim: int) -> None:
            self.lead = self.next_active(self.lead)
        return move_lead_card

    return [wrap(TurnRules, "move_lead_card", move)]


def _moved_from_eater() -> list[Patch]:
    # The moved card comes from the eater's pile instead of the round lead's.
    def move(orig: Fn) -> Fn:
        def move_lead_card(self: Any, victim: int) -> None:
            eater = self.next_active(victim)
            pile = self.piles[eater]
            if pile and eater != victim:
                moved = pile.pop()
                self.piles[victim].append(moved | MOVED)
                from reference_impl.state import CODES

                self.emit({"type": "moved", "card": CODES[moved & CARD_BITS], "from": eater,
                           "to": victim})
            self.lead = self.next_active(self.lead)
        return move_lead_card

    return [wrap(TurnRules, "move_lead_card", move)]


def _lead_stays() -> list[Patch]:
    # The lead pointer never moves on: the card always comes from the first player's pile.
    def move(orig: Fn) -> Fn:
        def move_lead_card(self: Any, victim: int) -> None:
            lead = self.lead
            if self.piles[lead] or lead == victim:
                orig(self, victim)
            self.lead = lead
        return move_lead_card

    return [wrap(TurnRules, "move_lead_card", move)]


def _no_tai() -> list[Patch]:
    # A player who has laid down never gets a tái turn: the game ends without it.
    def full(orig: Fn) -> Fn:
        def all_piles_full(self: Any) -> bool:
            return all(self.left[s] or len(self.piles[s]) == 4 or
                       (self.had_final[s] and self.laid[s]) for s in range(self.n))
        return all_piles_full

    def begin(orig: Fn) -> Fn:
        def begin_turn(self: Any, seat: int, announce: bool = True) -> None:
            for _ in range(self.n):
                if len(self.piles[seat]) == 3 and self.had_final[seat] and self.laid[seat]:
                    seat = self.next_active(seat)
                else:
                    break
            orig(self, seat, announce)
        return begin_turn

    def discard(orig: Fn) -> Fn:
        def do_discard(self: Any, seat: int, action: Any) -> None:
            before = len(self.piles[seat])
            orig(self, seat, action)
            if before == 3 and self.phase is not Phase.OVER and self.all_piles_full() and \
                    self.phase is not Phase.THEM_VONG:
                self.end_game("points")
        return do_discard

    return [wrap(TurnRules, "all_piles_full", full), wrap(TurnRules, "begin_turn", begin),
            wrap(TurnRules, "do_discard", discard)]


# -- lay-down and gửi ----------------------------------------------------------------------------


def _sent_scored() -> list[Patch]:
    # Sent cards still count in the sender's points (SEND.NOT-SCORED broken).
    def with_sent(self: Any, seat: int) -> int:
        return sum(1 << c for c, _t, _k in self.sent[seat])

    def points(orig: Fn) -> Fn:
        def _settle_points(self: Any, active: list[int]) -> Any:
            saved = list(self.hands)
            for s in active:
                self.hands[s] |= with_sent(self, s)
            try:
                return orig(self, active)
            finally:
                self.hands = saved
        return _settle_points

    def final(orig: Fn) -> Fn:
        def final_points(self: Any, seat: int) -> int:
            return int(orig(self, seat)) + melds.deadwood_points(with_sent(self, seat))
        return final_points

    return [wrap(Settlement, "_settle_points", points), wrap(Settlement, "final_points", final)]


def _lay_down_any_round() -> list[Patch]:
    # Phỏm may be laid down in any round, after the draw (LAY.FINAL-ROUND-ONLY broken).
    def needed(orig: Fn) -> Fn:
        def _final_turn_needed(self: Any, seat: int, what: str, code: str, clause: str) -> Any:
            if what == "lay down" and self.phase is Phase.AFTER_DRAW:
                return None
            return orig(self, seat, what, code, clause)
        return _final_turn_needed

    def legal(orig: Fn) -> Fn:
        def _compute_legal(self: Any) -> list[Any]:
            out = list(orig(self))
            if self.phase is Phase.AFTER_DRAW and self.to_act is not None:
                from reference_impl.actions import LayDown
                from reference_impl.cards import Card

                seat = self.to_act
                for ph in melds.phoms_in(self.hands[seat]):
                    if self.lay_down_problem(seat, [ph]) is None:
                        out.append(LayDown((tuple(Card(c) for c in range(52) if ph >> c & 1),)))
            return out
        return _compute_legal

    return [wrap(LayDownRules, "_final_turn_needed", needed),
            wrap(LegalActions, "_compute_legal", legal)]


def _must_lay_all() -> list[Patch]:
    # A player may not hold a phỏm back: the last discard is refused while the hand still
    # holds one (LAY.HOLD-BACK broken).
    def holds(self: Any, seat: int, card: int) -> bool:
        return bool(melds.phoms_in(self.hands[seat] & ~(1 << card)))

    def mask(orig: Fn) -> Fn:
        def legal_discard_mask(self: Any, seat: int) -> int:
            out = int(orig(self, seat))
            if self.phase is Phase.FINAL_TURN:
                out = sum(1 << c for c in range(52) if out >> c & 1 and not holds(self, seat, c))
            return out
        return legal_discard_mask

    def check(orig: Fn) -> Fn:
        def check_discard(self: Any, seat: int, action: Any) -> Any:
            r = orig(self, seat, action)
            if r is None and self.phase is Phase.FINAL_TURN and holds(self, seat, action.card):
                from reference_impl.state import reject

                return reject("WRONG_PHASE", "LAY.HOLD-BACK", "lay down every phỏm first")
            return r
        return check_discard

    return [wrap(TurnRules, "legal_discard_mask", mask), wrap(TurnRules, "check_discard", check)]


# -- ù ------------------------------------------------------------------------------------------


def _u_all_ten() -> list[Patch]:
    # Ù needs every card in phỏm, none left to discard (U.THUONG misread).
    def u_leftover(mask: int, eaten: int = 0, allow: int = 1, distinct: bool = True,
                   cores: tuple[int, ...] = ()) -> int:
        return melds.u_leftover(mask, eaten, 0 if allow == 1 else allow, distinct, cores)

    return [melds_proxy(u, u_leftover=u_leftover)]


def _u_khan_skips_first() -> list[Patch]:
    # The first player's 10-card hand is never checked for ù khan (U.KHAN.FIRST-PLAYER).
    def khan(orig: Fn) -> Fn:
        def check_u_khan(self: Any) -> bool:
            first_hand = self.hands[self.first]
            self.hands[self.first] = first_hand | 0b11  # a cạ: the A and 2 of spades
            try:
                found = bool(orig(self))
            finally:
                self.hands[self.first] = first_hand
            return found
        return check_u_khan

    return [wrap(URules, "check_u_khan", khan)]


def _u_khan_pairs_only() -> list[Patch]:
    # Ù khan checks only for pairs: suited neighbours are not taken for a cạ (PHOM.CA).
    def has_ca(m: int) -> bool:
        a, b, c, d = (m & 0x1FFF, (m >> 13) & 0x1FFF, (m >> 26) & 0x1FFF, m >> 39)
        return bool((a & (b | c | d)) | (b & (c | d)) | (c & d))

    return [melds_proxy(u, has_ca=has_ca)]


def _u_tron_after_eat() -> list[Patch]:
    # Ù tròn also counted after an eat, not only after a draw (EXTRA.U-TRON).
    def check(orig: Fn) -> Fn:
        def check_u_after(self: Any, seat: int, eat_victim: Any, eat_chot: bool) -> bool:
            drew = self.turn_drew
            self.turn_drew = True
            try:
                return bool(orig(self, seat, eat_victim, eat_chot))
            finally:
                self.turn_drew = drew
        return check_u_after

    return [wrap(URules, "check_u_after", check)]


# -- ù đền ---------------------------------------------------------------------------------------


def _den_wrong_payer() -> list[Patch]:
    # The seat before the ù player is always taken as liable (DEN.* payer).
    def find(orig: Fn) -> Fn:
        def find_den(self: Any, seat: int, eat_victim: Any, eat_chot: bool, third: bool) -> Any:
            found = orig(self, seat, eat_victim, eat_chot, third)
            if found is None:
                return None
            prev = (seat - 1) % self.n
            return (prev, found[1]) if prev != found[0] else ((seat + 1) % self.n, found[1])
        return find_den

    return [wrap(URules, "find_den", find)]


def _den_amount_single() -> list[Patch]:
    # The liable player pays one share (5), not the whole table's (15) (DEN.AMOUNT).
    def settle(orig: Fn) -> Fn:
        def _settle_u(self: Any, active: list[int]) -> Any:
            losers = max(1, len(active) - 1)
            base_pay = type(self).pay

            def pay(frm: int, to: int, amount: int, reason: str, clause: str) -> None:
                if reason == "u_den":
                    amount //= losers
                base_pay(self, frm, to, amount, reason, clause)

            self.pay = pay
            try:
                return orig(self, active)
            finally:
                del self.pay
        return _settle_u

    return [wrap(Settlement, "_settle_u", settle)]


def _den_others_pay_too() -> list[Patch]:
    # With ù đền the other losers still pay their share as well (DEN.PAYS-FOR-TABLE).
    def settle(orig: Fn) -> Fn:
        def _settle_u(self: Any, active: list[int]) -> Any:
            out = orig(self, active)
            info = self.u_info
            if info is not None and info["den"] is not None:
                for x in active:
                    if x not in (info["seat"], info["den"]["seat"]):
                        self.pay(x, info["seat"], self.p.u_payment, "u", "U.PAYMENT")
            return out
        return _settle_u

    return [wrap(Settlement, "_settle_u", settle)]


def _den_no_transfer() -> list[Patch]:
    # The first chốt eater stays liable; a later chốt eater does not take the liability over
    # (DEN.CHOT-LIABILITY-TRANSFER).
    def do(orig: Fn) -> Fn:
        def do_eat(self: Any, seat: int, action: Any) -> None:
            held = self.chot_eater
            orig(self, seat, action)
            if held is not None:
                self.chot_eater = held
        return do_eat

    return [wrap(TurnRules, "do_eat", do)]


def _den_direct_everywhere() -> list[Patch]:
    return params_patch(den_direct_chot=True)()


# -- ranking -------------------------------------------------------------------------------------


def _tie_by_seat() -> list[Patch]:
    # Equal points are broken by seat number, not by who laid down first.
    def time(orig: Fn) -> Fn:
        def _lay_down_time(self: Any, seat: int) -> int:
            return seat
        return _lay_down_time

    return [wrap(Settlement, "_lay_down_time", time)]


def _tie_later_wins() -> list[Patch]:
    # On equal points the later lay-down ranks higher (RANK.TIE-EARLIER-LAYDOWN reversed).
    def time(orig: Fn) -> Fn:
        def _lay_down_time(self: Any, seat: int) -> int:
            return -int(orig(self, seat))
        return _lay_down_time

    return [wrap(Settlement, "_lay_down_time", time)]


def _mom_by_points() -> list[Patch]:
    # Móm players are ranked by their points among everyone (RANK.MOM broken); they still
    # pay the móm payment.
    def points(orig: Fn) -> Fn:
        def _settle_points(self: Any, active: list[int]) -> Any:
            laid = [list(x) for x in self.laid]
            moms = [s for s in active if not self.laid[s]]
            if not moms or len(moms) == len(active):
                return orig(self, active)
            for s in moms:
                self.laid[s] = [0]  # ranked as if it had a phỏm
            base_pay = type(self).pay

            def pay(frm: int, to: int, amount: int, reason: str, clause: str) -> None:
                if frm in moms:
                    amount, reason, clause = self.p.mom_payment, "mom", "MONEY.MOM-PAYMENT"
                base_pay(self, frm, to, amount, reason, clause)

            self.pay = pay
            try:
                order, _moms, winner, ending = orig(self, active)
            finally:
                del self.pay
                self.laid = laid
            return order, set(moms), winner, ending
        return _settle_points

    return [wrap(Settlement, "_settle_points", points)]


# -- money ---------------------------------------------------------------------------------------


def _eat_money_not_added() -> list[Patch]:
    # Eat penalties are paid but left out of the final totals (MONEY.EAT-ADDS).
    def end(orig: Fn) -> Fn:
        def end_game(self: Any, ending: str) -> None:
            orig(self, ending)
            for p in self.payments:
                if p["reason"] in ("eat", "eat_chot", "ca_k"):
                    self.money[p["from"]] += p["amount"]
                    self.money[p["to"]] -= p["amount"]
        return end_game

    return [wrap(Settlement, "end_game", end)]


def _rank_paid_up_the_ladder() -> list[Patch]:
    # Each place pays the place just above it, not the Nhất (MONEY.PAID-TO-NHAT).
    def points(orig: Fn) -> Fn:
        def _settle_points(self: Any, active: list[int]) -> Any:
            base_pay = type(self).pay
            paid: list[int] = []

            def pay(frm: int, to: int, amount: int, reason: str, clause: str) -> None:
                if reason in ("rank", "mom") and paid:
                    to = paid[-1]
                base_pay(self, frm, to, amount, reason, clause)
                if reason in ("rank", "mom"):
                    paid.append(frm)

            self.pay = pay
            try:
                out = orig(self, active)
            finally:
                del self.pay
            return out
        return _settle_points

    return [wrap(Settlement, "_settle_points", points)]


def _u_eat_unpaid() -> list[Patch]:
    # The eat that makes an ù is not charged (EAT.U-MAKING-EAT).
    def do(orig: Fn) -> Fn:
        def do_eat(self: Any, seat: int, action: Any) -> None:
            n = len(self.payments)
            orig(self, seat, action)
            if self.phase is Phase.OVER and self.u_info is not None and \
                    self.u_info["seat"] == seat and len(self.payments) > n:
                p = self.payments[n]
                if p["reason"] in ("eat", "eat_chot", "ca_k"):
                    self.money[p["from"]] += p["amount"]
                    self.money[p["to"]] -= p["amount"]
                    del self.payments[n]
        return do_eat

    return [wrap(TurnRules, "do_eat", do)]


def _ca_k_adds() -> list[Patch]:
    # Cá K is paid on top of the ordinary eat price instead of replacing it (EXTRA.CA-K).
    def price(orig: Fn) -> Fn:
        def eat_price(self: Any, victim: int, card: int, ld: Any, chot: bool) -> Any:
            amount, reason, clause = orig(self, victim, card, ld, chot)
            if reason == "ca_k":
                p = self.p
                ordinary = p.eat_chot if chot else p.eat_by_count[
                    min(self.eaten_count[victim], len(p.eat_by_count)) - 1]
                amount += ordinary
            return amount, reason, clause
        return eat_price

    return [wrap(TurnRules, "eat_price", price)]


# -- timeouts ------------------------------------------------------------------------------------


def _timeout_lowest() -> list[Patch]:
    # The auto-play discards the lowest card (TIME.AUTO-PLAY).
    def lowest_card(mask: int) -> int:
        return min((c for c in range(52) if mask >> c & 1), key=lambda c: (c % 13, c))

    return [(auto, "highest_card", lowest_card)]


def _m(id: str, topic: str, title: str, clauses: tuple[str, ...],
       patches: Callable[[], list[Patch]], rulesets: tuple[str, ...] | None = None) -> Mutant:
    return Mutant(id, topic, title, clauses, patches, rulesets)


HQB = ("hoi-quan-bai",)
U9 = ("u9la",)

MUTANTS: tuple[Mutant, ...] = (
    # melds
    _m("meld-qka-run", "melds", "Q-K-A and K-A-2 are taken for runs", ("PHOM.RUN.NO-WRAP",),
       _wrap_runs),
    _m("meld-ace-high", "melds", "the Ace is high: Q-K-A is a run, A-2-3 is not",
       ("PHOM.RUN.ACE-LOW",), _ace_high),
    _m("meld-run-max-4", "melds", "runs are capped at 4 cards", ("PHOM.RUN.ANY-LENGTH",),
       _runs_max_4),
    _m("meld-pairs", "melds", "a pair is taken for a phỏm (sets of 2)", ("PHOM.MIN-SIZE",), _pairs),
    # eating
    _m("eat-any-earlier", "eating", "the top discard of any earlier player may be eaten",
       ("TURN.EAT.PREVIOUS-ONLY",), _eat_any_earlier),
    _m("eat-with-ca", "eating", "an eat needs only a cạ with one hand card, not a phỏm",
       ("TURN.EAT.MAKES-PHOM",), _eat_with_ca),
    _m("eat-two-in-one-phom", "eating", "two eaten cards may sit in one phỏm",
       ("TURN.EAT.DISTINCT-PHOM",), params_patch(distinct_phom=False)),
    _m("eat-discard-eaten", "eating", "an eaten card may be discarded again",
       ("TURN.EAT.KEEP-IN-PHOM",), _eaten_discardable),
    _m("eat-partners-free", "eating", "the cards an eaten card was eaten with may be discarded",
       ("TURN.EAT.KEEP-IN-PHOM",), _discard_breaks_phom),
    _m("eat-no-chot", "eating", "a cây chốt cannot be eaten", ("ROUND.CHOT-EAT",), _no_chot_eat),
    _m("eat-binding-declaration", "eating", "the cards named when eating are binding at lay-down",
       ("TURN.EAT.DECLARE-CARDS",), params_patch(binding_declaration=True)),
    # discards
    _m("discard-unlaid-eaten", "discards", "the last discard is allowed with an eaten card unlaid",
       ("LAY.EATEN-INCLUDED",), _unlaid_eaten_discard),
    _m("discard-must-lay-all", "discards", "no phỏm may be held back at the last discard",
       ("LAY.HOLD-BACK",), _must_lay_all),
    # rounds and transfers
    _m("round-no-chuyen-bai", "rounds", "no card moves after an eat (no chuyển bài)",
       ("ROUND.CHUYEN-BAI",), _no_chuyen_bai),
    _m("round-moved-from-eater", "rounds", "the moved card comes from the eater's pile, not the"
       " round lead's", ("ROUND.LEAD-POINTER",), _moved_from_eater),
    _m("round-lead-stays", "rounds", "the lead pointer never moves on", ("ROUND.LEAD-POINTER",),
       _lead_stays),
    _m("round-no-tai", "rounds", "no tái: a laid-down player gets no extra turn", ("ROUND.TAI",),
       _no_tai),
    _m("round-tai-not-chot", "rounds", "a tái discard is not a cây chốt",
       ("ROUND.TAI-DISCARD-IS-CHOT",), params_patch(tai_discard_is_chot=False)),
    _m("round-no-them-vong", "rounds", "no thêm vòng", ("ROUND.THEM-VONG",),
       params_patch(them_vong=False), HQB),
    _m("round-them-vong-everywhere", "rounds", "thêm vòng where the ruleset has none",
       ("ROUND.THEM-VONG.ABSENT",), params_patch(them_vong=True),
       ("co-ban", "ki-gui", "u9la")),
    # lay-down and gửi
    _m("send-by-mom", "sending", "a player without a phỏm may send",
       ("SEND.REQUIRES-PHOM",), params_patch(send_requires_phom=False)),
    _m("send-to-own", "sending", "a card may be sent to one's own phỏm", ("SEND.NOT-OWN",),
       params_patch(send_to_own=True)),
    _m("send-scored", "sending", "sent cards still count in the sender's points",
       ("SEND.NOT-SCORED",), _sent_scored),
    _m("send-not-extended", "sending", "a phỏm already extended by a send takes no more",
       ("SEND.EXTENDED-PHOM",), params_patch(send_to_extended=False)),
    _m("lay-any-round", "sending", "phỏm may be laid down in any round",
       ("LAY.FINAL-ROUND-ONLY",), _lay_down_any_round),
    # ù
    _m("u-all-ten", "u", "an ù needs all ten cards in phỏm", ("U.THUONG",), _u_all_ten),
    _m("u-three-eats-not-u", "u", "three eats are not an ù", ("U.THREE-EATS",),
       params_patch(u_three_eats=False)),
    _m("u-khan-skips-first", "u", "ù khan ignores the first player's ten cards",
       ("U.KHAN.FIRST-PLAYER",), _u_khan_skips_first, HQB),
    _m("u-khan-pairs-only", "u", "ù khan looks only for pairs, not suited neighbours",
       ("PHOM.CA",), _u_khan_pairs_only, HQB),
    _m("u-dealt-ten", "u", "the first player may ù on the ten dealt cards",
       ("U.NOT-BEFORE-FIRST-DISCARD",), params_patch(u_before_first_discard=True)),
    _m("u-tron-after-eat", "u", "ù tròn also after an eat", ("EXTRA.U-TRON",),
       _u_tron_after_eat, U9),
    # ù đền
    _m("den-wrong-payer", "u_den", "the seat before the ù player pays the ù đền",
       ("DEN.PAYS-FOR-TABLE",), _den_wrong_payer),
    _m("den-amount-single", "u_den", "the liable player pays one share (5), not the table's (15)",
       ("DEN.AMOUNT",), _den_amount_single),
    _m("den-others-pay", "u_den", "with ù đền the others still pay their share",
       ("DEN.PAYS-FOR-TABLE",), _den_others_pay_too),
    _m("den-no-transfer", "u_den", "the chốt liability is not taken over by a later chốt eater",
       ("DEN.CHOT-LIABILITY-TRANSFER",), _den_no_transfer, ("co-ban", "u9la")),
    _m("den-direct-everywhere", "u_den", "the discarder of an eaten chốt is liable everywhere",
       ("DEN.DIRECT-CHOT",), _den_direct_everywhere, ("co-ban", "ki-gui", "u9la")),
    # ranking
    _m("rank-tie-by-seat", "ranking", "ties are broken by seat number",
       ("RANK.TIE-EARLIER-LAYDOWN",), _tie_by_seat),
    _m("rank-tie-later-wins", "ranking", "on a tie the later lay-down ranks higher",
       ("RANK.TIE-EARLIER-LAYDOWN",), _tie_later_wins),
    _m("rank-mom-by-points", "ranking", "móm players are ranked by points among everyone",
       ("RANK.MOM",), _mom_by_points),
    _m("rank-all-mom-lowest", "ranking", "when all are móm the lowest points wins",
       ("RANK.ALL-MOM",), params_patch(all_mom_winner="lowest_points")),
    # money
    _m("money-chot-1", "money", "a chốt eat costs 1 instead of the ruleset's price",
       ("EAT.CHOT-PRICE",), params_patch(eat_chot=1), ("hoi-quan-bai", "ki-gui", "u9la")),
    _m("money-second-eat-1", "money", "the second eaten card is priced 1",
       ("EAT.NTH-CARD",), params_patch(eat_by_count=lambda p: (p.eat_by_count[0], 1,
                                                               *p.eat_by_count[2:])),
       ("hoi-quan-bai", "ki-gui", "u9la")),
    _m("money-mom-3", "money", "a móm player pays 3", ("MONEY.MOM-PAYMENT",),
       params_patch(mom_payment=3)),
    _m("money-eat-not-added", "money", "eat money is left out of the totals",
       ("MONEY.EAT-ADDS",), _eat_money_not_added),
    _m("money-paid-up-ladder", "money", "each place pays the place above, not the Nhất",
       ("MONEY.PAID-TO-NHAT",), _rank_paid_up_the_ladder),
    _m("money-u-eat-free", "money", "the eat that makes an ù is not charged",
       ("EAT.U-MAKING-EAT",), _u_eat_unpaid),
    _m("money-chot-not-counted", "money", "a chốt eat does not count toward the victim's n",
       ("EAT.CHOT-COUNTS",), params_patch(eat_chot_counts=False),
       ("hoi-quan-bai", "ki-gui", "u9la")),
    _m("money-ca-k-adds", "money", "cá K is paid on top of the ordinary price",
       ("EXTRA.CA-K",), _ca_k_adds, U9),
    _m("money-u-5-khan", "money", "ù khan pays like an ordinary ù (5)", ("U.KHAN",),
       params_patch(u_khan=lambda p: 5 if p.u_khan is not None else None), HQB),
    # timeouts
    _m("time-discard-lowest", "timeouts", "the auto-play discards the lowest card",
       ("TIME.AUTO-PLAY",), _timeout_lowest),
)

BY_ID: dict[str, Mutant] = {m.id: m for m in MUTANTS}
