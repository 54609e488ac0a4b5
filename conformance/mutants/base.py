"""A mutant: a small, plausible mistake patched into the reference engine for a while.

A mutant never edits the engine's files: :func:`applied` sets a few attributes (functions of
the engine's rule modules, the ruleset parameters, or the protocol server's reply) and puts
them back on exit. Inside the context, every game the engine starts (the in-process driver's
included) plays by the mistaken rule, on the rule functions' path: the engine's fast path
(reference_impl.fast) is off. The meld search caches are cleared on entry and exit, so
that no answer computed under one rule leaks into the other.

Three kinds of patch make the catalog's mistakes: a rule function replaced or wrapped
(:func:`wrap`), some parameters changed (:func:`params_patch`), and the server's replies
rewritten (:func:`rewrite_replies`, for mistakes no rule function expresses, such as a refused
action that still changes the state).
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from reference_impl import fast, melds

#: One patch: set ``name`` of ``target`` (a module or a class) to ``value``.
Patch = tuple[Any, str, Any]
#: A function of the engine, as a mutant wraps it.
Fn = Callable[..., Any]
#: ``rewrite(request, reply) -> reply``: what a wrong implementation answers instead.
Rewrite = Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]
_MISSING = object()

#: Rulesets, for mutants that show in some only.
HQB = ("hoi-quan-bai",)
U9 = ("u9la",)


@dataclass(frozen=True)
class Mutant:
    """One mistake: an id, its topic, what an implementer got wrong, the clauses it breaks,
    the rulesets where it can show (None: all), and the patches that make it."""

    id: str
    topic: str
    title: str
    clauses: tuple[str, ...]
    patches: Callable[[], list[Patch]] = field(repr=False, compare=False)
    rulesets: tuple[str, ...] | None = None

    def __str__(self) -> str:
        return f"{self.id}: {self.title}"


def build(mutant: Mutant) -> list[Patch]:
    """The patches of ``mutant`` (make them once, apply them as often as needed)."""
    return mutant.patches()


@contextmanager
def applied(mutant: Mutant, patches: list[Patch] | None = None) -> Iterator[Mutant]:
    """Play by ``mutant`` inside the block (``patches``: from :func:`build`, to reuse)."""
    patches = build(mutant) if patches is None else patches
    # A mutant of the meld tables brings its own search caches (see phom_tables); the
    # reference's are cleared only if a mutant changes melds without them.
    clear = any(target is melds for target, _, _ in patches) and not any(
        name == "can_cover" for _, name, _ in patches)
    saved: list[tuple[Any, str, Any]] = []
    # Games started inside the block play the rule functions, which the patches change,
    # not the engine's fused fast path (reference_impl.fast).
    fast_was = fast.ENABLED
    try:
        fast.ENABLED = False
        for target, name, value in patches:
            old = target.__dict__.get(name, _MISSING) if isinstance(target, type) else \
                getattr(target, name, _MISSING)
            saved.append((target, name, old))
            setattr(target, name, value)
        if clear:
            melds.clear_caches()
        yield mutant
    finally:
        for target, name, old in reversed(saved):
            if old is _MISSING:
                delattr(target, name)
            else:
                setattr(target, name, old)
        fast.ENABLED = fast_was
        if clear:
            melds.clear_caches()


def params_patch(changes: Mapping[str, Any]) -> Callable[[], list[Patch]]:
    """A mutant that plays with some ruleset parameters changed (a wrong constant or switch).

    ``changes`` map dotted parameter names (spec/parameters.yaml) to a value, or to a
    function of the original :class:`reference_impl.params.Params` giving the value."""

    def make() -> list[Patch]:
        from reference_impl import params

        original = params.params_of

        def params_of(rs: Any) -> Any:
            p = original(rs)
            return p.replace({k: (v(p) if callable(v) else v) for k, v in changes.items()})

        return [(params, "params_of", params_of)]

    return make


def rewrite_replies(make: Callable[[], Rewrite]) -> Callable[[], list[Patch]]:
    """A mutant that answers like the reference, except that every reply goes through
    ``rewrite(request, reply)`` (``make()`` gives a fresh one for each use of the mutant)."""

    def patches() -> list[Patch]:
        from reference_impl.server import Server

        rewrite = make()

        def handle(orig: Fn) -> Fn:
            def handle(self: Any, message: object) -> dict[str, Any]:
                reply = orig(self, message)
                return rewrite(message, reply) if isinstance(message, dict) else reply
            return handle

        return [wrap(Server, "handle", handle)]

    return patches


@contextmanager
def temporarily(target: Any, name: str, value: Any) -> Iterator[None]:
    """Set ``name`` of ``target`` to ``value`` inside the block (for a mutant that changes
    a helper only while one rule runs)."""
    old = getattr(target, name)
    setattr(target, name, value)
    try:
        yield
    finally:
        setattr(target, name, old)


def wrap(target: Any, name: str, make: Callable[[Fn], Fn]) -> Patch:
    """Replace function ``name`` of ``target`` (an engine module, or a class) by
    ``make(original)``."""
    original = getattr(target, name)
    return (target, name, make(original))


def melds_proxy(module: types.ModuleType, **overrides: Any) -> Patch:
    """Give ``module`` its own view of :mod:`reference_impl.melds` with some names replaced."""
    proxy = types.SimpleNamespace(**{k: getattr(melds, k) for k in dir(melds)
                                     if not k.startswith("__")})
    for k, v in overrides.items():
        setattr(proxy, k, v)
    return (module, "melds", proxy)


def phom_tables(extra: list[int] | None = None, drop: Callable[[int], bool] | None = None
                ) -> list[Patch]:
    """Patches of the meld tables with some phỏm added (``extra``) or removed (``drop``)."""
    extra = extra or []
    keep = [p for p in melds.ALL_PHOMS if not (drop and drop(p))] + extra
    by_low: list[list[int]] = [[] for _ in range(52)]
    containing: list[list[int]] = [[] for _ in range(52)]
    three: list[list[int]] = [[] for _ in range(52)]
    for p in keep:
        low = (p & -p).bit_length() - 1
        by_low[low].append(p)
        for c in range(52):
            if p >> c & 1:
                containing[c].append(p)
                if p.bit_count() == 3:
                    three[c].append(p)
    for lst in (*by_low, *containing, *three):
        lst.sort(key=lambda m: (-m.bit_count(), m))
    phom_set = frozenset(keep)
    dropped = frozenset(p for p in melds.ALL_PHOMS if drop and drop(p))
    base_covered, base_phoms_in = melds.covered, melds.phoms_in

    def covered(m: int) -> int:
        out = base_covered(m)
        for p in extra:
            if p & m == p:
                out |= p
        return out

    def phoms_in(m: int) -> list[int]:
        out = [p for p in base_phoms_in(m) if p not in dropped]
        return out + [p for p in extra if p & m == p]

    return [
        # Searches with caches of their own: the reference's never see the mutant's tables.
        (melds, "can_cover", lru_cache(maxsize=1 << 14)(melds.can_cover.__wrapped__)),
        (melds, "_leftover", lru_cache(maxsize=1 << 15)(melds._leftover.__wrapped__)),
        (melds, "_best", lru_cache(maxsize=1 << 14)(melds._best.__wrapped__)),
        (melds, "covered", covered),
        (melds, "phoms_in", phoms_in),
        (melds, "ALL_PHOMS", tuple(sorted(keep))),
        (melds, "PHOM_SET", phom_set),
        (melds, "PHOMS_BY_LOW", tuple(tuple(x) for x in by_low)),
        (melds, "PHOMS_CONTAINING", tuple(tuple(x) for x in containing)),
        (melds, "PHOM3_CONTAINING", tuple(tuple(x) for x in three)),
    ]


def skip_refusal(target: Any, name: str, clause: str) -> Patch:
    """Forget one check: ``target.name`` (a ``check_*`` rule function) accepts what it refuses
    citing ``clause``."""

    def make(orig: Fn) -> Fn:
        def check(*args: Any) -> Any:
            problem = orig(*args)
            return None if problem is not None and problem.clause == clause else problem
        return check

    return wrap(target, name, make)
