"""Which ruleset parameters the in-process engine's games read (``phom-conformance readings``
prunes its replays with it).

The engine takes a game's parameters from ``reference_impl.params.params_of`` (the seam the
mutants patch too) and reads them as attributes. While :func:`tracking` is open, each game
gets a copy that notes the dotted name of every parameter read. The engine is deterministic:
a game whose every parameter read has the same value under other parameters makes the same
moves and gives the same replies.

A parameter whose value is a tuple of plain values (``players``: the table sizes) is read
through a :class:`Members` tuple: a membership test of a plain value (``n in p.players``)
notes only the test and its answer, a :class:`Membership`; any other use notes the whole
value read. A test whose answer is the same under other parameters lets nothing else of the
value reach the game: what it tells the engine is that one answer.

:class:`NewGame` and :func:`reads_test` tell whether another reading gives a game's reads other
values: then, and only then, may the game answer otherwise.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from phomspec import SpecError, resolve_ruleset
from reference_impl import params
from reference_impl.params import NAMES, Params, field_name

#: Parameter attribute -> dotted name.
_DOTTED = {field_name(n): n for n in NAMES}


#: The values a membership test is noted for: a list holds them as a tuple does (a resolved
#: ruleset's JSON array is a list, the engine's parameter a tuple: ``in`` answers alike).
_PLAIN = (bool, int, str)


class Membership(tuple[str, Any, "bool | None"]):
    """A membership test a game made: (parameter's dotted name, the value tested, answer;
    None: no answer, the same as none other)."""

    __slots__ = ()

    @classmethod
    def of(cls, name: str, item: Any, value: Any) -> Membership:
        """The test of ``item`` in ``value`` (the parameter ``name``'s value)."""
        try:
            return cls((name, item, item in value))
        except TypeError:
            return cls((name, item, None))

    @property
    def name(self) -> str:
        return self[0]

    def same_in(self, value: Any) -> bool:
        """Whether the test answers the same in ``value`` (the parameter's other value)."""
        try:
            return (self[1] in value) == self[2]
        except TypeError:
            return False


class Members(tuple[Any, ...]):
    """A parameter's tuple value that notes into ``read`` a membership test of a plain value
    as a :class:`Membership`, and any other use (iterating, indexing, its length, comparing,
    hashing, printing it...) as a read of the whole value (its dotted name). CPython reads a
    tuple subclass's items without these methods in a few places (``t + value``,
    ``isinstance(x, value)``, ``"%s" % value``); the engine uses ``players`` in none of them,
    and tests/scenarios/test_readings_sweep.py holds the pruned sweep to the unpruned one."""

    _name: str
    _read: set[Any]

    def __contains__(self, item: object) -> bool:
        answer = tuple.__contains__(self, item)
        if type(item) in _PLAIN:
            self._read.add(Membership((self._name, item, answer)))
        else:
            self._read.add(self._name)
        return answer

    def __reversed__(self) -> Any:
        self._read.add(self._name)
        return reversed(tuple(tuple.__iter__(self)))

    def __format__(self, spec: str) -> str:
        self._read.add(self._name)
        return format(tuple(tuple.__iter__(self)), spec)

    def __reduce__(self) -> Any:
        self._read.add(self._name)
        return (tuple, (tuple(tuple.__iter__(self)),))

    def __reduce_ex__(self, protocol: Any) -> Any:
        return self.__reduce__()


def _noting(op: str) -> Any:
    """tuple's method ``op``, noting the whole value read first."""
    method = getattr(tuple, op)

    def noted(self: Members, *args: Any) -> Any:
        self._read.add(self._name)
        return method(self, *args)

    noted.__name__ = op
    return noted


for _op in ("__iter__", "__len__", "__getitem__", "__hash__", "__repr__", "__eq__", "__ne__",
            "__lt__", "__le__", "__gt__", "__ge__", "__add__", "__mul__", "__rmul__",
            "__getnewargs__", "__sizeof__", "count", "index"):
    setattr(Members, _op, _noting(_op))


def _members(value: tuple[Any, ...], name: str, read: set[Any]) -> Members:
    out = Members(value)
    out._name, out._read = name, read
    return out


class RecordingParams(Params):
    """Parameters that add the dotted name of each one read to their set ``read`` (``plain``:
    the parameters they record the reads of; ``members``: their :class:`Members` values)."""

    __slots__ = ("members", "plain", "read")

    def __getattribute__(self, name: str) -> Any:
        value = object.__getattribute__(self, name)
        if name in _DOTTED and type(value) is not Members:
            object.__getattribute__(self, "read").add(_DOTTED[name])
        return value


def recording(p: Params, names: set[Any]) -> RecordingParams:
    """A copy of ``p`` (or of what ``p`` records) that records every parameter read into
    ``names`` (dotted names, and :class:`Membership` tests of a tuple of plain values)."""
    if type(p) is RecordingParams:
        p = object.__getattribute__(p, "plain")
    copy: RecordingParams = object.__new__(RecordingParams)
    members = []
    for attr, dotted in _DOTTED.items():
        value = object.__getattribute__(p, attr)
        if type(value) is tuple and all(type(v) in _PLAIN for v in value):
            value = _members(value, dotted, names)
            members.append(value)
        object.__setattr__(copy, attr, value)
    object.__setattr__(copy, "read", names)
    object.__setattr__(copy, "plain", p)
    object.__setattr__(copy, "members", tuple(members))
    return copy


def noting(game: Any, names: set[Any]) -> None:
    """Make ``game`` (a reference_impl Game) record the parameters it reads from now on into
    ``names`` alone (what it reads while answering one request). The games copied from it
    share its parameters, and so the set, until one of them is noted again."""
    p = game.st.p
    if type(p) is not RecordingParams:
        game.st.p = recording(p, names)
        return
    object.__setattr__(p, "read", names)
    for value in object.__getattribute__(p, "members"):
        value._read = names


@contextmanager
def tracking() -> Iterator[list[set[Any]]]:
    """While open, every game the in-process engine starts plays by recording parameters;
    yields the list of their sets of names read, one per game started, in order. A game
    started without ``params_of`` is not in the list."""
    made: list[set[Any]] = []
    original = params.params_of

    def params_of(rs: Any) -> Params:
        names: set[Any] = set()
        made.append(names)
        return recording(original(rs), names)

    params.params_of = params_of
    try:
        yield made
    finally:
        params.params_of = original


# -- whether another reading changes what a game read (phom-conformance readings) -------

class GameParams:
    """Resolved parameters of games, cached (None when a request does not resolve)."""

    def __init__(self) -> None:
        self._cache: dict[str, dict[str, Any] | None] = {}
        self._games: dict[str, NewGame] = {}

    def game(self, request: dict[str, Any]) -> NewGame:
        """The game a ``new_game`` request starts: one value for all the requests that ask
        for the same game (their answers are found once)."""
        key = json.dumps([request.get(k) for k in ("ruleset", "options", "readings", "players")],
                         sort_keys=True, default=str)
        game = self._games.get(key)
        if game is None:
            game = self._games[key] = NewGame.of(request, self)
        return game

    def of(self, ruleset: Any, options: Any, readings: Any) -> dict[str, Any] | None:
        """The parameters of ``ruleset`` with room ``options`` under ``readings``."""
        key = json.dumps([ruleset, options, readings], sort_keys=True, default=str)
        if key not in self._cache:
            try:
                self._cache[key] = resolve_ruleset(ruleset, options or {}, readings or {}).params
            except (SpecError, TypeError, AttributeError):
                self._cache[key] = None
        return self._cache[key]


@dataclass(frozen=True)
class NewGame:
    """A game a scenario starts: its ``new_game`` request's ruleset, options and readings,
    and its parameters as the reference resolves them (None: they do not resolve)."""

    ruleset: Any
    options: Any
    readings: dict[str, Any]
    before: dict[str, Any] | None
    #: Its ``players`` member.
    players: Any = None
    #: :meth:`after`'s and :meth:`changes`'s answers, by the readings asked for.
    known: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    differs: dict[Any, bool] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, request: dict[str, Any], params: GameParams) -> NewGame:
        """The game a ``new_game`` request starts."""
        ruleset, asked = request.get("ruleset"), request.get("readings")
        readings = asked if isinstance(asked, dict) else {}
        return cls(ruleset, request.get("options"), readings,
                   params.of(ruleset, request.get("options"), readings), request.get("players"))

    def after(self, params: GameParams, declared: Mapping[str, str]) -> dict[str, Any] | None:
        """Its parameters with the readings ``declared`` over the asked ones."""
        key = tuple(declared.items())
        if key not in self.known:
            self.known[key] = params.of(self.ruleset, self.options,
                                        {**self.readings, **declared})
        return self.known[key]

    def changes(self, params: GameParams, declared: Mapping[str, str]) -> bool:
        """Whether the readings ``declared`` give the game other parameters."""
        key = tuple(declared.items())
        if key not in self.differs:
            self.differs[key] = isinstance(self.ruleset, str) and \
                self.before != self.after(params, declared)
        return self.differs[key]


