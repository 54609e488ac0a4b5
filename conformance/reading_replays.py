"""The replays of ``phom-conformance readings``, with the requests scenarios share played once.

Whether the reference under a declared reading answers a scenario's requests as the plain
reference did (conformance.commands.readings) is decided game by game: the reference's
server keeps every game apart (``Server._games``, by game id) and answers a request to a
game from that game's own requests only, so two games that start with the same ``new_game``
request (its id and game id aside) and go on with the same requests get the same replies, as
long as they go on alike. The games of all the scenarios are put in one tree of requests and
each branch is played once: where games part, the game is copied (``Server.copy_game``,
``Game.copy``: an independent game that answers as the original would). A request that
addresses no game (``evaluate``, ``next_game``, ``bye``) reads no game and is replayed on
its own. A scenario whose requests do not all fit that (a request to a game it did not
start, a game id started twice) is replayed whole, in a session of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: Requests addressed to one game (by their ``game`` member).
GAME_REQUESTS = frozenset({"new_game", "apply", "legal_actions", "state", "result"})
#: Requests that address no game and read none (reference_impl.server: their handlers never
#: look at the session's games).
FREE_REQUESTS = frozenset({"evaluate", "next_game", "bye"})
#: What stands for a game's own id in a reply (``new_game`` echoes it), to compare games
#: played under other ids.
_GAME = "\x00game"


def _key(request: dict[str, Any]) -> str:
    """The request but for its id and game id, as its repr: told apart more finely than by
    ``==`` (``1`` from ``true``, ``1.0``); requests made alike (members in the same order)
    share it."""
    rest = dict(request)
    rest.pop("id", None)
    rest.pop("game", None)
    return repr(rest)


def _expected(reply: dict[str, Any], game: Any) -> dict[str, Any]:
    """A reply but for its id, with its game's id (if it echoes it) as :data:`_GAME`."""
    out = {k: v for k, v in reply.items() if k != "id"}
    if game is not None and out.get("game") == game:
        out["game"] = _GAME
    return out


@dataclass(frozen=True)
class Shape:
    """A scenario's exchanges as games: for each game, its requests with their replies (keys
    and expected replies), and the requests that address no game; None when they do not fit
    (the scenario is replayed whole)."""

    games: tuple[tuple[tuple[str, dict[str, Any], dict[str, Any]], ...], ...]
    free: tuple[tuple[dict[str, Any], dict[str, Any]], ...]


def shape(exchanges: Sequence[Sequence[Any]]) -> Shape | None:
    """The games of a scenario's exchanges (request, reply), or None if they do not fit."""
    games: dict[Any, list[tuple[str, dict[str, Any], dict[str, Any]]]] = {}
    free = []
    for request, reply in exchanges:
        kind = request.get("type")
        if kind == "hello":
            continue
        if reply is None or not isinstance(reply, dict):
            return None
        if kind in FREE_REQUESTS:
            free.append((request, _expected(reply, None)))
            continue
        if kind not in GAME_REQUESTS:
            return None
        game = request.get("game")
        if not isinstance(game, str) or (kind == "new_game") == (game in games):
            return None  # a game started twice, or one the scenario did not start
        games.setdefault(game, []).append((_key(request), request, _expected(reply, game)))
    return Shape(tuple(tuple(g) for g in games.values()), tuple(free))


class _Node:
    """One request of the tree, after its parent's: the request, the reply every game that
    reaches it got on the plain reference (with id 0; None: they did not all get the same
    one), and the round of :meth:`Tree.same_replies` that wants it played (``want``) and
    whose replay answered it so (``same``). After :meth:`Tree.note_reads`: the parameters
    its request reads that none before it on its path read (``reads``; None: not known), and
    where there are any, a copy of the plain reference's game before it (``before``)."""

    __slots__ = ("before", "children", "expected", "reads", "request", "same", "want")

    def __init__(self, request: dict[str, Any], expected: dict[str, Any] | None):
        self.request, self.expected = request, expected
        self.children: dict[str, _Node] = {}
        self.want = self.same = 0
        self.reads: frozenset[Any] | None = None
        self.before: Any = None


#: For a game's ``new_game`` request, the test of whether another server gives another value
#: to one of a set of parameter reads (conformance.commands.readings), or None when that
#: server may answer the ``new_game`` itself otherwise.
Dirty = Callable[[dict[str, Any]], "Callable[[frozenset[Any]], bool] | None"]


