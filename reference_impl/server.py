"""``phom-reference``: the reference engine behind the conformance protocol (spec/protocol.md).

:class:`Server` holds the whole protocol logic (``handle(message) -> reply``), for many games
at once keyed by game id; the in-process driver calls it directly. :func:`main` serves it as
JSON lines over stdin/stdout. Requests are checked by hand against the message schemas
(cheap enough for every message); anything wrong is an error reply, never a crash.
"""

from __future__ import annotations

import gc
import json
import os
import re
import sys
import traceback
from collections.abc import Callable
from functools import cache
from typing import Any

from phomspec import ResolvedRuleset, SpecError
from phomspec.cards import NotationError, parse_card
from phomspec.paths import PROJECT, installed_version
from phomspec.rulesets import list_rulesets, option_specs
from reference_impl import Deal, Game, load_ruleset
from reference_impl.actions import Action, from_json, to_json
from reference_impl.errors import DealError
from reference_impl.evaluate import MEMBERS as EVALUATE_MEMBERS
from reference_impl.evaluate import REQUIRED as EVALUATE_REQUIRED
from reference_impl.evaluate import EvaluateError, evaluate_request
from reference_impl.memo import Memo
from reference_impl.serve_config import ConfigError, ServerConfig, parse_command_line
from reference_impl.session import next_game_seats
from reference_impl.shaped import ShapedGame

PROTOCOL_VERSION = "1.1"
SERVER_NAME = "phom-reference"

_GAME_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")
_AMBIGUITY_ID = re.compile(r"AMB[.-][A-Z0-9][A-Z0-9._-]*")
_QUERIES = ["legal_actions", "state", "result", "next_game", "evaluate"]
#: One encoder for every reply (json.dumps with keyword arguments builds one per call).
_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode

#: Members each request type may have, and the ones it must have (spec/schemas/protocol/).
_MEMBERS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "hello": (frozenset({"id", "type", "protocol", "kit"}), frozenset({"protocol"})),
    "new_game": (
        frozenset({"id", "type", "game", "ruleset", "options", "readings", "players", "first",
                   "deal", "session"}),
        frozenset({"game", "ruleset", "players", "first", "deal"}),
    ),
    "apply": (frozenset({"id", "type", "game", "seat", "action"}),
              frozenset({"game", "seat", "action"})),
    "legal_actions": (frozenset({"id", "type", "game"}), frozenset({"game"})),
    "state": (frozenset({"id", "type", "game"}), frozenset({"game"})),
    "result": (frozenset({"id", "type", "game"}), frozenset({"game"})),
    "next_game": (frozenset({"id", "type", "players", "host", "previous_winner", "left"}),
                  frozenset({"players", "host"})),
    "evaluate": (frozenset({"id", "type"}) | EVALUATE_MEMBERS, EVALUATE_REQUIRED),
    "bye": (frozenset({"id", "type"}), frozenset()),
}

#: The method of each request type (a table of bound methods would make a server a cycle).
_HANDLERS = {kind: f"_on_{kind}" for kind in _MEMBERS}

#: Members of each action type, ``type`` and its own (docs/contract.md).
_ACTION_MEMBERS: dict[str, frozenset[str]] = {
    "draw": frozenset({"type"}),
    "eat": frozenset({"type", "card", "with"}),
    "discard": frozenset({"type", "card"}),
    "lay_down": frozenset({"type", "phoms"}),
    "send": frozenset({"type", "card", "to"}),
    "pass": frozenset({"type"}),
    "timeout": frozenset({"type"}),
    "leave": frozenset({"type"}),
    "u": frozenset({"type"}),
}


class RequestError(Exception):
    """A request that gets an error reply; ``code`` is one of spec/protocol.md section 3."""

    def __init__(self, code: str, message: str):
        self.code = code
        super().__init__(message)


@cache
def _version() -> str:
    version = installed_version(PROJECT)
    return "0+checkout" if version == "-" else version


def _malformed(message: str) -> RequestError:
    return RequestError("malformed", message)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _card(value: object, where: str) -> str:
    try:
        parse_card(value)  # type: ignore[arg-type]
    except NotationError as e:
        raise _malformed(f"{where}: {e}") from None
    return value  # type: ignore[return-value]


def _cards(value: object, where: str) -> list[str]:
    if not isinstance(value, list):
        raise _malformed(f"{where}: expected a list of card codes, got {value!r}")
    return [_card(c, f"{where}[{i}]") for i, c in enumerate(value)]


