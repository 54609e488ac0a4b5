"""Implementation profiles (spec/protocol.md section 8, protocol 1.1): how an engine is shaped.

A :class:`Profile` is what a ``hello`` reply declares with its optional members ``lay_down``,
``eat``, ``u``, ``money`` and ``actions``; every member left out takes the 1.0 shape. The
harness reads a hello with :meth:`Profile.from_hello` and the per-ruleset readings with
:func:`hello_readings`; ``phom-reference --profile LIST`` builds one with
:meth:`Profile.of_names`. A bad value, or a profile at odds with the declared readings, is a
:class:`ProfileError` naming the member.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: Values of each shape member; the first is the 1.0 shape (the default).
SHAPES: dict[str, tuple[str, ...]] = {
    "lay_down": ("explicit", "auto"),
    "eat": ("with", "bare"),
    "u": ("automatic", "claimed"),
    "money": ("full", "none"),
}
#: Action types a hello's ``actions`` may list (``u``: the claim of an ù, u: claimed).
ACTION_TYPES = ("draw", "eat", "discard", "lay_down", "send", "pass", "timeout", "leave", "u")
#: The action types every implementation takes.
REQUIRED_ACTIONS = ("draw", "eat", "discard")
#: The names ``phom-reference --profile`` takes, and the member value each stands for.
PROFILE_NAMES: dict[str, tuple[str, str]] = {
    "auto-lay": ("lay_down", "auto"),
    "bare-eat": ("eat", "bare"),
    "claimed-u": ("u", "claimed"),
    "no-money": ("money", "none"),
}
#: The register's ambiguity on claiming an ù, and the reading each ``u`` shape plays.
U_AMBIGUITY = "AMB.U-AUTOMATIC"
U_READINGS = {"automatic": "automatic", "claimed": "declared"}


class ProfileError(ValueError):
    """A profile member with a value the kit does not know, or at odds with another."""

    def __init__(self, member: str, message: str):
        self.member = member
        super().__init__(f"{member}: {message}")


def _default_actions(lay_down: str, u: str) -> tuple[str, ...]:
    out = [a for a in ACTION_TYPES if a != "u" or u == "claimed"]
    if lay_down == "auto":
        out = [a for a in out if a not in ("lay_down", "send")]
    return tuple(out)


@dataclass(frozen=True)
class Profile:
    """The shape of an implementation; ``Profile()`` is the 1.0 shape (explicit lay-downs,
    eats naming their partners, ù declared by the engine, money reported)."""

    lay_down: str = "explicit"
    eat: str = "with"
    u: str = "automatic"
    money: str = "full"
    actions: tuple[str, ...] = _default_actions("explicit", "automatic")

    def __post_init__(self) -> None:
        for member, values in SHAPES.items():
            value = getattr(self, member)
            if value not in values:
                raise ProfileError(
                    member, f"{value!r} is not one of {', '.join(map(repr, values))}"
                )
        seen = set(self.actions)
        unknown = [a for a in self.actions if a not in ACTION_TYPES]
        if unknown or len(seen) != len(self.actions):
            what = f"unknown action type {unknown[0]!r}" if unknown else "an action type twice"
            raise ProfileError("actions", f"{what} (action types: {', '.join(ACTION_TYPES)})")
        missing = [a for a in REQUIRED_ACTIONS if a not in seen]
        if missing:
            raise ProfileError("actions", f"every implementation takes {missing[0]!r} actions")
        if self.lay_down == "auto" and seen & {"lay_down", "send"}:
            both = sorted(seen & {"lay_down", "send"})
            raise ProfileError(
                "actions", f"lists {' and '.join(both)}, but lay_down is 'auto' (the"
                " implementation lays down and sends by itself)"
            )
        if self.lay_down == "explicit" and "lay_down" not in seen:
            raise ProfileError("actions", "lay_down 'explicit' needs the lay_down action")
        if (self.u == "claimed") != ("u" in seen):
            raise ProfileError(
                "actions", "the u action is listed exactly when u is 'claimed'"
            )

    # -- building one ----------------------------------------------------------------------

    @classmethod
    def of_names(cls, names: str) -> Profile:
        """The profile of a ``--profile`` list (``auto-lay,bare-eat,claimed-u,no-money``)."""
        shape: dict[str, str] = {}
        for name in (n.strip() for n in names.split(",")):
            if name not in PROFILE_NAMES:
                known = ", ".join(PROFILE_NAMES)
                raise ProfileError("--profile", f"unknown profile {name!r} (one of: {known})")
            member, value = PROFILE_NAMES[name]
            shape[member] = value
        lay_down = shape.get("lay_down", "explicit")
        u = shape.get("u", "automatic")
        return cls(**shape, actions=_default_actions(lay_down, u))

    @classmethod
    def from_hello(cls, hello: Mapping[str, Any]) -> Profile:
        """The profile a hello reply declares (members left out: the 1.0 shape), checked
        against the readings it declares (:func:`check_readings`)."""
        shape: dict[str, Any] = {}
        for member in SHAPES:
            if member in hello:
                value = hello[member]
                if not isinstance(value, str):
                    raise ProfileError(member, f"expected a string, got {value!r}")
                shape[member] = value
        lay_down = shape.get("lay_down", "explicit")
        u = shape.get("u", "automatic")
        if "actions" in hello:
            actions = hello["actions"]
            if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
                raise ProfileError("actions", f"expected a list of action types, got {actions!r}")
            shape["actions"] = tuple(actions)
        else:
            shape["actions"] = _default_actions(
                lay_down if lay_down in SHAPES["lay_down"] else "explicit",
                u if u in SHAPES["u"] else "automatic",
            )
        profile = cls(**shape)
        check_readings(profile, hello_readings(hello, None), "readings")
        for i, entry in enumerate(hello.get("rulesets") or []):
            if isinstance(entry, Mapping) and "readings" in entry:
                check_readings(profile, hello_readings(hello, entry.get("id")),
                               f"rulesets[{i}].readings")
        for rid, value in (hello.get("readings") or {}).items():
            if isinstance(value, Mapping):
                check_readings(profile, hello_readings(hello, rid), f"readings.{rid}")
        return profile

    # -- what it says ----------------------------------------------------------------------

    @property
    def is_default(self) -> bool:
        """Whether this is the 1.0 shape."""
        return self == DEFAULT

    def names(self) -> list[str]:
        """The ``--profile`` names of the members not at their default."""
        return [n for n, (member, value) in PROFILE_NAMES.items() if getattr(self, member) == value]

    def __str__(self) -> str:
        return ",".join(self.names()) or "explicit"

    def takes(self, action_type: str) -> bool:
        """Whether the implementation accepts actions of this type."""
        return action_type in self.actions

    def to_hello(self) -> dict[str, Any]:
        """The hello members that declare this profile."""
        return {
            "lay_down": self.lay_down,
            "eat": self.eat,
            "u": self.u,
            "money": self.money,
            "actions": list(self.actions),
        }


#: The 1.0 shape.
DEFAULT = Profile()


def hello_readings(hello: Mapping[str, Any], ruleset: str | None) -> dict[str, str]:
    """The readings a hello declares for ``ruleset``: the top-level ``readings`` (flat, or
    keyed by ruleset id: ``{"hoi-quan-bai": {"AMB.X": "r"}}``) with that ruleset entry's own
    ``readings`` over them (``ruleset`` None: the flat top level only)."""
    top = hello.get("readings") or {}
    out = {k: v for k, v in top.items() if not isinstance(v, Mapping)}
    if isinstance(top.get(ruleset), Mapping):
        out.update(top[ruleset])
    for entry in hello.get("rulesets") or []:
        if isinstance(entry, Mapping) and entry.get("id") == ruleset:
            out.update(entry.get("readings") or {})
    return out


def check_readings(profile: Profile, readings: Mapping[str, str], member: str = "readings") -> None:
    """ProfileError when ``readings`` contradict the profile: ``u: claimed`` plays the
    reading 'declared' of AMB.U-AUTOMATIC, ``u: automatic`` the reading 'automatic'."""
    reading = readings.get(U_AMBIGUITY)
    wanted = U_READINGS[profile.u]
    if reading is not None and reading != wanted:
        raise ProfileError(
            member, f"{U_AMBIGUITY}={reading} contradicts u: {profile.u!r}, which plays"
            f" {U_AMBIGUITY}={wanted}"
        )


def implied_readings(profile: Profile) -> dict[str, str]:
    """The readings a profile plays by its shape alone: the reading of AMB.U-AUTOMATIC its
    ``u`` shape plays ('declared' under ``u: claimed``, else 'automatic'; spec/protocol.md
    8.3)."""
    return {U_AMBIGUITY: U_READINGS[profile.u]}


def profile_of_readings(readings: Mapping[str, str]) -> Profile:
    """The 1.0 shape, or ``u: claimed`` where ``readings`` declare the reading 'declared' of
    AMB.U-AUTOMATIC: the shape of an engine that plays those readings (``readings``)."""
    if readings.get(U_AMBIGUITY) == U_READINGS["claimed"]:
        return Profile.of_names("claimed-u")
    return DEFAULT


def explicit_actions(
    action: Mapping[str, Any], events: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """The 1.0-shaped actions (JSON) that make the move of an accepted ``action`` of another
    shape, from the events of its reply: a bare eat with the partners of its ``ate`` event;
    a final-round discard under ``lay_down: auto`` as its ``lay_down`` (the ``laid_down``
    event's phỏm) and ``send`` actions, then the discard (spec/protocol.md 8.1, 8.2)."""
    kind = action.get("type")
    if kind == "eat" and "with" not in action:
        ate = next((e for e in events if e.get("type") == "ate"), None)
        return [dict(action) if ate is None else {**action, "with": list(ate["with"])}]
    if kind != "discard":
        return [dict(action)]
    out: list[dict[str, Any]] = []
    for e in events:
        if e.get("type") == "discarded":
            break
        if e.get("type") == "laid_down":
            out.append({"type": "lay_down", "phoms": [list(ph) for ph in e["phoms"]]})
        elif e.get("type") == "sent":
            out.append({"type": "send", "card": e["card"], "to": dict(e["to"])})
    return [*out, dict(action)]