class Tree:
    """The games of many scenarios (by id, each a :class:`Shape`) as one tree of requests,
    made once; :meth:`same_replies` replays some of them."""

    def __init__(self, shapes: dict[str, Shape]) -> None:
        self._roots: dict[str, _Node] = {}
        self._paths: dict[str, list[list[_Node]]] = {}
        self._free = {sid: sh.free for sid, sh in shapes.items()}
        self._round = 0
        #: Whether :meth:`note_reads` noted the tree.
        self.noted = False
        for sid, sh in shapes.items():
            mine = self._paths[sid] = []
            for game in sh.games:
                level, path = self._roots, []
                for key, request, reply in game:
                    expected = {**reply, "id": 0}
                    node = level.get(key)
                    if node is None:
                        node = level[key] = _Node(request, expected)
                    elif node.expected != expected:
                        node.expected = None  # not one reply for all: none of them is skipped
                    path.append(node)
                    level = node.children
                mine.append(path)

    def note_reads(self, server: Any) -> None:
        """Play every branch once on ``server`` (a greeted plain reference_impl.server.Server),
        noting the parameters each request reads first on its path (conformance.param_reads)
        and keeping a copy of the game before each request that reads any. A request whose
        reply is not the one its games got is noted as having no one reply (none of its games
        is skipped)."""
        from conformance.param_reads import noting, tracking

        count = 0
        stack: list[tuple[_Node, str, frozenset[Any]]] = []
        with tracking() as made:
            for root in self._roots.values():
                count += 1
                stack.append((root, f"r{count}", frozenset()))
            while stack:
                node, game, seen = stack.pop()
                engine, started = server.game(game), len(made)
                names: set[Any] = set()
                if engine is not None:
                    node.before = engine.copy()
                    noting(engine, names)
                again = _answer(server, node.request, game)
                names.update(*made[started:])  # a new game's reads: its start
                node.reads = frozenset(names) - seen
                if not node.reads:
                    node.before = None
                if node.expected is None or again != node.expected:
                    node.expected = None
                    continue
                children = list(node.children.values())
                for child in children[:-1]:
                    count += 1
                    server.copy_game(game, f"r{count}")
                    stack.append((child, f"r{count}", seen | node.reads))
                if children:
                    stack.append((children[-1], game, seen | node.reads))
        self.noted = True

    def same_replies(self, server: Any, ids: Sequence[str],
                     dirty: Dirty | None = None) -> list[bool]:
        """For each of the scenarios ``ids``, whether ``server`` (a greeted
        reference_impl.server.Server) answers every one of its requests as the plain
        reference did; every branch of the tree of their games is played once. With
        ``dirty``, after :meth:`note_reads`: a game's requests before the first that reads a
        parameter ``server`` gives another value are not played (the engine is deterministic:
        they get the same replies and leave the same game), and the game is taken on from the
        plain reference's copy before that request (Server.resume_game)."""
        self._round += 1
        now = self._round
        for sid in ids:
            for path in self._paths[sid]:
                for node in path:
                    node.want = now
        _play(server, self._roots, now, dirty if self.noted else None)
        out = []
        for sid in ids:
            ok = all(node.same == now for path in self._paths[sid] for node in path)
            for request, expected in self._free[sid]:
                if not ok:
                    break
                ok = _expected(server.handle({**request, "id": 0}), None) == expected
            out.append(ok)
        return out


def same_replies(server: Any, shapes: Sequence[Shape]) -> list[bool]:
    """:meth:`Tree.same_replies` of a tree of ``shapes`` alone."""
    ids = [str(i) for i in range(len(shapes))]
    return Tree(dict(zip(ids, shapes, strict=True))).same_replies(server, ids)


def _play(server: Any, roots: dict[str, _Node], now: int, dirty: Dirty | None) -> None:
    """Play every branch of the tree that round ``now`` wants once, depth first; a branch
    whose reply differs is not played further (every game under it is told apart already).
    With ``dirty``, each game's requests before the first that reads a parameter that
    differs (or a new_game that may be answered otherwise) are the same without playing."""
    count = 0
    stack: list[tuple[_Node, str]] = []
    clean: list[tuple[_Node, dict[str, Any], Callable[[frozenset[Any]], bool]]] = []
    for root in roots.values():
        if root.want != now:
            continue
        test = dirty(root.request) if dirty is not None else None
        if test is None or root.reads is None or test(root.reads):
            count += 1
            stack.append((root, f"r{count}"))
        else:
            clean.append((root, root.request, test))
    while clean:
        node, start, test = clean.pop()
        if node.expected is None:
            continue  # not one reply for all its games (as playing it would find)
        node.same = now
        for child in node.children.values():
            if child.want != now:
                continue
            if child.reads and test(child.reads):
                count += 1
                server.resume_game(f"r{count}", child.before, start)
                stack.append((child, f"r{count}"))
            else:
                clean.append((child, start, test))
    while stack:
        node, game = stack.pop()
        again = _answer(server, node.request, game)
        if node.expected is None or again != node.expected:
            continue
        node.same = now
        children = [child for child in node.children.values() if child.want == now]
        if not children:
            continue
        for child in children[:-1]:
            count += 1
            server.copy_game(game, f"r{count}")
            stack.append((child, f"r{count}"))
        stack.append((children[-1], game))


