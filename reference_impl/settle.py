"""End of the game: ranking, ranking and ù money, the 000 extras, leave penalties.

Eat penalties were paid at the eats (EAT.PAID-AT-ONCE); everything else is paid here, in
this order: ù or ranking payments, ù thông, ù K, đồng hoa, leave penalties.  Only seats
still in the game rank by points; leavers rank last (RANK.LEAVER-LAST).
"""

from __future__ import annotations

from reference_impl import melds
from reference_impl.errors import EngineError
from reference_impl.state import OVER, GameState, active_seats, bits, cores_of, pay, unlaid_eaten

PLACE_NAMES = ("nhat", "nhi", "ba", "bet")
_KINGS = melds.RANK_MASKS[12]
DEN_CLAUSES = {
    "three_eats": "DEN.THREE-EATS",
    "direct_chot": "DEN.DIRECT-CHOT",
    "tai_eater": "DEN.TAI-EATER",
    "chot_liability": "DEN.CHOT-LIABILITY",
}
_U_CLAUSES = {
    "thuong": "U.PAYMENT",
    "three_eats": "U.THREE-EATS",
    "khan": "U.KHAN",
    "tron": "EXTRA.U-TRON",
    "dong_hoa_trang": "EXTRA.DONG-HOA-TRANG",
}


def end_game(st: GameState, ending: str) -> None:
    """The game ends (``ending``: u, u_khan, last_player or points): settle and rank."""
    st.phase = OVER
    st.to_act = None
    st.last_discard = None
    active = active_seats(st)
    if ending in ("u", "u_khan"):
        order, moms, winner = settle_u(st, active)
    elif ending == "last_player":
        winner = active[0]
        order, moms = [winner], set()
    else:
        order, moms, winner, ending = settle_points(st, active)
    settle_extras(st, active)
    p = st.p
    for x in st.left_order:
        if p.leave_paid_to == "winner":
            pay(st, x, winner, p.leave_penalty, "leave", "LEAVE.PENALTY")
    st.ending = ending
    st.winner = winner
    st.ranking = ranking(st, order, moms, winner)
    st.events.append({"type": "game_over", "ending": ending})


# -- points and order ----------------------------------------------------------------------


def final_points(st: GameState, seat: int) -> int:
    """Deadwood points (RANK.DEADWOOD-POINTS): the cards left in hand; for the ù player
    the leftover of the ù, or 0 (u.points: zero, AMB.U-POINTS)."""
    if st.u_info is not None and st.u_info["seat"] == seat:
        return st.u_points if st.p.u_points == "leftover" else 0
    return melds.deadwood_points(st.hands[seat])


def lay_down_time(st: GameState, seat: int) -> int:
    """When ``seat`` laid down, for ties and the order of móm players (RANK.LAYDOWN-TIME)."""
    when = st.p.ranking_lay_down_time
    if when == "first_phom_turn" and st.laid_at[seat]:
        return min(st.laid_at[seat])  # reading first-phom of AMB.LAYDOWN-TIME
    t = st.last_final if when == "last_final_turn" else st.first_final
    return t[seat] if t[seat] else 1 << 20


def ranking(
    st: GameState, order: list[int], moms: set[int], winner: int
) -> list[tuple[int, int, str, int, bool]]:
    """The result's ranking, as ``st.ranking`` keeps it (seat, place, rank, points, mom):
    the seats of ``order``, then the leavers, the earliest last."""
    out = []
    for i, s in enumerate(order):
        rank = "mom" if s in moms and s != winner else PLACE_NAMES[i]
        out.append((s, i + 1, rank, final_points(st, s), s in moms))
    for s in reversed(st.left_order):
        out.append((s, len(out) + 1, "left", melds.deadwood_points(st.hands[s]), False))
    return out


def settle_points(st: GameState, active: list[int]) -> tuple[list[int], set[int], int, str]:
    """Rank by points and pay the ranking money: (order, móm seats, winner, ending)."""
    p = st.p
    pts: dict[int, int] = {}
    moms: set[int] = set()
    non: list[int] = []
    for s in active:
        pts[s] = melds.deadwood_points(st.hands[s])
        if st.laid[s]:
            non.append(s)
        else:
            moms.add(s)  # LAY.MOM

    def by_points(s: int) -> tuple[int, int]:
        return pts[s], lay_down_time(st, s)

    def by_time(s: int) -> int:
        return lay_down_time(st, s)

    non.sort(key=by_points)
    mom_list = sorted(moms, key=by_points if p.ranking_mom_order == "points" else by_time)
    ending = "points"
    if non:
        winner = non[0]  # RANK.ORDER, RANK.TIE-EARLIER-LAYDOWN
        order = non + mom_list
    else:
        ending = "all_mom"  # RANK.ALL-MOM
        lowest = p.ranking_all_mom_winner == "lowest_points"
        mom_list = sorted(moms, key=by_points if lowest else by_time)
        winner = mom_list[0]
        order = mom_list
    table = p.money_rank_payments[str(len(active))]
    clause = "MONEY.RANK-PAYMENTS" if len(active) == 4 else "MONEY.SMALL-TABLES"
    for i, s in enumerate(order[1:], start=1):
        if s in moms:
            pay(st, s, winner, p.money_mom_payment, "mom", "MONEY.MOM-PAYMENT")
        else:
            pay(st, s, winner, table[i - 1], "rank", clause)  # MONEY.PAID-TO-NHAT
    return order, moms, winner, ending


