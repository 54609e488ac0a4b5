"""The protocol's views of a game: its public state and its result (docs/contract.md)."""

from __future__ import annotations

from typing import Any

from phomspec.cards import card_tuple
from reference_impl.state import CARD_BITS, CHOT, CODES, MOVED, OVER, GameState


def _codes(mask: int) -> list[str]:
    return [CODES[c] for c in card_tuple(mask)]


def public_state(st: GameState) -> dict[str, Any]:
    """The public state; ``laid`` holds each phỏm as its owner laid it, ``sent`` the cards
    each seat sent out."""
    n = st.n
    return {
        "ruleset": st.rs.id,
        "players": n,
        "first": st.first,
        "to_act": st.to_act,
        "phase": str(st.phase),
        "hands": [_codes(h) for h in st.hands],
        "stock_count": len(st.stock),
        "stock": [CODES[c] for c in reversed(st.stock)],
        "piles": [
            [
                {"card": CODES[x & CARD_BITS], "moved": bool(x & MOVED), "chot": bool(x & CHOT)}
                for x in pile
            ]
            for pile in st.piles
        ],
        "eaten": [_codes(e) for e in st.eaten],
        "laid": [[_codes(ph) for ph in st.laid[s]] for s in range(n)],
        "sent": [
            [{"card": CODES[c], "to": {"seat": t, "phom": k}} for c, t, k in st.sent[s]]
            for s in range(n)
        ],
        "lead": st.lead,
        "final_round": st.final_round,
        "tai": st.tai,
        "left": list(st.left),
        "money": list(st.money),
    }


def result(st: GameState) -> dict[str, Any] | None:
    """The result, or None while the game is on."""
    if st.phase is not OVER:
        return None
    info = st.u_info
    return {
        "ending": st.ending,
        "winner": st.winner,
        "u": None
        if info is None
        else {
            "seat": info["seat"],
            "kind": info["kind"],
            "den": info["den"] and dict(info["den"]),
        },
        "ranking": [
            {"seat": s, "place": place, "rank": rank, "points": points, "mom": mom}
            for s, place, rank, points, mom in st.ranking
        ],
        "payments": [dict(p) for p in st.payments],
        "totals": list(st.money),
    }
