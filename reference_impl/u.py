"""Ù: the automatic check after every draw and eat, its kinds, ù khan, and ù đền.

Ù is declared by the engine (U.AUTOMATIC): after a draw or an eat, if the hand can be
arranged with at most one card outside phỏm, every unlaid eaten card in a phỏm of its own
(U.THUONG, U.TAI-TURN: laid phỏm already count), or if the eat was the player's third
(U.THREE-EATS).  Kinds do not stack: the one paying most per loser applies
(EXTRA.STACKING).  Ù đền cases are tried in the ruleset's precedence order (DEN.PRECEDENCE).

Under reading 'declared' of AMB.U-AUTOMATIC (``u.claimed``) the ù is left pending instead
(``st.u_pending``): the seat's next action may claim it (:func:`check_claim`,
:func:`do_claim`), which declares it as the automatic check would have; any other action of
the seat declines it (``game.do_action`` clears it).
"""

from __future__ import annotations

from phomspec.reasons import Reason
from reference_impl import melds, settle
from reference_impl.params import Params
from reference_impl.rulings import Rejected, reject
from reference_impl.state import OVER, GameState, cores_of, unlaid_eaten

#: Tie order between kinds paying the same amount (higher wins).
_KIND_RANK = {"thuong": 1, "three_eats": 2, "tron": 3, "dong_hoa_trang": 4, "khan": 5}


def eaten_rules(st: GameState, seat: int) -> tuple[int, bool, tuple[int, ...]]:
    """(unlaid eaten cards, distinct, cores) as the arrangement searches take them."""
    ue = unlaid_eaten(st, seat, st.hands[seat])
    return ue, st.p.eat_distinct_phom, cores_of(st, ue)


def check_u_after(st: GameState, seat: int, eat_victim: int | None, eat_chot: bool) -> bool:
    """Declare the ù if the hand (after a draw or eat) makes one; True when it did. Under
    ``u.claimed`` an ù is left pending for the seat's claim instead (False)."""
    if st.p.u_claimed:
        if find_u(st, seat, eat_victim, eat_chot, declare=False):
            st.u_pending = (seat, eat_victim, eat_chot)
        return False
    return find_u(st, seat, eat_victim, eat_chot, declare=True)


def find_u(
    st: GameState, seat: int, eat_victim: int | None, eat_chot: bool, declare: bool
) -> bool:
    """Whether the seat's hand (after a draw or eat) makes an ù; with ``declare``, declare it."""
    p = st.p
    hand = st.hands[seat]
    regroup = 0  # own laid cards judged with the hand (AMB.U-TAI-LAID regroup-laid)
    if st.laid[seat] and p.u_after_lay_down != "laid_count":
        if p.u_after_lay_down == "none":
            return False  # AMB.U-TAI-LAID no-u-after-lay-down
        for ph in st.laid[seat]:
            regroup |= ph
    third = eat_victim is not None and len(st.eats_by[seat]) == 3
    three_u = third and p.u_three_eats
    if regroup:
        hand |= regroup
    # Fast reject: too many cards in no phỏm at all. A hand of fewer than three cards (a
    # tái turn after laying and sending nearly everything) holds no phỏm: no ù
    # (AMB.U-TAI-EMPTY-HAND, SEND.NO-U).
    if not three_u and (hand.bit_count() < 3 or (hand & ~melds.covered(hand)).bit_count() > 1):
        return False
    ue, distinct, cores = eaten_rules(st, seat)
    if regroup and p.eat_keep_in_phom:
        ue = st.eaten[seat] & hand
        cores = cores_of(st, ue)
    left_pts = melds.u_leftover(hand, ue, 1, distinct, cores)
    hand_u = left_pts < melds.INF
    if not hand_u and not three_u:
        return False
    if not declare:
        return True
    kind = u_kind(
        p, hand, ue, distinct, cores, hand_u=hand_u, three_u=three_u,
        tron_turn=st.turn_drew and not st.laid[seat],
        one_suit=hand_u and p.u_dong_hoa_trang is not None and is_dong_hoa_trang(st, seat),
    )
    if hand_u:
        st.u_points = left_pts
    else:
        st.u_points = melds.best_arrangement(hand, ue, distinct, cores)[0]
    declare_u(st, seat, kind, find_den(st, seat, eat_victim, eat_chot, third))
    return True


def u_kind(
    p: Params, hand: int, ue: int, distinct: bool, cores: tuple[int, ...] = (), *,
    hand_u: bool = True, three_u: bool = False, tron_turn: bool = True, one_suit: bool = False,
) -> str:
    """The kind declared for an ù: the one paying most per loser, ties by :data:`_KIND_RANK`
    (EXTRA.STACKING). ``hand_u``: the hand makes an ù; ``three_u``: a third eat does;
    ``tron_turn``: the turn drew and the seat has laid nothing (EXTRA.U-TRON); ``one_suit``:
    the hand is a đồng hoa trắng (:func:`dong_hoa_trang`). ``ue``, ``distinct``, ``cores`` as
    :func:`eaten_rules` gives them."""
    kinds: list[tuple[int, int, str]] = []
    if hand_u:
        kinds.append((p.u_payment, _KIND_RANK["thuong"], "thuong"))
    if three_u:
        kinds.append((p.u_payment, _KIND_RANK["three_eats"], "three_eats"))
    if (
        hand_u
        and p.u_tron is not None
        and tron_turn
        and melds.u_leftover(hand, ue, 0, distinct, cores) < melds.INF
    ):
        kinds.append((p.u_tron, _KIND_RANK["tron"], "tron"))  # EXTRA.U-TRON
    if hand_u and p.u_dong_hoa_trang is not None and one_suit:
        kinds.append((p.u_dong_hoa_trang, _KIND_RANK["dong_hoa_trang"], "dong_hoa_trang"))
    return max(kinds)[2]