def _check_members(kind: str, message: dict[str, Any]) -> None:
    allowed, required = _MEMBERS[kind]
    unknown = message.keys() - allowed
    if unknown:
        raise _malformed(f"{kind}: unknown member(s) {', '.join(sorted(map(repr, unknown)))}")
    missing = required - message.keys()
    if missing:
        raise _malformed(f"{kind}: missing member(s) {', '.join(sorted(map(repr, missing)))}")


def check_action(action: object) -> Action:
    """The action of a request (malformed input is an error reply, not a rule matter)."""
    if isinstance(action, dict):
        kind = action.get("type")
        members = _ACTION_MEMBERS.get(kind) if isinstance(kind, str) else None
        if members is not None and not action.keys() <= members:
            names = ", ".join(sorted(map(repr, action.keys() - members)))
            raise _malformed(f"{action['type']} action: unknown member(s) {names}")
    try:
        return from_json(action)
    except NotationError as e:  # MalformedAction included
        raise _malformed(f"apply: {e}") from None


class Server:
    """The protocol logic: one session, many games keyed by game id; ``config``: the profile
    played and the readings declared (``phom-reference --profile``, ``--reading``)."""

    def __init__(
        self, log: Callable[[str], None] | None = None, config: ServerConfig | None = None
    ):
        self.config = config or ServerConfig()
        self._plain = self.config.is_default
        self._profile = None if self.config.profile.is_default else self.config.profile
        self._games: dict[str, Game] = {}
        #: The games played in the shape of a profile other than the 1.0 shape, by game id.
        self._shaped: dict[str, ShapedGame] = {}
        self._greeted = False
        self._hello: dict[str, Any] | None = None
        self._deals = Memo[Deal]()  # each deal checked once per session
        self.closed = False
        self._log = log or (lambda text: print(text, file=sys.stderr, flush=True))

    # -- entry points -------------------------------------------------------------------------

    def handle(self, message: object) -> dict[str, Any]:
        """The reply to one request (a dict); never raises."""
        rid: Any = None
        try:
            if not isinstance(message, dict):
                raise _malformed(f"a request is a JSON object, got {type(message).__name__}")
            rid = message.get("id")
            if not (_is_int(rid) or isinstance(rid, str)):
                bad, rid = rid, None
                raise _malformed(f"request 'id' must be an integer or a string, got {bad!r}")
            kind = message.get("type")
            handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
            if handler is None or not isinstance(kind, str):
                raise _malformed(f"unknown request type {kind!r} (one of {', '.join(_MEMBERS)})")
            _check_members(kind, message)
            if not self._greeted and kind != "hello":
                raise _malformed(f"{kind} before hello: the first request of a session is hello")
            return {"id": rid, **getattr(self, handler)(message)}
        except RequestError as e:
            return {"id": rid, "ok": False, "error": {"code": e.code, "message": str(e)}}
        except Exception as e:  # an engine bug: report it, keep serving (spec/protocol.md 3)
            self._log(traceback.format_exc())
            return {"id": rid, "ok": False,
                    "error": {"code": "internal", "message": f"{type(e).__name__}: {e}"}}

    def handle_line(self, line: bytes | str) -> bytes:
        """One request line in, one reply line out (with its newline)."""
        try:
            message = json.loads(line)
        except (ValueError, UnicodeDecodeError) as e:
            shown = line[:200]
            reply: dict[str, Any] = {"id": None, "ok": False, "error": {
                "code": "malformed", "message": f"not JSON ({e}): {shown!r}"}}
        else:
            reply = self.handle(message)
        return _encode(reply).encode() + b"\n"

    def copy_game(self, game: str, into: str) -> None:
        """Game ``into`` a copy of ``game`` (for ``readings``)."""
        if game in self._games:
            copy = self._games[into] = self._games[game].copy()
            shaped = self._shaped.get(game)
            if shaped is not None:  # its plans are made again from the game, when asked
                self._shaped[into] = ShapedGame(copy, shaped.profile)

    def game(self, game: str) -> Game | None:
        """The game ``game`` if played in the 1.0 shape, else None (for ``readings``)."""
        return self._games.get(game) if game not in self._shaped else None

    def resume_game(self, into: str, game: Game, request: dict[str, Any]) -> None:
        """Game ``into``: ``game`` (played elsewhere from the valid ``new_game`` ``request``)
        going on under the ruleset this session gives that request (Game.copy_under)."""
        self._games[into] = game.copy_under(self._ruleset(request))

    # -- handlers -----------------------------------------------------------------------------

    def _on_hello(self, message: dict[str, Any]) -> dict[str, Any]:
        if self._greeted:
            raise _malformed("hello: a session has one hello, and it came already")
        version = message["protocol"]
        if not isinstance(version, str) or not re.fullmatch(r"[0-9]+\.[0-9]+", version):
            raise _malformed(f"hello: 'protocol' must be a version like '1.0', got {version!r}")
        if version.split(".")[0] != PROTOCOL_VERSION.split(".")[0]:
            raise RequestError(
                "unsupported",
                f"hello: protocol {version} not supported (this is {PROTOCOL_VERSION})",
            )
        self._greeted = True
        return {"ok": True, **self.hello_payload()}

    def hello_payload(self) -> dict[str, Any]:
        """What the reference declares in its hello reply (every ruleset, option and query)."""
        if self._hello is None:
            rulesets = []
            for rid in list_rulesets():
                options = {
                    name: [True, False] if spec.get("type") == "boolean" else [spec.get("default")]
                    for name, spec in option_specs(rid).items()
                }
                own = self.config.ruleset_readings.get(rid)
                rs = load_ruleset(rid, readings=self.config.readings_for(rid))
                entry = {"id": rid, "options": options, "players": sorted(rs["players"])}
                rulesets.append(entry | ({"readings": dict(own)} if own else {}))
            self._hello = {
                "name": SERVER_NAME,
                "version": _version(),
                "language": f"python {sys.version_info.major}.{sys.version_info.minor}",
                "protocol": PROTOCOL_VERSION,
                "rulesets": rulesets,
                "readings": dict(self.config.readings),
                "queries": list(_QUERIES),
                **self.config.hello_members(),
            }
        return self._hello

    def _on_new_game(self, message: dict[str, Any]) -> dict[str, Any]:
        gid = message["game"]
        if not isinstance(gid, str) or not _GAME_ID.fullmatch(gid):
            raise _malformed(f"new_game: 'game' must be 1-64 characters A-Z a-z 0-9 . _ : -,"
                             f" got {gid!r}")
        players, first = message["players"], message["first"]
        if not _is_int(players) or not 2 <= players <= 4:
            raise _malformed(f"new_game: 'players' must be 2, 3 or 4, got {players!r}")
        if not _is_int(first) or not 0 <= first < players:
            raise _malformed(f"new_game: 'first' must be a seat 0..{players - 1}, got {first!r}")
        options = message.get("options", {})
        if not isinstance(options, dict):
            raise _malformed(f"new_game: 'options' must be an object, got {options!r}")
        readings = message.get("readings", {})
        if not isinstance(readings, dict) or not all(
            isinstance(k, str) and _AMBIGUITY_ID.fullmatch(k) and isinstance(v, str) and v
            for k, v in readings.items()
        ):
            raise _malformed(f"new_game: 'readings' maps ambiguity ids to reading ids,"
                             f" got {readings!r}")
        session = self._session(message.get("session"), players)
        ruleset_id = message["ruleset"]
        if not isinstance(ruleset_id, str):
            raise _malformed(f"new_game: 'ruleset' must be a string, got {ruleset_id!r}")
        rs = self._ruleset(message)
        if players not in rs["players"]:
            sizes = ", ".join(map(str, sorted(rs["players"])))
            raise RequestError("unsupported", f"new_game: ruleset {ruleset_id!r} is for"
                               f" {sizes} players, not {players}")
        deal = self._deals.get((raw := message["deal"], players, first),
                               lambda: self._deal(raw, players, first))
        game = Game(rs, deal, session=session)
        self._games[gid] = game
        if self._profile is None:
            return {"ok": True, "game": gid, "events": list(game.start_events)}
        shaped = self._shaped[gid] = ShapedGame(game, self._profile)
        return {"ok": True, "game": gid, "events": shaped.start_events}

    def _ruleset(self, message: dict[str, Any]) -> ResolvedRuleset:
        """The ruleset a (valid) new_game asks for, under the readings declared in hello."""
        ruleset_id, options = message["ruleset"], message.get("options", {})
        readings = message.get("readings", {})
        if not self._plain:
            readings = self._declared_readings(ruleset_id, readings)
        try:
            return load_ruleset(ruleset_id, options, readings)
        except SpecError as e:
            raise RequestError("unsupported", f"new_game: {e}") from None

    def _declared_readings(self, ruleset_id: str, asked: dict[str, str]) -> dict[str, str]:
        """The readings of a new game: those declared in hello, and the request's others."""
        declared = self.config.readings_for(ruleset_id)
        for amb, reading in asked.items():
            if declared.get(amb, reading) != reading:
                raise RequestError("unsupported", f"new_game: readings: this implementation reads"
                                   f" {amb} as {declared[amb]!r} (hello), not {reading!r}")
        return {**asked, **declared}

    def _deal(self, deal: object, players: int, first: int) -> Deal:
        if not isinstance(deal, dict):
            raise _malformed(f"new_game: 'deal' must be an object, got {deal!r}")
        try:
            if deal.keys() == {"hands", "stock"}:
                hands = deal["hands"]
                if not isinstance(hands, list):
                    raise _malformed(f"new_game: deal.hands must be a list of hands, got {hands!r}")
                checked = [_cards(h, f"new_game: deal.hands[{i}]") for i, h in enumerate(hands)]
                stock = _cards(deal["stock"], "new_game: deal.stock")
                if len(checked) != players:
                    raise DealError(f"deal.hands has {len(checked)} hands for {players} players")
                return Deal.from_hands(checked, stock, first=first)
            if deal.keys() == {"deck"}:
                deck = _cards(deal["deck"], "new_game: deal.deck")
                return Deal.from_deck(deck, players=players, first=first)
        except DealError as e:
            raise RequestError("bad_deal", f"new_game: {e}") from None
        except NotationError as e:
            raise _malformed(f"new_game: {e}") from None
        raise _malformed(
            f"new_game: 'deal' is {{\"hands\": [...], \"stock\": [...]}} or {{\"deck\": [...]}},"
            f" got members {sorted(deal)}"
        )

    @staticmethod
    def _session(session: object, players: int) -> dict[str, Any] | None:
        if session is None:
            return None
        if not isinstance(session, dict) or not session.keys() <= {"u_streak", "host"}:
            raise _malformed(
                f"new_game: 'session' is {{\"u_streak\": {{}}, \"host\": seat}}, got {session!r}"
            )
        streak = session.get("u_streak", {})
        if not isinstance(streak, dict) or not all(
            isinstance(k, str) and k.isdigit() and int(k) < players and _is_int(v) and v >= 0
            for k, v in streak.items()
        ):
            raise _malformed(f"new_game: session.u_streak maps seats ('0'..) to counts,"
                             f" got {streak!r}")
        host = session.get("host")
        if host is not None and not (_is_int(host) and 0 <= host < players):
            raise _malformed(f"new_game: session.host must be a seat, got {host!r}")
        return {"u_streak": {int(k): v for k, v in streak.items()}, "host": host}

    def _game(self, message: dict[str, Any]) -> Game:
        gid = message["game"]
        game = self._games.get(gid) if isinstance(gid, str) else None
        if game is None:
            raise RequestError("unknown_game",
                               f"{message['type']}: no game {gid!r} in this session")
        return game

    def _on_apply(self, message: dict[str, Any]) -> dict[str, Any]:
        game = self._game(message)
        seat = message["seat"]
        if not _is_int(seat) or not 0 <= seat < game.players:
            raise _malformed(f"apply: 'seat' must be a seat 0..{game.players - 1}, got {seat!r}")
        shaped = self._shaped.get(message["game"])
        if shaped is not None:
            return {"ok": True, **_apply_shaped(shaped, seat, message["action"]).to_json()}
        action = check_action(message["action"])
        ruling = game.apply(seat, action)
        return {"ok": True, **ruling.to_json()}

    def _on_legal_actions(self, message: dict[str, Any]) -> dict[str, Any]:
        game = self._game(message)
        shaped = self._shaped.get(message["game"])
        if shaped is not None:
            actions = shaped.legal_actions()
        else:
            actions = [to_json(a) for a in game.legal_actions()] if not game.is_over else []
        return {"ok": True, "seat": None if game.is_over else game.to_act, "actions": actions}

    def _on_state(self, message: dict[str, Any]) -> dict[str, Any]:
        game = self._game(message)
        shaped = self._shaped.get(message["game"])
        return {"ok": True, "state": game.state() if shaped is None else shaped.state()}

    def _on_result(self, message: dict[str, Any]) -> dict[str, Any]:
        game = self._game(message)
        shaped = self._shaped.get(message["game"])
        return {"ok": True, "result": game.result() if shaped is None else shaped.result()}

    def _on_next_game(self, message: dict[str, Any]) -> dict[str, Any]:
        players, host = message["players"], message["host"]
        winner = message.get("previous_winner")
        left = message.get("left", [])
        if not _is_int(players) or not _is_int(host):
            raise _malformed("next_game: 'players' and 'host' must be integers")
        if winner is not None and not _is_int(winner):
            raise _malformed(f"next_game: 'previous_winner' must be a seat or null, got {winner!r}")
        if not isinstance(left, list) or not all(_is_int(s) for s in left):
            raise _malformed(f"next_game: 'left' must be a list of seats, got {left!r}")
        try:
            first, new_host = next_game_seats(players, host, winner, left)
        except ValueError as e:
            raise _malformed(f"next_game: {e}") from None
        return {"ok": True, "first": first, "host": new_host}

    def _on_evaluate(self, message: dict[str, Any]) -> dict[str, Any]:
        try:
            return {"ok": True, "answer": evaluate_request(message)}
        except EvaluateError as e:
            raise RequestError(e.code, str(e)) from None

    def _on_bye(self, message: dict[str, Any]) -> dict[str, Any]:
        self.closed = True
        return {"ok": True}


