"""The fast path: the hot steps of play (draw, discard, the legal lists) fused and inlined.

The rule modules (:mod:`~reference_impl.turns`, :mod:`~reference_impl.rounds`,
:mod:`~reference_impl.eat`, :mod:`~reference_impl.legal`, ...) are the specification path:
every rule is decided there, one function per rule, and the mutants of conformance.mutants
patch those functions.  This module does the same state changes and lists the same actions,
in the same order, for the common cases of the hot steps, with fewer calls; every other case
calls the rule modules.  ``tests/engine/test_fast_equivalence.py`` plays both paths side by
side and compares them step by step.

:data:`ENABLED` is read when a game starts (``Game.__init__``):
``conformance.mutants.base.applied`` turns it off while a mutant is applied, so that a
mutant always plays the path it patches.
"""

from __future__ import annotations

from collections.abc import Sequence

from reference_impl import eat, laydown, legal, rounds, settle, turns, u
from reference_impl.actions import DRAW, Action, discards_of, eat_of, lay_down_of, send_of
from reference_impl.laydown import lay_down_problem, send_keeps_hand, send_targets
from reference_impl.melds import (
    PARTNERS,
    PHOMS_CONTAINING,
    RUN_PAIRS,
    SAME_RANK,
    can_cover,
    deadwood_points,
    extension_cards,
    has_ca,
    loose_count,
    phoms_in,
)
from reference_impl.rulings import DISCARDED_EVENTS, DREW_EVENTS, TURN_EVENTS
from reference_impl.settle import PLACE_NAMES
from reference_impl.state import (
    AFTER_DRAW,
    BIT,
    CHOT,
    DISCARD_ONLY,
    DRAW_OR_EAT,
    FINAL_TURN,
    LAST_DISCARDS,
    NOT_BIT,
    OVER,
    GameState,
    bits,
    next_active,
    pay,
)

#: Whether games started from now on take the fast path (off while a mutant is applied).
ENABLED = True

#: Per card: the ``with`` set of every phỏm holding it, in the order of PHOMS_CONTAINING.
WITHS: tuple[tuple[int, ...], ...] = tuple(
    tuple(ph & ~(1 << c) for ph in PHOMS_CONTAINING[c]) for c in range(52)
)


def _with_order(w: int) -> tuple[int, int]:
    """The order of PHOMS_CONTAINING (longer phỏm first, then by mask) of ``with`` sets."""
    return -w.bit_count(), w


def run_withs(card: int, down: int, up: int) -> tuple[int, ...]:
    """The ``with`` sets of the runs holding ``card`` whose other cards lie among the ``down``
    cards just below it and the ``up`` just above (of its suit), in WITHS order (longer
    first, then lower first)."""
    r, base = card % 13, card - card % 13
    not_c = ~(1 << card)
    withs = []
    for size in range(down + up + 1, 2, -1):
        for lo in range(max(r - down, r + 1 - size), min(r, r + up + 1 - size) + 1):
            withs.append(((1 << size) - 1) << (base + lo) & not_c)
    return tuple(withs)


#: run_withs by ``card << 8 | down << 4 | up``, made when first asked (bounded: at most
#: 49 reaches per card).
_RUN_WITHS: dict[int, tuple[int, ...]] = {}


def _set_withs(card: int) -> dict[int, tuple[int, ...]]:
    """Per subset of the other cards of the card's rank: the ``with`` sets of the sets
    holding the card made of that subset's cards, in WITHS order."""
    same = SAME_RANK[card]
    out = {}
    sub = same
    while True:
        out[sub] = tuple(w for w in WITHS[card] if not w & ~sub and not w & ~same)
        if not sub:
            return out
        sub = (sub - 1) & same


#: ``SET_WITHS[card][hand & SAME_RANK[card]]``: see _set_withs.
SET_WITHS: tuple[dict[int, tuple[int, ...]], ...] = tuple(_set_withs(c) for c in range(52))


