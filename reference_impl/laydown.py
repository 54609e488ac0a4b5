"""Hạ phỏm and gửi: laying down phỏm and sending cards on a final-round turn.

Both happen only on a final-round turn after the draw or eat and before the discard
(LAY.FINAL-ROUND-ONLY, SEND.AFTER-LAY-DOWN), tái turns included (ROUND.TAI-ACTIONS).
"""

from __future__ import annotations

from reference_impl import melds
from reference_impl.actions import LayDown, Send
from reference_impl.rulings import Rejected
from reference_impl.state import CODES, Phase, reject
from reference_impl.turns import TurnRules


def _codes(mask: int) -> str:
    return " ".join(CODES[c] for c in range(52) if mask >> c & 1)


class LayDownRules(TurnRules):
    """Validation and effect of lay_down and send."""

    def _final_turn_needed(self, seat: int, what: str, code: str, clause: str) -> Rejected | None:
        if self.phase is Phase.FINAL_TURN:
            return None
        if self.phase is Phase.DRAW_OR_EAT and self.final_round:
            return reject("WRONG_PHASE", clause, f"draw or eat before you {what}")
        if self.phase is Phase.THEM_VONG:
            return reject("WRONG_PHASE", "ROUND.THEM-VONG", "thêm vòng: eat the chốt or pass")
        return reject(code, clause, f"you {what} only on a final-round turn")

    # -- lay down --------------------------------------------------------------------------

    def lay_down_problem(self, seat: int, phoms: list[int]) -> Rejected | None:
        """Why laying down these phỏm (masks of hand cards) is illegal, or None."""
        p = self.p
        hand = self.hands[seat]
        eaten = self.eaten[seat] & hand
        used = 0
        cores = self.cores_of(eaten)
        for ph in phoms:
            if ph & ~hand:
                return reject(
                    "CARD_NOT_IN_HAND", "TURN.CARD-IN-HAND", f"{_codes(ph & ~hand)} not in hand"
                )
            if ph & used:
                return reject(
                    "LAY_DOWN_OVERLAP", "PHOM.ONE-PER-CARD", f"{_codes(ph & used)} in two phỏm"
                )
            used |= ph
            if not melds.is_phom(ph):
                return reject(
                    "LAY_DOWN_INVALID_PHOM", "LAY.VALID-PHOM", f"{_codes(ph)} is not a phỏm"
                )
            pe = ph & eaten
            if p.distinct_phom and pe & (pe - 1):
                return reject(
                    "LAY_DOWN_EATEN_SHARED",
                    "TURN.EAT.DISTINCT-PHOM",
                    f"the eaten cards {_codes(pe)} cannot share one phỏm",
                )
            for core in cores:
                if core & ph and core & ph != core:
                    return reject(
                        "LAY_DOWN_INVALID_PHOM",
                        "TURN.EAT.DECLARE-CARDS",
                        "an eaten card must be laid with the cards named when eating:"
                        f" {_codes(core)}",
                    )
        rest = hand & ~used
        if p.keep_in_phom and not melds.can_cover(
            rest, eaten & rest, p.distinct_phom, self.cores_of(eaten & rest)
        ):
            return reject(
                "LAY_DOWN_EATEN_LEFT_OUT",
                "LAY.EATEN-INCLUDED",
                "the eaten cards not laid could no longer each go in a phỏm of their own",
            )
        if not self.can_still_discard(seat, rest):
            return reject(
                "LAY_DOWN_LAST_CARD",
                "TURN.DISCARD-ENDS-TURN",
                "keep a card to discard: the turn ends with a discard",
            )
        return None

    def can_still_discard(self, seat: int, rest: int) -> bool:
        """Whether a hand reduced to ``rest`` can still end the turn with a discard: some card
        of it can go while every unlaid eaten card keeps a phỏm of its own
        (TURN.DISCARD-ENDS-TURN with LAY.EATEN-INCLUDED)."""
        p = self.p
        ue = self.eaten[seat] & rest if p.keep_in_phom else 0
        if not ue:
            return rest != 0
        cores = self.cores_of(ue)
        m = rest & ~ue
        while m:
            low = m & -m
            m ^= low
            if melds.can_cover(rest ^ low, ue, p.distinct_phom, cores):
                return True
        return False

    def check_lay_down(self, seat: int, action: LayDown) -> Rejected | None:
        problem = self._final_turn_needed(
            seat, "lay down", "LAY_DOWN_NOT_FINAL_ROUND", "LAY.FINAL-ROUND-ONLY"
        )
        if problem is not None:
            return problem
        if not action.phoms:
            return reject("LAY_DOWN_INVALID_PHOM", "LAY.VALID-PHOM", "lay down at least one phỏm")
        masks = []
        for group in action.phoms:
            m = 0
            for c in group:
                m |= 1 << c
            masks.append(m)
        return self.lay_down_problem(seat, masks)

    def do_lay_down(self, seat: int, action: LayDown) -> None:
        for group in action.phoms:
            m = 0
            for c in group:
                m |= 1 << c
            self.hands[seat] &= ~m
            self.laid[seat].append(m)
            self.laid_now[seat].append(m)
            self.laid_at[seat].append(self.turn_no)
        self.emit(
            {
                "type": "laid_down",
                "seat": seat,
                "phoms": [[CODES[c] for c in g] for g in action.phoms],
            }
        )

    # -- send ------------------------------------------------------------------------------

    def send_disabled(self) -> Rejected | None:
        p = self.p
        if not p.send_enabled:
            clause = "SEND.ROOM-OPTION" if "ki_gui" in self.rs.options else "SEND.ALLOWED"
            return reject("SEND_DISABLED", clause, "sending (gửi) is not allowed in this game")
        if self.them_vong_turn and not p.them_vong_send:
            return reject(
                "SEND_DISABLED", "ROUND.THEM-VONG.SEQUENCE", "no sending on the thêm vòng turn"
            )
        return None

    def check_send(self, seat: int, action: Send) -> Rejected | None:
        problem = self.send_disabled() or self._final_turn_needed(
            seat, "send", "SEND_NOT_FINAL_ROUND", "SEND.AFTER-LAY-DOWN"
        )
        if problem is not None:
            return problem
        p = self.p
        c = action.card
        hand = self.hands[seat]
        if not hand >> c & 1:
            return reject("CARD_NOT_IN_HAND", "TURN.CARD-IN-HAND", f"{CODES[c]} is not in hand")
        if self.eaten[seat] >> c & 1:
            return reject(
                "SEND_EATEN_CARD", "SEND.EATEN-CARD", f"{CODES[c]} was eaten: it cannot be sent"
            )
        if p.send_requires_phom and not self.laid[seat]:
            return reject("SEND_NEEDS_PHOM", "SEND.REQUIRES-PHOM", "lay down a phỏm before sending")
        t, k = action.seat, action.phom
        if not (0 <= t < self.n and 0 <= k < len(self.laid_now[t])) or self.left[t]:
            return reject(
                "SEND_NO_SUCH_PHOM",
                "SEND.TARGET-LAID-ONLY",
                f"there is no laid phỏm {t}:{k} in play",
            )
        if t == seat and not p.send_to_own:
            return reject("SEND_OWN_PHOM", "SEND.NOT-OWN", "a card cannot be sent to your own phỏm")
        target = self.laid_now[t][k]
        if not p.send_to_extended and target != self.laid[t][k]:
            return reject(
                "SEND_DOES_NOT_FIT", "SEND.EXTENDED-PHOM", f"phỏm {t}:{k} was already extended"
            )
        if not melds.fits(c, target):
            return reject(
                "SEND_DOES_NOT_FIT", "SEND.FIT", f"{CODES[c]} does not extend {_codes(target)}"
            )
        return self.send_keeps_hand(seat, c)

    def send_keeps_hand(self, seat: int, c: int) -> Rejected | None:
        """A send must leave a card to discard and every eaten card coverable."""
        hand = self.hands[seat]
        if hand.bit_count() == 1:
            return reject(
                "SEND_LAST_CARD",
                "TURN.DISCARD-ENDS-TURN",
                "keep one card: the turn ends with a discard",
            )
        p = self.p
        ue = self.eaten[seat] & hand
        if ue and p.keep_in_phom:
            rest = hand & ~(1 << c)
            if not melds.can_cover(rest, ue, p.distinct_phom, self.cores_of(ue)):
                return reject(
                    "SEND_BREAKS_EATEN_PHOM",
                    "LAY.EATEN-INCLUDED",
                    f"without {CODES[c]} an eaten card could no longer be in a phỏm",
                )
        if not self.can_still_discard(seat, hand & ~(1 << c)):
            # The only cards left would be the eaten cards' phỏm: laying them leaves nothing
            # to discard, keeping them forbids the discard (DISCARD_UNLAID_EATEN).
            return reject(
                "SEND_LAST_CARD",
                "TURN.DISCARD-ENDS-TURN",
                "keep a card to discard besides the eaten cards' phỏm",
            )
        return None

    def send_targets(self, seat: int) -> list[tuple[int, int, int]]:
        """(seat, phỏm index, mask of hand cards that fit) for every phỏm ``seat`` may send to."""
        p = self.p
        if self.send_disabled() is not None:
            return []
        if p.send_requires_phom and not self.laid[seat]:
            return []
        sendable = self.hands[seat] & ~self.eaten[seat]
        out = []
        for t in range(self.n):
            if self.left[t] or (t == seat and not p.send_to_own):
                continue
            for k, target in enumerate(self.laid_now[t]):
                if not p.send_to_extended and target != self.laid[t][k]:
                    continue
                fit = melds.extension_cards(target) & sendable
                if fit:
                    out.append((t, k, fit))
        return out

    def do_send(self, seat: int, action: Send) -> None:
        c, t, k = action.card, action.seat, action.phom
        self.hands[seat] &= ~(1 << c)
        self.laid_now[t][k] |= 1 << c
        self.sent[seat].append((c, t, k))
        self.emit({"type": "sent", "seat": seat, "card": CODES[c], "to": {"seat": t, "phom": k}})
