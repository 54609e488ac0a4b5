"""``legal_actions()``: every legal action of the seat to act (docs/contract.md).

Exact for draw, eat (one entry per distinct ``with`` set), discard, send and pass; for
lay_down every legal single-phỏm lay-down.  ``timeout`` and ``leave`` are not listed.
"""

from __future__ import annotations

from phomspec.cards import Card
from reference_impl import melds
from reference_impl.actions import DISCARDS, DRAW, PASS, Action, Eat, LayDown, Send
from reference_impl.compulsory import CompulsoryRules
from reference_impl.state import Phase, bits


def _cards(mask: int) -> tuple[Card, ...]:
    return tuple(Card(c) for c in bits(mask))


class LegalActions(CompulsoryRules):
    """The list of legal actions, cached until the next accepted action."""

    _legal_version: int
    _legal_cache: list[Action]

    def legal_actions(self) -> list[Action]:
        if self._legal_version != self.version:
            self._legal_cache = self._compute_legal()
            self._legal_version = self.version
        return list(self._legal_cache)

    def _discards(self, seat: int) -> list[Action]:
        mask = self.legal_discard_mask(seat)
        if mask and self.phase is Phase.FINAL_TURN and self.final_discard_problem(seat) is not None:
            return []  # a lay-down or send is owed first (lay.compulsory, send.compulsory)
        return [DISCARDS[c] for c in bits(mask)]

    def _eats(self, seat: int) -> list[Action]:
        ld = self.last_discard
        if ld is None:
            return []
        return [Eat(Card(ld.card), _cards(w)) for w in self.eat_options(seat, ld.card)]

    def _compute_legal(self) -> list[Action]:
        ph = self.phase
        seat = self.to_act
        if seat is None or ph is Phase.OVER:
            return []
        if ph is Phase.AFTER_DRAW or ph is Phase.DISCARD_ONLY:
            return self._discards(seat)
        if ph is Phase.DRAW_OR_EAT:
            out: list[Action] = [DRAW] if self.stock else []
            if not self.tai or self.p.tai_may_eat:
                out += self._eats(seat)
            return out
        if ph is Phase.THEM_VONG:
            return [*self._eats(seat), PASS]
        # Final-round turn: lay-downs, sends, discards.
        out = []
        for phom in melds.phoms_in(self.hands[seat]):
            if self.lay_down_problem(seat, [phom]) is None:
                out.append(LayDown((_cards(phom),)))
        for t, k, fit in self.send_targets(seat):
            for c in bits(fit):
                if self.send_keeps_hand(seat, c) is None:
                    out.append(Send(Card(c), t, k))
        out += self._discards(seat)
        return out