def _apply_shaped(shaped: ShapedGame, seat: int, raw: object) -> Any:
    """The ruling of an action in the shape of a profile (spec/protocol.md 8): an action
    type the shape does not take is ``unsupported``; a bare eat names only its card."""
    profile = shaped.profile
    kind = raw.get("type") if isinstance(raw, dict) else None
    if isinstance(kind, str) and kind in _ACTION_MEMBERS and not profile.takes(kind):
        raise RequestError(
            "unsupported",
            f"apply: this implementation takes no {kind} action (profile {profile}: actions"
            f" {', '.join(profile.actions)})",
        )
    if kind == "eat" and profile.eat == "bare" and isinstance(raw, dict):
        extra = raw.keys() - {"type", "card"}
        if extra or "card" not in raw:
            what = f"unknown member(s) {', '.join(sorted(map(repr, extra)))}" if extra else \
                "missing member 'card'"
            raise _malformed(f"eat action: {what} (eat is 'bare': it names only the card)")
        return shaped.eat_bare(seat, parse_card(_card(raw["card"], "apply: eat.card")))
    return shaped.apply(seat, check_action(raw))


def serve(infd: int = 0, out: Any = None, config: ServerConfig | None = None) -> int:
    """Serve the protocol on a file descriptor until ``bye`` or end of input; return the status.

    Input is read in chunks and every complete line in a chunk is answered before the replies
    are flushed together: one write per chunk, whatever the pipelining depth.
    """
    out = out if out is not None else sys.stdout.buffer
    server = Server(config=config)
    pending = b""
    while True:
        try:
            chunk = os.read(infd, 1 << 16)
        except KeyboardInterrupt:
            return 0
        if not chunk:
            if pending.strip():
                out.write(server.handle_line(pending))
                out.flush()
            return 0
        lines = (pending + chunk).split(b"\n")
        pending = lines.pop()
        replies = []
        for line in lines:
            if line.strip():
                replies.append(server.handle_line(line))
                if server.closed:
                    break
        if replies:
            out.write(b"".join(replies))
            out.flush()
        if server.closed:
            return 0


def main(argv: list[str] | None = None) -> None:
    """Console script ``phom-reference [--profile LIST] [--reading AMB.ID=READING]...``: the
    reference engine over stdin/stdout (a bad command line: one line on stderr, status 3)."""
    try:
        config = parse_command_line(sys.argv[1:] if argv is None else argv)
    except ConfigError as e:
        print(f"{SERVER_NAME}: {e}", file=sys.stderr)
        sys.exit(3)
    try:
        status = serve(config=config)
    except BrokenPipeError:  # the harness went away; nothing left to tell it
        status = 0
    gc.freeze()  # no last collection of every object at exit: the harness waits for it
    sys.exit(status)


if __name__ == "__main__":
    main()
