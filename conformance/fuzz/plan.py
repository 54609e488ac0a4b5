"""What game ``i`` of a run is: ruleset, table, deal (shuffled or rigged), players' policies.

Everything follows from the game's seed, so a game is the same on every machine, in every
shard and under any ``--jobs``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from conformance.fuzz.offer import Offer
from conformance.fuzz.rigs import RIGS, Rigged, deal_rigged
from conformance.fuzz.script import Setup
from phomspec import list_rulesets, resolve_ruleset
from phomspec.rulesets import option_specs
from reference_impl.profiles import DEFAULT, Profile

#: How a game's players are chosen (weights); each mix names a policy per seat or a rule.
MIXES: tuple[tuple[str, int], ...] = (
    ("random", 18),
    ("greedy", 12),
    ("mixed", 16),
    ("feeders", 10),
    ("chot-feeders", 8),
    ("hoarders", 4),
    ("some-hoarder", 4),
    ("tie-seekers", 5),
    ("rigged", 23),
)

#: Relative weights of the rigs (default 2): the rarest events get more games.
RIG_WEIGHTS = {"chot_liability": 5, "tai_u": 3, "u_dealt": 1}


@dataclass(frozen=True)
class GamePlan:
    """Game ``index`` of run ``run_seed``: its setup, its seats' policies, how it was made,
    and the implementation's profile (the shape the game is played and compared in)."""

    index: int
    seed: int
    setup: Setup
    policies: tuple[str, ...]
    mix: str
    rig: str | None = None
    probe_rate: float = 0.05
    extra: dict[str, Any] = field(default_factory=dict)
    profile: Profile = DEFAULT

    @property
    def label(self) -> str:
        how = f"{self.mix}/{self.rig}" if self.rig else self.mix
        return (f"game {self.index} (seed {self.seed}): {self.setup.ruleset}, "
                f"{self.setup.players} players, {how}")


def _rig_applies(rig: str, params: dict[str, Any]) -> bool:
    if rig == "u_khan":
        return params["u.khan"] is not None
    if rig in ("u_tron", "dong_hoa_trang"):
        return params["u.tron"] is not None or params["u.dong_hoa_trang"] is not None
    if rig == "kings":
        return params["extras.u_k"] is not None
    if rig == "u_thong":
        return params["u.thong_bonus"] is not None
    if rig == "chot_liability":
        return bool(params["u_den.chot_liability"])
    if rig == "tai_u":
        return bool(params["u_den.tai_eater"])
    return True


def _weighted(rng: random.Random, items: tuple[tuple[str, int], ...]) -> str:
    total = sum(w for _, w in items)
    x = rng.randrange(total)
    for name, w in items:
        if x < w:
            return name
        x -= w
    return items[-1][0]


def make_plan(
    index: int,
    seed: int,
    ruleset: str | None = None,
    players: int | None = None,
    probe_rate: float = 0.05,
    offer: Offer | None = None,
) -> GamePlan:
    """The plan of one game; ``ruleset``/``players`` fix those, else they vary by game.

    With ``offer`` (what the implementation declared) only its rulesets, room option values
    and table sizes are dealt, and the game is played under its declared readings that the
    reference plays and in the shape of its profile; the random draws are the same whatever
    the offer."""
    rng = random.Random(seed)
    rulesets = offer.ruleset_ids if offer is not None else list_rulesets()
    if ruleset is not None and offer is not None and ruleset not in offer.rulesets:
        raise ValueError(f"ruleset {ruleset} is not offered")
    rid = ruleset or rulesets[index % len(rulesets)]
    entry = offer.get(rid) if offer is not None else None
    options: dict[str, bool] = {}
    for name, spec in option_specs(rid).items():
        if spec.get("type") == "boolean":
            default = bool(spec.get("default"))
            value = default if rng.random() < 0.75 else not default
            if entry is not None:
                offered = entry.options.get(name, (default,))
                value = value if value in offered else bool(offered[0])
            options[name] = value
    readings = dict(entry.played) if entry is not None else {}
    params = resolve_ruleset(rid, options, readings).params
    sizes = sorted(params["players"])
    if entry is not None:
        sizes = [s for s in sizes if s in entry.players] or sizes
    if players is not None:
        n = players
    else:
        weights = {4: 60, 3: 25, 2: 15}
        n = int(_weighted(rng, tuple((str(s), weights[s]) for s in sizes)))
    first = rng.randrange(n)
    mix = _weighted(rng, MIXES)
    rig_name: str | None = None
    rigged = Rigged()
    if mix == "rigged":
        choices = tuple((r, RIG_WEIGHTS.get(r, 2)) for r in RIGS if _rig_applies(r, params))
        rig_name = _weighted(rng, choices)
        rigged = RIGS[rig_name](n, first, rng)
    policies = _policies(mix, n, rng)
    for seat, name in rigged.policies.items():
        policies[seat] = name
    hands, stock = deal_rigged(rigged, n, first, rng)
    session = None
    if rigged.u_streak:
        session = {"u_streak": {str(s): v for s, v in rigged.u_streak.items()}}
    elif params["u.thong_bonus"] is not None and rng.random() < 0.3:
        session = {"u_streak": {str(rng.randrange(n)): 1}}
    setup = Setup(rid, n, first, hands, stock, options, readings, session)
    return GamePlan(index, seed, setup, tuple(policies), mix, rig_name, probe_rate,
                    profile=offer.shape if offer is not None else DEFAULT)


def _policies(mix: str, n: int, rng: random.Random) -> list[str]:
    if mix == "random":
        return ["random"] * n
    if mix == "greedy":
        return ["greedy"] * n
    if mix == "feeders":
        return ["feeder"] * n
    if mix == "chot-feeders":
        return [rng.choice(["chot-feeder", "greedy"]) for _ in range(n)]
    if mix == "hoarders":
        return ["hoarder"] * n
    if mix == "some-hoarder":
        out = [rng.choice(["greedy", "random", "feeder"]) for _ in range(n)]
        out[rng.randrange(n)] = "hoarder"
        return out
    if mix == "tie-seekers":
        return ["tie-seeker"] * n
    if mix == "rigged":
        return [rng.choice(["greedy", "feeder", "random"]) for _ in range(n)]
    return [rng.choice(["random", "greedy", "feeder", "sender", "tie-seeker"]) for _ in range(n)]