def is_dong_hoa_trang(st: GameState, seat: int) -> bool:
    """An ù whose phỏm cards are all of one suit (EXTRA.DONG-HOA-TRANG)."""
    return dong_hoa_trang(st.hands[seat], *eaten_rules(st, seat), st.laid[seat])


def dong_hoa_trang(
    hand: int, ue: int, distinct: bool, cores: tuple[int, ...] = (),
    laid: list[int] | None = None,
) -> bool:
    """:func:`is_dong_hoa_trang` of the card mask ``hand``, with ``laid`` phỏm already down;
    the one card left over may be of another suit (reading phom-cards-only of
    AMB.DONG-HOA-TRANG)."""
    for sm in melds.SUIT_MASKS:
        off = hand & ~sm
        if off.bit_count() > 1 or off & ue:
            continue
        if any(ph & ~sm for ph in laid or ()):
            continue
        allow = 1 - off.bit_count()
        if melds.u_leftover(hand & sm, ue, allow, distinct, cores) < melds.INF:
            return True
    return False


def find_den(
    st: GameState, seat: int, eat_victim: int | None, eat_chot: bool, third: bool
) -> tuple[int, str] | None:
    """(liable seat, case) of an ù đền, or None (DEN.*)."""
    p = st.p
    for case in p.u_den_precedence:
        liable: int | None = None
        if case == "three_eats" and p.u_den_three_eats and third:
            victims = st.eats_by[seat]
            if victims[0] == victims[1] == victims[2]:
                liable = victims[0]
        elif case == "direct_chot" and p.u_den_direct_chot and eat_victim is not None and eat_chot:
            liable = eat_victim
        elif case == "tai_eater" and p.u_den_tai_eater and st.tai:
            liable = st.eater_before_turn
        elif case == "chot_liability" and p.u_den_chot_liability:
            liable = st.chot_eater
            if liable == seat and p.u_den_chot_self_earlier:  # AMB.CHOT-LIABILITY-SELF
                liable = next((x for x in reversed(st.chot_eaters) if x != seat), None)
        if liable is not None and liable != seat and not st.left[liable]:
            return liable, case
    return None


def declare_u(st: GameState, seat: int, kind: str, den: tuple[int, str] | None) -> None:
    den_info = None if den is None else {"seat": den[0], "case": den[1]}
    st.u_info = {"seat": seat, "kind": kind, "den": den_info}
    st.events.append({"type": "u", "seat": seat, "kind": kind, "den": den_info})
    settle.end_game(st, "u")


def check_claim(st: GameState, seat: int) -> Rejected | None:
    """Why ``seat`` (the seat to act) cannot claim an ù now, or None (U.AUTOMATIC)."""
    pending = st.u_pending
    if pending is None or pending[0] != seat:
        why = (
            "no ù is pending: only the draw or eat that makes one leaves it to a claim, until"
            " the seat acts otherwise"
            if st.p.u_claimed
            else "an ù is declared by the engine at the draw or eat that makes it"
        )
        return reject(Reason.U_NOT_AVAILABLE, "U.AUTOMATIC", why)
    return None


def do_claim(st: GameState, seat: int) -> None:
    """Declare the pending ù, as the automatic check would have at its draw or eat."""
    pending = st.u_pending
    assert pending is not None and pending[0] == seat
    st.u_pending = None
    find_u(st, seat, pending[1], pending[2], declare=True)


def u_claimable(st: GameState) -> bool:
    """Whether the seat to act may claim an ù now (legal actions)."""
    pending = st.u_pending
    return pending is not None and pending[0] == st.to_act and st.phase is not OVER


def check_u_khan(st: GameState) -> bool:
    """Ù khan (U.KHAN, U.KHAN.FIRST-PLAYER): a dealt hand without any cạ."""
    if st.p.u_khan is None:
        return False
    for i in range(st.n):
        seat = (st.first + i) % st.n
        if not melds.has_ca(st.hands[seat]):
            st.u_points = 0
            st.events.append({"type": "u_khan", "seat": seat})
            st.u_info = {"seat": seat, "kind": "khan", "den": None}
            st.events.append({"type": "u", "seat": seat, "kind": "khan", "den": None})
            settle.end_game(st, "u_khan")
            return True
    return False


def check_u_dealt(st: GameState) -> bool:
    """Ù on the first player's 10 dealt cards, where the ruleset allows it
    (U.NOT-BEFORE-FIRST-DISCARD)."""
    # find_u refuses at once 10 dealt cards with 2 or more in no phỏm (nothing laid or eaten
    # yet): tested before the flag is read, so that such a deal never reads it
    if melds.loose_count(st.hands[st.first]) > 1 or not st.p.u_before_first_discard:
        return False
    return check_u_after(st, st.first, None, False)
