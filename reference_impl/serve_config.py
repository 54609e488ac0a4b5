"""What ``phom-reference`` is told on its command line: the profile it plays, the readings it
declares in ``hello`` and plays (docs/profiles.md).

``phom-reference [--profile LIST] [--reading [RULESET:]AMB.ID=READING]...``; a reading
with a ruleset prefix is declared for that ruleset only. Anything the
reference cannot honour is a :class:`ConfigError`, one line naming the member: an unknown
profile name or flag, an unknown ambiguity or reading, a reading the engine cannot play (one
that sets no parameters, where the engine's fixed behaviour is another reading), and a
profile at odds with the readings.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NoReturn

from phomspec import SpecError
from phomspec.rulesets import list_rulesets, reading_parameters, ruleset_reading
from reference_impl.params import load_ruleset
from reference_impl.profiles import Profile, ProfileError, check_readings, implied_readings

#: The options of ``phom-reference`` (and of ``conformance.mutants.serve`` after the mutant id).
OPTIONS = "[--profile LIST] [--reading [RULESET:]AMB.ID=READING]..."


class ConfigError(ValueError):
    """A command line the reference cannot serve (one line, naming the member)."""


def reading_problem(ruleset: str, amb: str, reading: str) -> str | None:
    """Why the reference engine cannot play ``amb=reading`` in ``ruleset``, or None."""
    try:
        params = reading_parameters(amb, reading)
    except SpecError as e:
        return str(e)
    if params:
        return None
    own = ruleset_reading(ruleset, amb)
    if own == reading:
        return None
    return (
        f"the reference engine cannot play it in ruleset {ruleset} (the reading sets no"
        f" parameters, and the engine's fixed behaviour there is reading {own!r})"
    )


@dataclass(frozen=True)
class ServerConfig:
    """The profile the reference plays and the readings it declares: ``readings`` in every
    ruleset, ``ruleset_readings`` (ruleset id -> readings) in one ruleset, over those."""

    profile: Profile = field(default_factory=Profile)
    readings: Mapping[str, str] = field(default_factory=dict)
    ruleset_readings: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.is_default:
            return  # nothing declared: the 1.0 shape and the rulesets' own readings
        rulesets = list_rulesets()
        for rid in self.ruleset_readings:
            if rid not in rulesets:
                raise ConfigError(
                    f"--reading {rid}:...: unknown ruleset {rid!r} (one of: {', '.join(rulesets)})"
                )
        for rid in rulesets:
            member = f"rulesets[{rid}].readings" if rid in self.ruleset_readings else "readings"
            readings = self.readings_for(rid)
            try:
                check_readings(self.profile, readings, member)
            except ProfileError as e:
                raise ConfigError(str(e)) from None
            for amb, reading in readings.items():
                problem = reading_problem(rid, amb, reading)
                if problem is not None:
                    raise ConfigError(f"{member}: {amb}={reading}: {problem}")
            try:
                load_ruleset(rid, readings=readings)
            except SpecError as e:
                raise ConfigError(f"{member}: {e}") from None

    @property
    def is_default(self) -> bool:
        return self.profile.is_default and not self.readings and not self.ruleset_readings

    def readings_for(self, ruleset: str) -> dict[str, str]:
        """The readings the reference plays in ``ruleset``: those declared, and the reading
        of AMB.U-AUTOMATIC its ``u`` shape plays (``claimed-u``: 'declared'), so that a
        new_game asking the other one is ``unsupported`` (spec/protocol.md 8.6)."""
        out = {**self.readings, **self.ruleset_readings.get(ruleset, {})}
        return {**implied_readings(self.profile), **out}

    def hello_members(self) -> dict[str, Any]:
        """The protocol 1.1 members of the hello reply (the profile)."""
        return self.profile.to_hello()


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise ConfigError(f"{message} (usage: {self.usage})")


def _reading(text: str) -> tuple[str | None, str, str]:
    left, eq, reading = text.partition("=")
    scope, _, amb = left.rpartition(":")
    if not eq or not amb or not reading:
        raise ConfigError(f"--reading {text!r}: expected [RULESET:]AMB.ID=READING")
    return scope or None, amb, reading


def parse_command_line(argv: list[str], prog: str = "phom-reference") -> ServerConfig:
    """The configuration of a ``phom-reference`` command line; ConfigError if it is bad."""
    parser = _Parser(prog=prog, usage=f"{prog} {OPTIONS}",
                     description="The reference engine over the conformance protocol"
                     " (spec/protocol.md), on stdin and stdout.")
    parser.add_argument("--profile", action="append", default=[], metavar="LIST",
                        help="comma-separated shapes: auto-lay, bare-eat, claimed-u, no-money")
    parser.add_argument("--reading", action="append", default=[], metavar="[RULESET:]AMB.ID=R",
                        help="declare a reading in hello and play it (repeatable)")
    args = parser.parse_args(argv)
    try:
        profile = Profile.of_names(",".join(args.profile)) if args.profile else Profile()
    except ProfileError as e:
        raise ConfigError(str(e)) from None
    readings: dict[str, str] = {}
    scoped: dict[str, dict[str, str]] = {}
    for text in args.reading:
        scope, amb, reading = _reading(text)
        table = readings if scope is None else scoped.setdefault(scope, {})
        if table.get(amb, reading) != reading:
            raise ConfigError(f"--reading {text!r}: {amb} is already read as {table[amb]!r}")
        table[amb] = reading
    return ServerConfig(profile, readings, scoped)