def settle_u(st: GameState, active: list[int]) -> tuple[list[int], set[int], int]:
    """Pay the ù (or ù đền) and order the losers: (order, móm seats, the ù player)."""
    p = st.p
    info = st.u_info
    if info is None:
        raise EngineError("settling an ù that was never declared")
    s = info["seat"]
    kind = info["kind"]
    losers = [x for x in active if x != s]
    amount = {
        "thuong": p.u_payment,
        "three_eats": p.u_payment,
        "khan": p.u_khan,
        "tron": p.u_tron,
        "dong_hoa_trang": p.u_dong_hoa_trang,
    }[kind] or 0
    bonus = 0
    if p.u_thong_bonus is not None and st.ctx.u_streak[s] >= 1:
        bonus = p.u_thong_bonus  # EXTRA.U-THONG
    den = info["den"]
    if den is not None:
        d = den["seat"]  # DEN.PAYS-FOR-TABLE, DEN.AMOUNT
        pay(st, d, s, amount * len(losers), "u_den", DEN_CLAUSES[den["case"]])
        pay(st, d, s, bonus * len(losers), "u_thong", "EXTRA.U-THONG")
    else:
        for x in losers:
            pay(st, x, s, amount, "u", _U_CLAUSES[kind])
        for x in losers:
            pay(st, x, s, bonus, "u_thong", "EXTRA.U-THONG")
    # No ranking among the losers (MONEY.U-NO-RANKING): they follow in play order,
    # those who laid nothing on a final-round turn (móm) after the others.
    rest = [(s + i) % st.n for i in range(1, st.n)]
    rest = [x for x in rest if not st.left[x]]
    moms = {x for x in rest if st.had_final[x] and not st.laid[x]} if p.ranking_u_mom else set()
    order = [s] + [x for x in rest if x not in moms] + [x for x in rest if x in moms]
    return order, moms, s


# -- extras of 000 -------------------------------------------------------------------------


def u_k_size(st: GameState, seat: int) -> int:
    """Kings in the seat's phỏm of own Kings (EXTRA.U-K, EXTRA.U-K.OWN-KINGS), 0 if none;
    under extras.u_k_anywhere (AMB.U-K-KINGS) its own Kings in hand or laid, three or more."""
    if st.p.extras_u_k_anywhere:
        held = st.hands[seat]
        for ph in st.laid[seat]:
            held |= ph
        n = (held & _KINGS & st.own[seat] & ~st.eaten[seat]).bit_count()
        return n if n >= 3 else 0
    best = 0
    for ph in st.laid[seat]:
        if ph & ~_KINGS == 0 and not ph & st.eaten[seat]:
            best = max(best, ph.bit_count())
    info = st.u_info
    if info is not None and info["seat"] == seat and info["kind"] != "khan":
        hand = st.hands[seat]
        kings = hand & _KINGS & ~st.eaten[seat]
        if kings.bit_count() >= 3:
            p = st.p
            ue = unlaid_eaten(st, seat, hand)
            cores = cores_of(st, ue)
            subsets = [kings]
            if kings.bit_count() == 4:
                subsets += [kings & ~(1 << c) for c in bits(kings)]
            for ks in subsets:
                rest = hand & ~ks
                if melds.u_leftover(rest, ue & rest, 1, p.eat_distinct_phom, cores) < melds.INF:
                    best = max(best, ks.bit_count())
                    break
    return best


def settle_extras(st: GameState, active: list[int]) -> None:
    """Ù K and đồng hoa (EXTRA.U-K, EXTRA.DONG-HOA), where the ruleset has them."""
    p = st.p
    info = st.u_info
    if p.extras_u_k is not None:
        liable = info["den"]["seat"] if info is not None and info["den"] is not None else None
        for s in active:
            if s == liable:
                continue  # EXTRA.U-K.CANCELLED-BY-DEN
            k = u_k_size(st, s)
            if k:
                amount = p.extras_u_k["three"] if k == 3 else p.extras_u_k["four"]
                for x in active:
                    if x != s:
                        pay(st, x, s, amount, "u_k", "EXTRA.U-K")
    if p.extras_dong_hoa is not None:
        holders = [s for s in active if has_dong_hoa(st, s)]
        if info is not None:
            # EXTRA.DONG-HOA.CANCELLED-BY-U: only the ù player's đồng hoa counts.
            holders = [s for s in holders if s == info["seat"]]
        for h in holders:
            for x in active:
                if x not in holders:
                    pay(st, x, h, p.extras_dong_hoa, "dong_hoa", "EXTRA.DONG-HOA")


def has_dong_hoa(st: GameState, seat: int) -> bool:
    """Five consecutive own cards of one suit held at the end (EXTRA.DONG-HOA.OWN-CARDS)."""
    held = st.hands[seat]
    for ph in st.laid[seat]:
        held |= ph
    return melds.has_five_run(held & st.own[seat])
