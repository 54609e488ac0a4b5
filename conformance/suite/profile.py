"""The profile in force: what an implementation's ``hello`` declares of its shape
(spec/protocol.md 8, protocol 1.1), read so that a bad member never stops a run.

:func:`profile_in_force` reads the optional members ``lay_down``, ``eat``, ``u``, ``money``
and ``actions`` with :meth:`reference_impl.profiles.Profile.from_hello`. A member this kit
does not know, an ``actions`` list against 8.5, or a profile at odds with the readings is
one line in :attr:`ProfileInForce.problems` naming the member, and that member is treated as
left out (8.7): the rest of the hello, and of the run, stays as it is. A hello without any
of these members is a 1.0 implementation: :data:`reference_impl.profiles.DEFAULT`.

Under ``u: claimed`` the reading 'declared' of AMB.U-AUTOMATIC that a hello may declare is
left out of the readings as read: the harness expresses a scenario of the reading
'automatic' by claiming each ù where that reading declares it (conformance.suite.mirror), so
such a scenario is played, not skipped.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from reference_impl.profiles import (
    DEFAULT,
    SHAPES,
    U_AMBIGUITY,
    Profile,
    ProfileError,
    hello_readings,
)

#: The hello members of a profile (spec/protocol.md 8).
MEMBERS = (*SHAPES, "actions")


@dataclass(frozen=True)
class ProfileInForce:
    """The profile the harness plays an implementation by, and what was wrong with its hello."""

    profile: Profile = DEFAULT
    problems: tuple[str, ...] = ()
    #: The hello as read (members treated as left out removed), for the readings.
    hello: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def is_default(self) -> bool:
        return self.profile.is_default

    def readings(self, ruleset: str) -> dict[str, str]:
        """The readings the implementation takes in ``ruleset`` (8.6: a ``rulesets`` entry's
        own ``readings`` over the top-level ones)."""
        return hello_readings(self.hello, ruleset)

    def describe(self) -> str:
        """The profile in a few words, for the reports' headers and summaries."""
        p = self.profile
        parts = [f"{m} {getattr(p, m)}" for m in SHAPES if getattr(p, m) != getattr(DEFAULT, m)]
        text = ", ".join(parts) if parts else "the 1.0 shape"
        names = p.names()
        shaped = Profile.of_names(",".join(names)) if names else DEFAULT
        if p.actions != shaped.actions:
            text += f"; actions {', '.join(p.actions)}"
        return text

    def to_json(self) -> dict[str, Any]:
        """The profile as the report's header holds it."""
        return {**self.profile.to_hello(), "names": str(self.profile),
                "describe": self.describe(), "problems": list(self.problems)}


def _drop_reading(hello: dict[str, Any], member: str) -> None:
    """Leave the u reading out where ``member`` (``readings``, ``readings.<ruleset>`` or
    ``rulesets[i].readings``) declares it."""
    if member == "readings":
        hello["readings"] = {k: v for k, v in hello["readings"].items() if k != U_AMBIGUITY}
        return
    if member.startswith("readings."):
        rid = member[len("readings."):]
        readings = dict(hello["readings"])
        readings[rid] = {k: v for k, v in readings[rid].items() if k != U_AMBIGUITY}
        hello["readings"] = readings
        return
    index = int(member[len("rulesets["):member.index("]")])
    rulesets = [dict(r) if isinstance(r, Mapping) else r for r in hello["rulesets"]]
    entry = rulesets[index]
    entry["readings"] = {k: v for k, v in entry["readings"].items() if k != U_AMBIGUITY}
    hello["rulesets"] = rulesets


def _without_u_reading(hello: dict[str, Any]) -> dict[str, Any]:
    """``hello`` with AMB.U-AUTOMATIC left out of every readings member (flat, keyed by
    ruleset, or in a ``rulesets`` entry)."""
    def drop(readings: Any) -> Any:
        if not isinstance(readings, Mapping):
            return readings
        return {k: drop(v) for k, v in readings.items() if k != U_AMBIGUITY}

    out = dict(hello)
    if "readings" in out:
        out["readings"] = drop(out["readings"])
    if isinstance(out.get("rulesets"), list):
        out["rulesets"] = [
            {**r, "readings": drop(r["readings"])} if isinstance(r, Mapping) and "readings" in r
            else r for r in out["rulesets"]
        ]
    return out


def profile_in_force(hello: Mapping[str, Any] | None) -> ProfileInForce:
    """The profile ``hello`` declares; every bad member one line of ``problems`` and left out."""
    read: dict[str, Any] = dict(hello or {})
    problems: list[str] = []
    if not isinstance(read.get("readings", {}), Mapping):
        problems.append(f"hello: readings: expected an object, got {read['readings']!r};"
                        " treated as empty")
        read["readings"] = {}
    for _ in range(len(MEMBERS) + len(read.get("rulesets") or []) + 1):
        try:
            profile = Profile.from_hello(read)
        except ProfileError as e:
            if e.member in MEMBERS:
                problems.append(f"hello: {e}; {e.member} is treated as left out")
                read.pop(e.member, None)
            elif "u" in read:  # readings at odds with the u shape: the shape gives way
                problems.append(f"hello: {e}; u is treated as left out")
                read.pop("u")
                if isinstance(read.get("actions"), list):
                    read["actions"] = [a for a in read["actions"] if a != "u"]
            else:
                problems.append(f"hello: {e}; that reading is treated as left out")
                _drop_reading(read, e.member)
            continue
        if profile.u == "claimed":
            read = _without_u_reading(read)
        return ProfileInForce(profile, tuple(problems), read)
    return ProfileInForce(DEFAULT, tuple(problems), read)  # pragma: no cover - bounded above


_CACHE: dict[int, tuple[Mapping[str, Any], ProfileInForce]] = {}


def of_hello(hello: Mapping[str, Any] | None) -> ProfileInForce:
    """:func:`profile_in_force`, read once per hello object (every scenario asks)."""
    if not hello:
        return ProfileInForce()
    key = id(hello)
    cached = _CACHE.get(key)
    if cached is None or cached[0] is not hello:
        if len(_CACHE) > 64:
            _CACHE.clear()
        cached = _CACHE[key] = (hello, profile_in_force(hello))
    return cached[1]