def reads_change(params: GameParams, games: Iterable[NewGame], config: Any,
                 reads: frozenset[Any], tests: dict[int, ReadsTest | None] | None = None) -> bool:
    """Whether the reference of server ``config`` (reference_impl.serve_config.ServerConfig:
    the in-process reference declaring a reading) may answer one of ``games`` (a scenario's)
    otherwise, by what they read, ``reads`` (:func:`reads_test`; ``tests``: those made so
    far for ``config``, by the id of their game)."""
    for game in games:
        if tests is None:
            test = reads_test(params, game, config)
        elif id(game) in tests:
            test = tests[id(game)]
        else:
            test = tests[id(game)] = reads_test(params, game, config)
        if test is None or test(reads):
            return True
    return False


def reads_test(params: GameParams, game: NewGame, config: Any) -> ReadsTest | None:
    """None when the reference of server ``config`` refuses ``game``, or resolves its
    parameters otherwise, or answers otherwise the server's own membership test of
    ``players`` (whether the game's ``players`` is one of the ruleset's sizes,
    server.Server._on_new_game): its ``new_game`` may get another reply. Else the test of
    whether a set of the game's reads (conformance.param_reads) gets another value of a
    parameter it names or another answer to a membership test it made of one."""
    declared = config.readings_for(game.ruleset) if isinstance(game.ruleset, str) else {}
    if any(declared.get(amb, reading) != reading for amb, reading in game.readings.items()):
        return None  # refused: the hello declares another reading (server._declared_readings)
    before, after = game.before, game.after(params, declared)
    if before is None or after is None:
        return None
    if before.get("players") != after.get("players") and not Membership.of(
            "players", game.players, before.get("players")).same_in(after.get("players")):
        return None

    def test(reads: frozenset[Any]) -> bool:
        for n in reads:
            if type(n) is Membership:
                if not n.same_in(after.get(n.name)):
                    return True
            elif before.get(n) != after.get(n):
                return True
        return False

    return test


#: Whether a set of parameter reads gets another value (:func:`reads_test`).
ReadsTest = Callable[[frozenset[Any]], bool]
