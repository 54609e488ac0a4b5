"""The ruleset parameters the engine plays by, made from ``spec/parameters.yaml``.

:class:`Params` has one attribute per parameter of ``spec/parameters.yaml``: the dotted name
with its dots as underscores (``eat.keep_in_phom`` is ``p.eat_keep_in_phom``, ``players`` is
``p.players``).  Values are the resolved ruleset's, made immutable: JSON arrays become
tuples, objects read-only mappings.  ``p["eat.keep_in_phom"]`` reads a parameter by its
dotted name.  :func:`params_of` makes them once per resolved ruleset (a bounded cache).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from phomspec import ResolvedRuleset, SpecError, resolve_ruleset
from phomspec.paths import spec_dir
from phomspec.yamlio import load_yaml
from reference_impl.memo import Memo

#: Rulesets resolved lately, by request members and spec/ (a session, a fuzz run and a
#: sweep ask for the same few again and again).
_RESOLVED: Memo[ResolvedRuleset] = Memo(256)


def load_ruleset(
    ruleset_id: str,
    options: dict[str, Any] | None = None,
    readings: dict[str, str] | None = None,
) -> ResolvedRuleset:
    """A ruleset by id with room ``options`` and ambiguity ``readings`` (raises SpecError),
    resolved once while kept: the value is shared, never change it."""
    return _RESOLVED.get((ruleset_id, options, readings, spec_dir()),
                         lambda: resolve_ruleset(ruleset_id, options, readings))


def field_name(dotted: str) -> str:
    """The attribute of a parameter: ``eat_penalty.by_count`` -> ``eat_penalty_by_count``."""
    return dotted.replace(".", "_")


def _parameter_names() -> tuple[str, ...]:
    data = load_yaml(spec_dir() / "parameters.yaml")
    names = tuple(data["parameters"])
    fields = [field_name(n) for n in names]
    clash = sorted({f for f in fields if fields.count(f) > 1})
    if clash:
        raise SpecError(
            f"spec/parameters.yaml: parameters {', '.join(clash)} share an attribute name once"
            " their dots are underscores; rename one"
        )
    return names


#: Dotted names of every parameter, in the order of spec/parameters.yaml.
NAMES: tuple[str, ...] = _parameter_names()
_FIELDS: tuple[str, ...] = tuple(field_name(n) for n in NAMES)


def _frozen(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, Mapping):
        return MappingProxyType({k: _frozen(v) for k, v in value.items()})
    return value


class Params:
    """One ruleset's parameters, read-only; see the module docstring for the names."""

    __slots__ = _FIELDS

    def __init__(self, values: Mapping[str, Any]) -> None:
        """From dotted name -> value (a resolved ruleset's ``params``): every parameter of
        spec/parameters.yaml, and no other."""
        missing = [n for n in NAMES if n not in values]
        unknown = sorted(set(values) - set(NAMES))
        if missing or unknown:
            raise SpecError(
                "the engine plays the parameters of spec/parameters.yaml:"
                f" missing {', '.join(missing) or 'none'}; unknown {', '.join(unknown) or 'none'}"
            )
        for name, attr in zip(NAMES, _FIELDS, strict=True):
            object.__setattr__(self, attr, _frozen(values[name]))

    if TYPE_CHECKING:

        def __getattr__(self, name: str) -> Any: ...

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Params are read-only (tried to set {name!r})")

    def __getitem__(self, dotted: str) -> Any:
        """A parameter by its dotted name."""
        if dotted not in NAMES:
            raise KeyError(dotted)
        return getattr(self, field_name(dotted))

    def as_dict(self) -> dict[str, Any]:
        """Dotted name -> value."""
        return {n: getattr(self, f) for n, f in zip(NAMES, _FIELDS, strict=True)}

    def replace(self, changes: Mapping[str, Any]) -> Params:
        """A copy with some parameters (by dotted name) set to other values."""
        return Params(self.as_dict() | dict(changes))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Params) and self.as_dict() == other.as_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "Params(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in _FIELDS) + ")"


_CACHE_SIZE = 64
_CACHE: OrderedDict[int, tuple[ResolvedRuleset, Params]] = OrderedDict()


def params_of(rs: ResolvedRuleset) -> Params:
    """The parameters of a resolved ruleset, made once per ruleset object (the last
    ``_CACHE_SIZE`` rulesets are kept, with the ruleset itself so that its id stays its own)."""
    key = id(rs)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is rs:
        return hit[1]
    p = Params(rs.params)
    _CACHE[key] = (rs, p)
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return p
