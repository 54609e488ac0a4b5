"""Turns and rounds: draw, eat, discard, the lead pointer (chuyển bài), tái, thêm vòng.

The pointer model (docs/readings.md, ROUND.*): a seat is in the final round when its discard
pile holds 3 cards at the start of its turn, and then its discard is a cây chốt.  An eat
takes the victim's latest discard off its pile; the lead pointer starts at ``first``, and at
every eat, if the lead is not the victim, the lead's most recent pile card moves to the
victim's pile (ROUND.CHUYEN-BAI); then the lead moves one seat on (ROUND.LEAD-POINTER).
After a discard that leaves every pile of a seat in play at 4 cards, the game is over
(ROUND.GAME-END) or, where the ruleset has it, thêm vòng is offered (ROUND.THEM-VONG).
"""

from __future__ import annotations

from reference_impl import melds
from reference_impl.actions import Discard, Draw, Eat
from reference_impl.errors import EngineError
from reference_impl.rulings import Rejected
from reference_impl.state import CARD_BITS, CHOT, CODES, MOVED, LastDiscard, Phase, reject
from reference_impl.u import URules

_KING = 12


class TurnRules(URules):
    """Draw, eat and discard, and the turn order between them."""

    turn_pile: int  # the seat's pile size at the start of the current turn

    # -- turn order ------------------------------------------------------------------------

    def begin_turn(self, seat: int, announce: bool = True) -> None:
        """Seat ``seat`` is to act; decide whether this is a final-round (or tái) turn."""
        k = len(self.piles[seat])
        if k > 3:
            raise EngineError(f"seat {seat} is to act with {k} cards in its pile")
        self.to_act = seat
        self.turn_no += 1
        self.turn_pile = k
        self.turn_drew = False
        self.final_round = k == 3  # ROUND.COUNT-BY-PILE
        self.tai = self.final_round and self.had_final[seat]  # ROUND.TAI
        if self.final_round:
            if not self.had_final[seat]:
                self.had_final[seat] = True
                self.first_final[seat] = self.turn_no
            self.last_final[seat] = self.turn_no
        self.eater_before_turn = self.latest_eater
        self.phase = Phase.DRAW_OR_EAT
        if announce:
            self.emit(
                {"type": "turn", "seat": seat, "final_round": self.final_round, "tai": self.tai}
            )

    def all_piles_full(self) -> bool:
        """Does every pile of a seat in play hold 4 cards (ROUND.GAME-END)?"""
        piles, left = self.piles, self.left
        return all(left[s] or len(piles[s]) == 4 for s in range(self.n))

    # -- draw ------------------------------------------------------------------------------

    def check_draw(self, seat: int, action: Draw) -> Rejected | None:
        if self.phase is not Phase.DRAW_OR_EAT:
            if self.phase is Phase.DISCARD_ONLY:
                return reject(
                    "WRONG_PHASE",
                    "TURN.OPENING-DISCARD",
                    "the first player opens by discarding, without drawing",
                )
            if self.phase is Phase.THEM_VONG:
                return reject("WRONG_PHASE", "ROUND.THEM-VONG", "thêm vòng: eat the chốt or pass")
            return reject("WRONG_PHASE", "TURN.DRAW-OR-EAT", "already drew or ate this turn")
        if not self.stock:
            return reject("DRAW_STOCK_EMPTY", "TURN.DRAW.STOCK-TOP", "the stock is empty")
        return None

    def do_draw(self, seat: int, action: Draw) -> None:
        card = self.stock.pop()
        bit = 1 << card
        self.hands[seat] |= bit
        self.own[seat] |= bit
        self.last_discard = None
        self.turn_drew = True
        self.emit({"type": "drew", "seat": seat, "card": CODES[card]})
        if self.check_u_after(seat, None, False):
            return
        self.phase = Phase.FINAL_TURN if self.final_round else Phase.AFTER_DRAW

    # -- eat -------------------------------------------------------------------------------

    def eat_with_ok(self, seat: int, card: int, with_mask: int) -> bool:
        """Does eating ``card`` with ``with_mask`` keep every eaten card coverable?"""
        p = self.p
        if not p.keep_in_phom:
            return True
        hand = self.hands[seat] | (1 << card)
        ue = (self.eaten[seat] & self.hands[seat]) | (1 << card)
        if p.binding_declaration:
            cores = self.cores_of(self.eaten[seat] & self.hands[seat])
            return all(not core & with_mask for core in cores)
        if ue == 1 << card:
            return True  # the named phỏm holds the only eaten card
        return melds.can_cover(hand, ue, p.distinct_phom)

    def eat_options(self, seat: int, card: int) -> list[int]:
        """Every ``with`` set (as a mask) of a legal eat of ``card`` by ``seat``."""
        hand = self.hands[seat]
        if self.p.distinct_phom:
            hand &= ~self.eaten[seat]
        if not melds.may_join(card, hand):
            return []
        out = []
        bit = 1 << card
        for ph in melds.PHOMS_CONTAINING[card]:
            w = ph & ~bit
            if w & hand == w and self.eat_with_ok(seat, card, w):
                out.append(w)
        return out

    def check_eat(self, seat: int, action: Eat) -> Rejected | None:
        ph = self.phase
        if ph is not Phase.DRAW_OR_EAT and ph is not Phase.THEM_VONG:
            if ph is Phase.DISCARD_ONLY:
                return reject(
                    "EAT_NOTHING_TO_EAT",
                    "TURN.OPENING-DISCARD",
                    "nothing to eat on the opening turn",
                )
            return reject("WRONG_PHASE", "TURN.DRAW-OR-EAT", "already drew or ate this turn")
        ld = self.last_discard
        if ld is None:
            return reject(
                "EAT_NOTHING_TO_EAT",
                "TURN.EAT.PREVIOUS-ONLY",
                "the previous seat's latest discard is no longer there to eat",
            )
        if ph is Phase.DRAW_OR_EAT and self.tai and not self.p.tai_may_eat:
            return reject("EAT_ROUND_NOT_ALLOWED", "ROUND.TAI-ACTIONS", "no eating on a tái turn")
        if action.card != ld.card:
            return reject(
                "EAT_NOT_LATEST_DISCARD",
                "TURN.EAT.PREVIOUS-ONLY",
                f"only {CODES[ld.card]}, the previous seat's latest discard, can be eaten",
            )
        hand = self.hands[seat]
        w = 0
        for c in action.with_:
            if not hand >> c & 1:
                return reject("CARD_NOT_IN_HAND", "TURN.CARD-IN-HAND", f"{CODES[c]} is not in hand")
            w |= 1 << c
        if self.p.distinct_phom and w & self.eaten[seat]:
            return reject(
                "EAT_WITH_EATEN_CARD",
                "TURN.EAT.DISTINCT-PHOM",
                "an eaten card cannot make a phỏm with another eaten card",
            )
        if len(action.with_) < 2 or not melds.is_phom(w | (1 << ld.card)):
            return reject(
                "EAT_NOT_A_PHOM",
                "TURN.EAT.MAKES-PHOM",
                f"{CODES[ld.card]} with {' '.join(CODES[c] for c in action.with_)} is not a phỏm",
            )
        if not self.eat_with_ok(seat, ld.card, w):
            return reject(
                "EAT_BREAKS_EATEN_PHOM",
                "TURN.EAT.DISTINCT-PHOM",
                "after this eat the eaten cards could not each be in a phỏm of their own",
            )
        return None

    def eat_price(
        self, victim: int, card: int, ld: LastDiscard, chot: bool
    ) -> tuple[int, str, str]:
        """(amount, reason, clause) of an eat; counts it for the victim (EAT.*)."""
        p = self.p
        if not chot or p.eat_chot_counts:
            self.eaten_count[victim] += 1
        if p.king_by_round is not None and card % 13 == _KING:
            return p.king_by_round[ld.round - 1], "ca_k", "EXTRA.CA-K"  # replaces the price
        if chot:
            return p.eat_chot, "eat_chot", "EAT.CHOT-PRICE"
        n = self.eaten_count[victim] if p.eat_counting == "per_victim" else ld.round
        table = p.eat_by_count
        return table[min(n, len(table)) - 1], "eat", "EAT.NTH-CARD"

    def do_eat(self, seat: int, action: Eat) -> None:
        ld = self.last_discard
        if ld is None:
            raise EngineError("eat without a discard")
        them_vong = self.phase is Phase.THEM_VONG
        victim, card = ld.seat, ld.card
        chot = ld.chot or them_vong  # EAT.THEM-VONG: paid as a chốt eat
        bit = 1 << card
        eater_before = self.latest_eater
        self.emit(
            {
                "type": "ate",
                "seat": seat,
                "card": CODES[card],
                "from": victim,
                "with": [CODES[c] for c in action.with_],
                "chot": chot,
            }
        )
        self.hands[seat] |= bit
        self.eaten[seat] |= bit
        if self.p.binding_declaration:
            self.cores[card] = bit | sum(1 << c for c in action.with_)
        top = self.piles[victim].pop()
        if top & CARD_BITS != card:
            raise EngineError(f"seat {victim}'s pile top is not its latest discard")
        self.eats_by[seat].append(victim)
        amount, reason, clause = self.eat_price(victim, card, ld, chot)
        if them_vong and reason == "eat_chot":
            clause = "EAT.THEM-VONG"
        self.pay(victim, seat, amount, reason, clause)  # EAT.PAID-AT-ONCE
        self.latest_eater = seat
        if chot:
            self.chot_eater = seat  # DEN.CHOT-LIABILITY-TRANSFER
        self.move_lead_card(victim)
        self.last_discard = None
        if them_vong:
            # The thêm vòng eater takes one more final-round turn (ROUND.THEM-VONG.SEQUENCE).
            self.begin_turn(seat, announce=False)
            self.eater_before_turn = eater_before
            self.them_vong_turn = True
        if self.check_u_after(seat, victim, chot):
            return
        self.phase = Phase.FINAL_TURN if self.final_round else Phase.AFTER_DRAW

    def move_lead_card(self, victim: int) -> None:
        """Chuyển bài (ROUND.CHUYEN-BAI, ROUND.LEAD-IS-VICTIM), then the lead moves on."""
        lead = self.lead
        if lead != victim:
            pile = self.piles[lead]
            if not pile:
                raise EngineError(f"chuyển bài: the lead's pile (seat {lead}) is empty")
            moved = pile.pop()
            self.piles[victim].append(moved | MOVED)
            self.emit(
                {"type": "moved", "card": CODES[moved & CARD_BITS], "from": lead, "to": victim}
            )
        self.lead = self.next_active(lead)

    # -- discard ---------------------------------------------------------------------------

    def legal_discard_mask(self, seat: int) -> int:
        """The cards ``seat`` may discard now (phase allowing a discard)."""
        hand = self.hands[seat]
        p = self.p
        if not p.keep_in_phom:
            return hand
        ue = self.eaten[seat] & hand
        if not ue:
            return hand
        if self.phase is Phase.FINAL_TURN:
            return 0  # LAY.EATEN-INCLUDED: lay the eaten cards down first
        return self.eaten_safe_discards(seat)

    def eaten_safe_discards(self, seat: int) -> int:
        """Hand cards whose discard keeps every unlaid eaten card coverable
        (TURN.EAT.KEEP-IN-PHOM), whatever the phase."""
        hand = self.hands[seat]
        p = self.p
        ue = self.eaten[seat] & hand
        if not p.keep_in_phom or not ue:
            return hand
        cores = self.cores_of(ue)
        free = hand & ~ue
        if cores:
            for core in cores:
                free &= ~core
            return free
        out = 0
        m = free
        while m:
            low = m & -m
            m ^= low
            if melds.can_cover(hand ^ low, ue, p.distinct_phom):
                out |= low
        return out

    def check_discard(self, seat: int, action: Discard) -> Rejected | None:
        ph = self.phase
        if (
            ph is not Phase.AFTER_DRAW
            and ph is not Phase.FINAL_TURN
            and ph is not Phase.DISCARD_ONLY
        ):
            if ph is Phase.THEM_VONG:
                return reject("WRONG_PHASE", "ROUND.THEM-VONG", "thêm vòng: eat the chốt or pass")
            return reject("WRONG_PHASE", "TURN.DRAW-OR-EAT", "draw or eat before discarding")
        c = action.card
        hand = self.hands[seat]
        if not hand >> c & 1:
            return reject("CARD_NOT_IN_HAND", "TURN.CARD-IN-HAND", f"{CODES[c]} is not in hand")
        ue = self.eaten[seat] & hand if self.p.keep_in_phom else 0
        if ue:
            if ue >> c & 1:
                return reject(
                    "DISCARD_EATEN_CARD",
                    "TURN.EAT.KEEP-IN-PHOM",
                    f"{CODES[c]} was eaten: it must stay in a phỏm",
                )
            if ph is Phase.FINAL_TURN:
                left_out = " ".join(CODES[x] for x in range(52) if ue >> x & 1)
                return reject(
                    "DISCARD_UNLAID_EATEN",
                    "LAY.EATEN-INCLUDED",
                    f"lay down the eaten card(s) {left_out} before the final discard",
                )
            if not self.legal_discard_mask(seat) >> c & 1:
                return reject(
                    "DISCARD_BREAKS_EATEN_PHOM",
                    "TURN.EAT.KEEP-IN-PHOM",
                    f"without {CODES[c]} an eaten card could no longer be in a phỏm",
                )
        if ph is Phase.FINAL_TURN:
            return self.final_discard_problem(seat)
        return None

    def final_discard_problem(self, seat: int) -> Rejected | None:
        """What else forbids every final-round discard of ``seat`` (a lay-down or send still
        owed); nothing here, see :class:`reference_impl.compulsory.CompulsoryRules`."""
        return None

    def do_discard(self, seat: int, action: Discard) -> None:
        card = action.card
        self.hands[seat] &= ~(1 << card)
        chot = self.final_round and (not self.tai or self.p.tai_discard_is_chot)  # ROUND.CHOT
        self.piles[seat].append(card | CHOT if chot else card)
        self.last_discard = LastDiscard(seat, card, chot, self.turn_pile + 1)
        self.emit({"type": "discarded", "seat": seat, "card": CODES[card], "chot": chot})
        if len(self.piles[seat]) == 4 and self.all_piles_full():
            if self.offer_them_vong(seat, card):
                return
            self.end_game("points")
            return
        self.begin_turn(self.next_active(seat))

    def offer_them_vong(self, seat: int, card: int) -> bool:
        """After the game's last chốt: may the next seat eat it (ROUND.THEM-VONG)?"""
        if not self.p.them_vong or self.them_vong_done or self.them_vong_turn:
            return False
        self.them_vong_done = True
        nxt = self.next_active(seat)
        if nxt == seat or not self.eat_options(nxt, card):
            return False
        self.to_act = nxt
        self.phase = Phase.THEM_VONG
        self.emit({"type": "them_vong", "seat": nxt})
        return True

    def do_pass(self, seat: int) -> None:
        self.last_discard = None
        self.end_game("points")
