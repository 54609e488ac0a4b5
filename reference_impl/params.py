"""The ruleset parameters the engine plays by, as plain attributes (spec/parameters.yaml)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from phomspec import ResolvedRuleset, resolve_ruleset


def load_ruleset(
    ruleset_id: str,
    options: dict[str, Any] | None = None,
    readings: dict[str, str] | None = None,
) -> ResolvedRuleset:
    """A ruleset by id with room ``options`` and ambiguity ``readings`` (raises SpecError)."""
    return resolve_ruleset(ruleset_id, options, readings)


@dataclass(frozen=True, slots=True)
class Params:
    """One ruleset's parameters; attribute names follow the dotted parameter names."""

    players: tuple[int, ...]
    keep_in_phom: bool
    distinct_phom: bool
    binding_declaration: bool
    eat_counting: str
    eat_by_count: tuple[int, ...]
    eat_chot: int
    eat_chot_counts: bool
    king_by_round: tuple[int, ...] | None
    them_vong: bool
    them_vong_send: bool
    tai_may_eat: bool
    tai_discard_is_chot: bool
    lay_compulsory: bool
    send_enabled: bool
    send_requires_phom: bool
    send_to_own: bool
    send_to_extended: bool
    send_compulsory: bool
    u_before_first_discard: bool
    u_three_eats: bool
    u_payment: int
    u_khan: int | None
    u_tron: int | None
    u_dong_hoa_trang: int | None
    u_thong_bonus: int | None
    den_direct_chot: bool
    den_three_eats: bool
    den_chot_liability: bool
    den_tai_eater: bool
    den_precedence: tuple[str, ...]
    mom_order: str
    all_mom_winner: str
    lay_down_time: str
    rank_payments: dict[int, tuple[int, ...]]
    mom_payment: int
    dong_hoa: int | None
    u_k: tuple[int, int] | None
    timeout_unlaid_mom: bool
    leave_penalty: int
    leave_paid_to: str

    @classmethod
    def of(cls, rs: ResolvedRuleset) -> Params:
        p = rs.params
        kbr = p["eat_penalty.king_by_round"]
        uk = p["extras.u_k"]
        return cls(
            players=tuple(p["players"]),
            keep_in_phom=p["eat.keep_in_phom"],
            distinct_phom=p["eat.distinct_phom"],
            binding_declaration=p["eat.binding_declaration"],
            eat_counting=p["eat_penalty.counting"],
            eat_by_count=tuple(p["eat_penalty.by_count"]),
            eat_chot=p["eat_penalty.chot"],
            eat_chot_counts=p["eat_penalty.chot_counts"],
            king_by_round=tuple(kbr) if kbr is not None else None,
            them_vong=p["rounds.them_vong"],
            them_vong_send=p["rounds.them_vong_send"],
            tai_may_eat=p["rounds.tai_may_eat"],
            tai_discard_is_chot=p["rounds.tai_discard_is_chot"],
            lay_compulsory=p["lay.compulsory"],
            send_enabled=p["send.enabled"],
            send_requires_phom=p["send.requires_phom"],
            send_to_own=p["send.to_own_phom"],
            send_to_extended=p["send.to_extended_phom"],
            send_compulsory=p["send.compulsory"],
            u_before_first_discard=p["u.before_first_discard"],
            u_three_eats=p["u.three_eats"],
            u_payment=p["u.payment"],
            u_khan=p["u.khan"],
            u_tron=p["u.tron"],
            u_dong_hoa_trang=p["u.dong_hoa_trang"],
            u_thong_bonus=p["u.thong_bonus"],
            den_direct_chot=p["u_den.direct_chot"],
            den_three_eats=p["u_den.three_eats"],
            den_chot_liability=p["u_den.chot_liability"],
            den_tai_eater=p["u_den.tai_eater"],
            den_precedence=tuple(p["u_den.precedence"]),
            mom_order=p["ranking.mom_order"],
            all_mom_winner=p["ranking.all_mom_winner"],
            lay_down_time=p["ranking.lay_down_time"],
            rank_payments={int(k): tuple(v) for k, v in p["money.rank_payments"].items()},
            mom_payment=p["money.mom_payment"],
            dong_hoa=p["extras.dong_hoa"],
            u_k=(uk["three"], uk["four"]) if uk is not None else None,
            timeout_unlaid_mom=p["timeout.final_round_unlaid_mom"],
            leave_penalty=p["leave.penalty"],
            leave_paid_to=p["leave.paid_to"],
        )