def _answer(server: Any, request: dict[str, Any], game: str) -> dict[str, Any]:
    """``server``'s reply to a tree's ``request`` played in game ``game``, naming its game as
    the tree's expected replies do."""
    again: dict[str, Any] = server.handle({**request, "id": 0, "game": game})
    return {**again, "game": _GAME} if again.get("game") == game else again


def replay_whole(driver: Any, exchanges: Sequence[Sequence[Any]]) -> bool:
    """Whether ``driver`` answers a scenario's requests, every one in order, as the reference
    did. If it does, the scenario sends the same requests and reaches the same verdict."""
    for request, reply in exchanges:
        if request.get("type") == "hello":
            continue
        try:
            again = driver.send(request).result()
        except Exception:
            return False
        if reply is not None and not _same_reply(again, reply):
            return False
    return True


def _same_reply(again: dict[str, Any], reply: dict[str, Any]) -> bool:
    """Whether two replies are equal but for their ``id`` (one shallow copy, compared whole)."""
    if "id" in reply:
        return {**again, "id": reply["id"]} == reply
    return {k: v for k, v in again.items() if k != "id"} == reply


class ResumingServer:
    """Answers requests as ``server`` (a greeted-to-be reference_impl.server.Server) does,
    from a noted :class:`Tree` where it can: a game's requests before the first that reads
    a parameter ``server`` gives another value (``dirty``, as for :meth:`Tree.same_replies`)
    get the replies the plain reference gave them, and the game is then taken on from the
    plain reference's copy (Server.resume_game), or played up to there when there is none.
    The engine is deterministic: the replies are the ones ``server`` would give."""

    def __init__(self, server: Any, tree: Tree, dirty: Dirty) -> None:
        self.server, self._roots, self._dirty = server, tree._roots, dirty
        #: The games not played yet: their path in the tree so far, and their reads test.
        self._ahead: dict[str, tuple[list[_Node], Callable[[frozenset[Any]], bool]]] = {}

    def handle(self, message: Any) -> dict[str, Any]:
        kind = message.get("type") if isinstance(message, dict) else None
        game = message.get("game") if kind in GAME_REQUESTS else None
        if not isinstance(game, str) or not isinstance(message.get("id"), int):
            return self.server.handle(message)
        key = _key(message)
        ahead = self._ahead.get(game)
        if kind == "new_game":
            if ahead is not None:
                self._catch_up(game)
            root = self._roots.get(key)
            test = self._dirty(message) if root is not None else None
            if root is None or test is None or root.reads is None or test(root.reads) or \
                    root.expected is None or self.server.game(game) is not None:
                return self.server.handle(message)
            self._ahead[game] = ([root], test)
            return _reply(root.expected, message["id"], game)
        if ahead is None:
            return self.server.handle(message)
        path, test = ahead
        node = path[-1].children.get(key)
        if node is not None and node.expected is not None and node.reads is not None and \
                not (node.reads and test(node.reads)):
            path.append(node)
            return _reply(node.expected, message["id"], game)
        if node is not None and node.reads and node.before is not None:
            del self._ahead[game]
            self.server.resume_game(game, node.before, path[0].request)
        else:
            self._catch_up(game)
        return self.server.handle(message)

    def _catch_up(self, game: str) -> None:
        """Play the requests of ``game`` answered so far from the tree."""
        path, _ = self._ahead.pop(game)
        for node in path:
            self.server.handle({**node.request, "id": 0, "game": game})


def _reply(expected: dict[str, Any], rid: int, game: str) -> dict[str, Any]:
    """A reply of the tree (:func:`_expected`, id 0) as the answer to request ``rid`` of
    ``game``."""
    out: dict[str, Any] = {"id": rid}  # first, as the server puts it
    out.update(expected)
    out["id"] = rid
    if out.get("game") == _GAME:
        out["game"] = game
    return out