def eat_withs(card: int, hand: int) -> tuple[int, ...] | list[int]:
    """``[w for w in WITHS[card] if w & hand == w]``, by the tables: the ``with`` sets in
    ``hand`` of every phỏm holding ``card`` (not in ``hand``)."""
    shift = 13 * (card // 13)
    r = card - shift
    suit = hand >> shift & 0x1FFF
    above = suit >> r + 1
    up = (~above & (above + 1)).bit_length() - 1  # trailing ones: the run just above
    down = r - (~suit & ((1 << r) - 1)).bit_length()  # the run just below
    key = card << 8 | down << 4 | up
    runs = _RUN_WITHS.get(key)
    if runs is None:
        runs = _RUN_WITHS[key] = run_withs(card, down, up)
    sets = SET_WITHS[card][hand & SAME_RANK[card]]
    if not sets:
        return runs
    if not runs:
        return sets
    return sorted(runs + sets, key=_with_order)


#: The legal list of a turn's start when no eat is listed.
DRAW_ONLY: tuple[Action] = (DRAW,)


def legal_list(st: GameState) -> Sequence[Action]:
    """``legal.legal_actions(st)``, the same list."""
    seat = st.to_act
    ph = st.phase
    if seat is None or ph is OVER:
        return []
    if st.u_pending is not None:
        return legal.legal_actions(st)
    if ph is DRAW_OR_EAT:
        out: list[Action] = [DRAW] if st.stock else []
        ld = st.last_discard
        if ld is not None and (not st.tai or st.p.rounds_tai_may_eat):
            eats = eat_list(st, seat, ld.card)
            if eats:
                out += eats
        return out
    if ph is AFTER_DRAW or ph is DISCARD_ONLY:
        return discards_of(discard_mask(st, seat))
    if ph is FINAL_TURN:
        return final_list(st, seat)
    return legal.legal_actions(st)


def discard_mask(st: GameState, seat: int) -> int:
    """``turns.legal_discard_mask``."""
    hand = st.hands[seat]
    if not st.eaten[seat] & hand:
        return hand
    if not st.p.eat_keep_in_phom:
        return hand
    if st.phase is FINAL_TURN:
        return 0  # LAY.EATEN-INCLUDED
    return turns.eaten_safe_discards(st, seat)


def eat_list(st: GameState, seat: int, card: int) -> list[Action]:
    """``legal.eats`` of the discard ``card``: the shared Eat of every ``eat.eat_options``."""
    p = st.p
    full = st.hands[seat]
    eaten = st.eaten[seat]
    hand = full & ~eaten if eaten & full and p.eat_distinct_phom else full
    near = hand & PARTNERS[card]
    if not near & (near - 1):
        return []  # not two partners: melds.may_join fails
    if (hand & SAME_RANK[card]).bit_count() < 2:  # melds.may_join
        for pair in RUN_PAIRS[card]:
            if hand & pair == pair:
                break
        else:
            return []
    withs = eat_withs(card, hand)
    if not withs:
        return []
    if eaten & full and p.eat_keep_in_phom:  # no eaten card in hand: every ``with`` is ok
        if p.eat_binding_declaration:
            withs = [w for w in withs if eat.eat_with_ok(st, seat, card, w)]
        else:
            ue = eaten & full
            # eat.eat_with_ok: the same answer for every ``with`` set here
            if ue and not can_cover(full | BIT[card], ue | BIT[card], p.eat_distinct_phom):
                return []
    return [eat_of(card, w) for w in withs]


def final_list(st: GameState, seat: int) -> list[Action]:
    """``legal._turn_actions`` of a final-round turn: lay-downs, sends, discards."""
    p = st.p
    hand = st.hands[seat]
    out: list[Action] = []
    if not (p.send_closes_lay_down and st.turn_sent):
        eaten = st.eaten[seat] & hand
        if eaten and p.eat_binding_declaration:  # no eaten card: no cores, the last branch
            for phom in phoms_in(hand):
                if lay_down_problem(st, seat, [phom]) is None:
                    out.append(lay_down_of(phom))
        elif eaten:
            # laydown.lay_down_problem of one phỏm of the hand, no binding declaration (no
            # cores): the eaten cards it holds, those it leaves, a card left to discard
            for phom in phoms_in(hand):
                pe = phom & eaten
                if pe & (pe - 1) and p.eat_distinct_phom:
                    continue  # TURN.EAT.DISTINCT-PHOM
                rest = hand & ~phom
                eaten_left = eaten & rest
                if eaten_left:
                    if p.eat_keep_in_phom and not can_cover(rest, eaten_left,
                                                            p.eat_distinct_phom, ()):
                        continue  # LAY.EATEN-INCLUDED
                    if not laydown.can_still_discard(st, seat, rest):
                        continue  # TURN.DISCARD-ENDS-TURN
                elif not rest:
                    continue
                out.append(lay_down_of(phom))
        else:
            # laydown.lay_down_problem of one phỏm of the hand, no eaten card in hand:
            # only a card left to discard is asked (TURN.DISCARD-ENDS-TURN)
            for phom in phoms_in(hand):
                if hand & ~phom:
                    out.append(lay_down_of(phom))
    if st.laid[seat] or not p.send_requires_phom:
        eaten = st.eaten[seat]
        if eaten & hand or not p.send_enabled or st.them_vong_turn:
            simple = hand.bit_count() > 1 and not (eaten & hand and p.eat_keep_in_phom)
            for t, k, fit in send_targets(st, seat):
                for c in bits(fit):
                    if simple or send_keeps_hand(st, seat, c) is None:
                        out.append(send_of(c, t, k))
        elif hand & (hand - 1):
            # laydown.send_targets with no eaten card in hand, and every fitting card sent
            # keeps one to discard (laydown.send_keeps_hand)
            sendable = hand & ~eaten
            left, laid, laid_now = st.left, st.laid, st.laid_now
            own = p.send_to_own_phom
            extended = p.send_to_extended_phom
            for t in range(st.n):
                if left[t] or (t == seat and not own):
                    continue
                for k, target in enumerate(laid_now[t]):
                    if not extended and target != laid[t][k]:
                        continue
                    fit = _extension(target) & sendable
                    if fit:
                        for c in bits(fit):
                            out.append(send_of(c, t, k))
    if p.lay_compulsory or p.send_compulsory:
        out += legal.discards(st, seat)
    else:
        out += discards_of(discard_mask(st, seat))
    return out


_EXTENSIONS: dict[int, int] = {}


def _extension(phom: int) -> int:
    """``melds.extension_cards``, kept per phỏm (a laid phỏm is one of the 329 phỏm, or one
    grown by sends: a set or a run all the same, so the table stays small)."""
    ext = _EXTENSIONS.get(phom)
    if ext is None:
        ext = _EXTENSIONS[phom] = extension_cards(phom)
    return ext


def draw(st: GameState, seat: int) -> Sequence[Action] | None:
    """``turns.do_draw``, the action's events a new list; returns the next legal list when
    it is known here (else None)."""
    card = st.stock.pop()
    bit = BIT[card]
    hand = st.hands[seat] | bit
    st.hands[seat] = hand
    st.own[seat] |= bit
    st.last_discard = None
    st.turn_drew = True
    st.events = [DREW_EVENTS[seat][card]]  # compact events: rulings.event_dict
    # u.find_u rejects at once a hand of fewer than 3 cards or with 2 or more cards in no
    # phỏm (a draw is no third eat), the laid phỏm regrouped with the hand where the reading
    # has it, and any hand after laying down under no-u-after-lay-down (AMB.U-TAI-LAID).
    laid = st.laid[seat]
    p = st.p
    after = p.u_after_lay_down
    if laid and after != "laid_count":
        whole = hand
        for ph in laid:
            whole |= ph
        maybe = after != "none" and whole.bit_count() >= 3 and loose_count(whole) <= 1
    else:
        maybe = hand.bit_count() >= 3 and loose_count(hand) <= 1
    if maybe and u.check_u_after(st, seat, None, False):
        return None
    if st.final_round:
        st.phase = FINAL_TURN
        return final_list(st, seat) if st.u_pending is None else None  # legal_list
    st.phase = AFTER_DRAW
    if st.u_pending is not None:
        return None
    eaten = st.eaten[seat]
    if eaten & hand and p.eat_keep_in_phom:
        return discards_of(turns.eaten_safe_discards(st, seat))  # discard_mask
    return discards_of(hand)


def discard(st: GameState, seat: int, card: int) -> Sequence[Action] | None:
    """``turns.do_discard`` with ``rounds.begin_turn``, the action's events a new list;
    returns the next legal list when it is known here (else None)."""
    hands = st.hands
    hands[seat] &= NOT_BIT[card]
    p = st.p
    chot = st.final_round and (not st.tai or p.rounds_tai_discard_is_chot)  # ROUND.CHOT
    x = card | CHOT if chot else card
    piles = st.piles
    pile = piles[seat]
    pile.append(x)
    st.last_discard = LAST_DISCARDS[seat][x][st.turn_pile]
    events = st.events = [DISCARDED_EVENTS[seat][x]]
    if len(pile) == 4 and rounds.all_piles_full(st):
        if not turns.offer_them_vong(st, seat, card):
            if st.left_order or st.u_info is not None:
                settle.end_game(st, "points")
            else:
                end_by_points(st)
        return None
    nxt = seat + 1
    if nxt == st.n:
        nxt = 0
    if st.left[nxt]:
        nxt = next_active(st, seat)
    k = len(piles[nxt])
    if k > 3:
        rounds.begin_turn(st, nxt)  # raises EngineError
    # rounds.begin_turn(st, nxt)
    st.to_act = nxt
    turn_no = st.turn_no + 1
    st.turn_no = turn_no
    st.turn_pile = k
    st.turn_drew = False
    st.turn_sent = False
    tai = False
    if k == 3:  # ROUND.COUNT-BY-PILE
        st.final_round = True
        tai = st.had_final[nxt]  # ROUND.TAI
        if not tai:
            st.had_final[nxt] = True
            st.first_final[nxt] = turn_no
        st.last_final[nxt] = turn_no
        st.tai = tai
    else:
        st.final_round = False
        st.tai = False
    st.eater_before_turn = st.latest_eater
    st.phase = DRAW_OR_EAT
    events.append(TURN_EVENTS[nxt][k == 3][tai])
    if not tai or p.rounds_tai_may_eat:
        near = hands[nxt] & PARTNERS[card]
        if near & st.eaten[nxt] and p.eat_distinct_phom:
            near &= ~st.eaten[nxt]
        if near & (near - 1):  # two partners at least: maybe an eat (most discards: none)
            eats = eat_list(st, nxt, card)
            if eats:
                return [DRAW, *eats] if st.stock else eats
    return DRAW_ONLY if st.stock else ()


def open_game(st: GameState) -> None:
    """The game's start after the deal, as ``Game`` plays it on the rules' path:
    ``rounds.begin_turn`` of the first seat (an empty pile: no final round), the opening
    discard's phase (TURN.OPENING-DISCARD), then ``u.check_u_khan`` (called only when a hand
    may make it) and, when no ù khan ended the game, ``u.check_u_dealt``."""
    first = st.first
    st.turn_no = 1
    st.events.append(TURN_EVENTS[first][False][False])  # compact: rulings.event_dict
    st.phase = DISCARD_ONLY
    p = st.p
    if p.u_khan is not None:
        for hand in st.hands:
            if not has_ca(hand):  # a hand without a cạ: the rules find the seat (U.KHAN)
                if u.check_u_khan(st):
                    return
                break
    u.check_u_dealt(st)


def extras_may_pay(st: GameState) -> bool:
    """Whether ``settle.settle_extras`` may pay anything at a points ending (no ù, every seat
    in play): a seat has an ù K or a đồng hoa by the rule functions settle_extras itself asks
    (EXTRA.U-K, EXTRA.DONG-HOA).  False only when it would pay nothing."""
    p = st.p
    seats = range(st.n)
    if p.extras_u_k is not None and any(settle.u_k_size(st, s) for s in seats):
        return True
    return p.extras_dong_hoa is not None and any(settle.has_dong_hoa(st, s) for s in seats)


def end_by_points(st: GameState) -> None:
    """``settle.end_game(st, "points")`` when no seat has left the game and no ù was
    declared: rank by points, pay the ranking money, the extras (RANK.ORDER, MONEY.*)."""
    st.phase = OVER
    st.to_act = None
    st.last_discard = None
    p = st.p
    n = st.n
    hands, laid = st.hands, st.laid
    when = p.ranking_lay_down_time  # settle.lay_down_time
    t = st.last_final if when == "last_final_turn" else st.first_final
    by_phom = when == "first_phom_turn"
    pts: list[int] = []
    times: list[int] = []
    keys: list[int] = []
    non: list[int] = []
    moms: list[int] = []  # LAY.MOM
    for s in range(n):  # one loop, no comprehension (a call of its own) per list
        pt = deadwood_points(hands[s])
        at = st.laid_at[s]
        tm = min(at) if by_phom and at else t[s] or 1 << 20
        pts.append(pt)
        times.append(tm)
        # (points, time) as one int: a time is a turn number or 1 << 20, below 1 << 21
        keys.append(pt << 21 | tm)
        (non if laid[s] else moms).append(s)
    by_points = keys.__getitem__
    non.sort(key=by_points)
    ending = "points"
    if non:
        if p.ranking_mom_order == "points":
            moms.sort(key=by_points)
        else:
            moms.sort(key=times.__getitem__)
        winner = non[0]  # RANK.ORDER, RANK.TIE-EARLIER-LAYDOWN
        order = non + moms
    else:
        ending = "all_mom"  # RANK.ALL-MOM
        if p.ranking_all_mom_winner == "lowest_points":
            moms.sort(key=by_points)
        else:
            moms.sort(key=times.__getitem__)
        winner = moms[0]
        order = moms
    table = p.money_rank_payments[str(n)]
    clause = "MONEY.RANK-PAYMENTS" if n == 4 else "MONEY.SMALL-TABLES"
    for i in range(1, n):
        s = order[i]
        if laid[s]:
            pay(st, s, winner, table[i - 1], "rank", clause)  # MONEY.PAID-TO-NHAT
        else:
            pay(st, s, winner, p.money_mom_payment, "mom", "MONEY.MOM-PAYMENT")
    if (p.extras_u_k is not None or p.extras_dong_hoa is not None) and extras_may_pay(st):
        settle.settle_extras(st, list(range(n)))
    st.ending = ending
    st.winner = winner
    ranking = st.ranking  # (seat, place, rank, points, mom): settle.ranking
    for i, s in enumerate(order):
        mom = not laid[s]
        ranking.append((s, i + 1, "mom" if mom and s != winner else PLACE_NAMES[i], pts[s], mom))
    st.events.append(("game_over", ending))
