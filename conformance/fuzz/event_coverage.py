"""Event coverage: how often each rule event happened in the reference's games of a run."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from phomspec import resolve_ruleset

#: Every event the fuzzer counts, in the order the summary prints them, with its clause.
EVENTS: dict[str, str] = {
    "eat": "TURN.EAT.MAKES-PHOM",
    "chot_eat": "ROUND.CHOT-EAT",
    "chuyen_bai": "ROUND.CHUYEN-BAI",
    "tai": "ROUND.TAI",
    "them_vong": "ROUND.THEM-VONG",
    "them_vong_eat": "ROUND.THEM-VONG.SEQUENCE",
    "send": "SEND.ALLOWED",
    "u.thuong": "U.THUONG",
    "u.three_eats": "U.THREE-EATS",
    "u.khan": "U.KHAN",
    "u.tron": "EXTRA.U-TRON",
    "u.dong_hoa_trang": "EXTRA.DONG-HOA-TRANG",
    "u_den.three_eats": "DEN.THREE-EATS",
    "u_den.direct_chot": "DEN.DIRECT-CHOT",
    "u_den.tai_eater": "DEN.TAI-EATER",
    "u_den.chot_liability": "DEN.CHOT-LIABILITY",
    "u_thong": "EXTRA.U-THONG",
    "u_k": "EXTRA.U-K",
    "dong_hoa": "EXTRA.DONG-HOA",
    "ca_k": "EXTRA.CA-K",
    "mom": "LAY.MOM",
    "all_mom": "RANK.ALL-MOM",
    "tie": "RANK.TIE-EARLIER-LAYDOWN",
    "timeout": "TIME.AUTO-PLAY",
    "leave": "LEAVE.SEAT-SKIPPED",
}


def events_of_ruleset(ruleset: str, options: Mapping[str, bool] | None = None) -> list[str]:
    """The events that can happen under ``ruleset`` (with its default room options)."""
    p = resolve_ruleset(ruleset, dict(options or {})).params
    on = {
        "them_vong": p["rounds.them_vong"],
        "them_vong_eat": p["rounds.them_vong"],
        "send": p["send.enabled"],
        "u.three_eats": p["u.three_eats"],
        "u.khan": p["u.khan"] is not None,
        "u.tron": p["u.tron"] is not None,
        "u.dong_hoa_trang": p["u.dong_hoa_trang"] is not None,
        "u_den.three_eats": p["u_den.three_eats"] and p["u.three_eats"],
        "u_den.direct_chot": p["u_den.direct_chot"],
        "u_den.tai_eater": p["u_den.tai_eater"],
        "u_den.chot_liability": p["u_den.chot_liability"],
        "u_thong": p["u.thong_bonus"] is not None,
        "u_k": p["extras.u_k"] is not None,
        "dong_hoa": p["extras.dong_hoa"] is not None,
        "ca_k": p["eat_penalty.king_by_round"] is not None,
    }
    return [e for e in EVENTS if on.get(e, True)]


def count_events(
    events: Iterable[Mapping[str, Any]], result: Mapping[str, Any] | None
) -> Counter[str]:
    """The rule events of one game, from its event stream and its result."""
    c: Counter[str] = Counter()
    them_vong_open = False
    for e in events:
        t = e.get("type")
        if t == "ate":
            c["eat"] += 1
            if e.get("chot"):
                c["chot_eat"] += 1
            if them_vong_open:
                c["them_vong_eat"] += 1
        elif t == "moved":
            c["chuyen_bai"] += 1
        elif t == "turn":
            if e.get("tai"):
                c["tai"] += 1
        elif t == "them_vong":
            c["them_vong"] += 1
        elif t == "sent":
            c["send"] += 1
        elif t in ("u", "u_khan"):
            kind = "khan" if t == "u_khan" else e.get("kind")
            c[f"u.{kind}"] += 1 if t == "u_khan" or kind != "khan" else 0
            den = e.get("den")
            if den:
                c[f"u_den.{den.get('case')}"] += 1
        elif t == "payment":
            reason = e.get("reason")
            if reason in ("u_thong", "u_k", "dong_hoa", "ca_k"):
                c[str(reason)] += 1
        elif t == "auto_play":
            c["timeout"] += 1
        elif t == "left":
            c["leave"] += 1
        them_vong_open = t == "them_vong" or (them_vong_open and t not in ("ate", "game_over"))
    if result:
        ranking = result.get("ranking") or []
        moms = [r for r in ranking if r.get("mom")]
        if moms:
            c["mom"] += 1
        if result.get("ending") == "all_mom":
            c["all_mom"] += 1
        points = [r.get("points") for r in ranking if not r.get("mom") and r.get("rank") != "left"]
        if result.get("ending") == "points" and len(points) != len(set(points)):
            c["tie"] += 1
        for p in result.get("payments") or []:
            reason = p.get("reason")
            if reason in ("u_thong", "u_k", "dong_hoa", "ca_k") and not c[str(reason)]:
                c[str(reason)] += 1
    return c
