"""The one scenario model: load feature files and fixture cases, run them through a Driver.

``load_scenarios()`` reads every ``features/*.feature`` (Gherkin, parsed with the
``gherkin`` package that pytest-bdd uses) and every runnable case of
``features/fixtures/*.yaml`` into :class:`Scenario` objects, one per ruleset the scenario
applies to. ``Scenario.run(driver)`` plays its steps through the step library
(:mod:`conformance.steps`) and returns a :class:`Transcript`; a mismatch raises
:class:`~conformance.errors.StepFailure` naming the step and the clause it checks.

Tags of a scenario: ``@id:<kebab-id>`` (one, stable), ``@clause:<ID>`` (one per clause),
``@ruleset:<id>`` or ``@ruleset:all`` (scenario tags replace feature tags),
``@reading:<AMB-ID>=<reading>``, ``@negative``, ``@source:<id>`` and free words.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from conformance import steps as steplib
from conformance.errors import ScenarioError, ScenarioSkipped, StepFailure
from conformance.fixtures import (
    FixtureIndex,
    RawCase,
    RawStep,
    check_deal,
    load_fixture_file,
    load_fixture_index,
)
from conformance.protocol import Driver, Pending
from phomspec.paths import features_dir, fixtures_dir, spec_dir
from reference_impl.cards import NotationError, format_card, parse_card

_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_CLAUSE_RE = re.compile(r"^[A-Z0-9]+(?:\.[A-Z0-9-]+)+$")
_READING_RE = re.compile(r"^(AMB[.-][A-Z0-9][A-Z0-9._-]*)=([A-Za-z0-9._-]+)$")
_TAG_KINDS = ("id", "clause", "ruleset", "reading", "source")


# ---------------------------------------------------------------------------------------------
# The model


@dataclass(frozen=True)
class Step:
    """One matched step: its definition in the step library and its parsed arguments."""

    kind: str
    text: str
    where: str
    definition: steplib.StepDef = field(compare=False, repr=False)
    args: Mapping[str, Any] = field(compare=False, repr=False)
    clause: str | None = None
    docstring: str | None = field(default=None, repr=False)
    table: tuple[tuple[str, ...], ...] | None = field(default=None, repr=False)

    @property
    def label(self) -> str:
        return f"{self.where}: {self.kind.capitalize()} {self.text}"


@dataclass(frozen=True)
class Scenario:
    """A scenario run under one ruleset: id (with ``[ruleset]`` when expanded), tags, steps."""

    id: str
    name: str
    clauses: tuple[str, ...]
    rulesets: tuple[str, ...]
    readings: tuple[tuple[str, str], ...]
    negative: bool
    tags: tuple[str, ...]
    source: str
    line: int
    steps: tuple[Step, ...] = field(repr=False)
    base_id: str = ""
    players: int = 4
    needs: frozenset[str] = frozenset()
    fixtures: FixtureIndex = field(default_factory=FixtureIndex, compare=False, repr=False)

    @property
    def ruleset(self) -> str:
        return self.rulesets[0]

    def run(self, driver: Driver, transcript: Transcript | None = None) -> Transcript:
        """Play the steps through ``driver``; raise StepFailure / ScenarioSkipped / ImplError.

        The exception, if any, carries the transcript so far as ``.transcript``.
        """
        transcript = transcript if transcript is not None else Transcript(self.id)
        play = Play(driver, self, transcript)
        try:
            for step in self.steps:
                play.begin(step.label, step.clause, step.definition.clause)
                step.definition.run(play, step.args)
            play.finish()
        except BaseException as e:
            e.transcript = transcript  # type: ignore[attr-defined]
            raise
        return transcript


@dataclass
class Exchange:
    """One request and its reply (``None`` until read), under the step that sent it."""

    step: str
    request: dict[str, Any]
    reply: dict[str, Any] | None = None


@dataclass
class Transcript:
    """What was said with the implementation during one scenario."""

    scenario: str
    steps: list[str] = field(default_factory=list)
    exchanges: list[Exchange] = field(default_factory=list)

    def to_jsonable(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "steps": list(self.steps),
            "exchanges": [
                {"step": x.step, "request": x.request, "reply": x.reply} for x in self.exchanges
            ],
        }


# ---------------------------------------------------------------------------------------------
# The table before the game starts (what the Given steps build)


@dataclass
class Setup:
    """Players, ruleset, options, deal and session, as the Given steps describe them."""

    fixtures: FixtureIndex = field(default_factory=FixtureIndex)
    players: int | None = None
    named_ruleset: str | None = None
    first: int | None = None
    options: dict[str, bool] = field(default_factory=dict)
    hands: dict[int, list[str]] = field(default_factory=dict)
    stock: list[str] | None = None
    stock_complete: bool = False
    deck: list[str] | None = None
    session: dict[str, Any] = field(default_factory=dict)
    #: The table between games, for the next_game query: previous winner, seats that left.
    table: dict[str, Any] = field(default_factory=dict)
    expect_refusal: bool = False
    deal_name: str | None = None
    _origin: dict[str, str] = field(default_factory=dict)

    def _claim(self, cards: Sequence[str], where: str) -> None:
        for c in cards:
            if c in self._origin and not self.expect_refusal:
                raise steplib.StepError(
                    f"card {c} is dealt twice ({self._origin[c]} and {where}); a deal holds each"
                    " card once"
                )
            self._origin[c] = where

    def set_players(self, n: int) -> None:
        if self.players is not None and self.players != n:
            raise steplib.StepError(f"the table was already set to {self.players} players")
        self.players = n

    def hold(self, seat: int, cards: Sequence[str]) -> None:
        if seat in self.hands:
            raise steplib.StepError(f"seat {seat}'s hand is already given")
        self._claim(cards, f"seat {seat}'s hand")
        self.hands[seat] = list(cards)

    def set_stock(self, cards: Sequence[str], complete: bool) -> None:
        if self.stock is not None:
            raise steplib.StepError("the stock is already given")
        self._claim(cards, "the stock")
        self.stock = list(cards)
        self.stock_complete = complete

    def use_deal(self, name: str) -> None:
        deal = self.fixtures.deals.get(name)
        if deal is None:
            known = ", ".join(sorted(self.fixtures.deals)) or "none"
            raise steplib.StepError(
                f"no deal named {name!r} in features/fixtures/*.yaml (known: {known})"
            )
        self.set_players(deal.players)
        self.deal_name = name
        if self.first is None:
            self.first = deal.first
        for seat, hand in enumerate(deal.hands):
            self.hold(seat, hand)
        self.set_stock(deal.stock, complete=True)

    def set_deck(self, cards: Sequence[str]) -> None:
        if self.deck is not None or self.hands:
            raise steplib.StepError("the deal is already given")
        self._claim(cards, "the deck order")
        self.deck = list(cards)

    def deal_message(self) -> tuple[int, int, dict[str, Any]]:
        """(players, first, the protocol's deal); raise StepError when it is not a deal."""
        if self.players is None:
            raise steplib.StepError('say how many players play: "Given a 4-player game"')
        players, first = self.players, self.first or 0
        if self.deck is not None:
            if len(self.deck) != 52 and not self.expect_refusal:
                raise steplib.StepError(f"a deck order holds 52 cards, not {len(self.deck)}")
            return players, first, {"deck": list(self.deck)}
        if not self.hands:
            raise steplib.StepError('give the hands ("Given seat 0 holds ...") or a named deal')
        hands = [self.hands.get(s, []) for s in range(players)]
        extra = sorted(s for s in self.hands if s >= players)
        if extra:
            raise steplib.StepError(f"seat {extra[0]} is not a seat of a {players}-player table")
        stock = list(self.stock or [])
        if not self.stock_complete:
            used = set(self._origin)
            stock += [format_card(i) for i in range(52) if format_card(i) not in used]
        if not self.expect_refusal:
            problems = check_deal(players, first, hands, stock)
            if problems:
                raise steplib.StepError(
                    "; ".join(problems) + " (a deal: every hand in full, and the stock)"
                )
        return players, first, {"hands": [list(h) for h in hands], "stock": stock}


# ---------------------------------------------------------------------------------------------
# Running: the game against a driver


@dataclass
class _Sent:
    label: str
    seat: int
    action: dict[str, Any]
    pending: Pending
    exchange: Exchange
    asserted: bool = False
    reply: dict[str, Any] | None = None
    before: dict[str, Any] | None = None


_game_counter = itertools.count(1)


def _game_id(scenario_id: str) -> str:
    gid = re.sub(r"[^A-Za-z0-9._:-]", ":", scenario_id).replace(":]", "").rstrip(":")
    return gid[:64] or f"g{next(_game_counter)}"


class Play:
    """One scenario being played against one driver: the state the step handlers work on."""

    def __init__(self, driver: Driver, scenario: Scenario, transcript: Transcript):
        self.driver = driver
        self.scenario = scenario
        self.transcript = transcript
        self.setup = Setup(
            fixtures=scenario.fixtures,
            expect_refusal=any(s.definition.refusal for s in scenario.steps),
        )
        self.step_label = ""
        self._explicit: str | None = None
        self._implied: str | None = None
        self.game: str | None = None
        self._start: tuple[str, Pending, Exchange] | None = None
        self._start_reply: dict[str, Any] | None = None
        self._sent: list[_Sent] = []
        self._settled = 0
        self.events: list[dict[str, Any]] = []
        self.noted_state: dict[str, Any] | None = None
        self.aborted = False
        self._index: int | None = None

    # -- steps ---------------------------------------------------------------------------

    def begin(self, label: str, explicit: str | None, implied: str | None) -> None:
        self.step_label = label
        self._explicit, self._implied = explicit, implied
        self.transcript.steps.append(label)
        self._index = self._step_index(label)

    def _step_index(self, label: str) -> int | None:
        """The position of the step being played (by its line), for look-ahead."""
        m = re.match(r"^(.*):(\d+): ", label)
        if not m:
            return None
        line = m.group(2)
        for i, st in enumerate(self.scenario.steps):
            if st.where.rsplit(":", 1)[1] == line:
                return i
        return None

    def _rejection_follows(self) -> bool:
        """Whether the step after the current one asserts that the last action is refused."""
        i = self._index
        steps = self.scenario.steps
        return i is not None and i + 1 < len(steps) and steps[i + 1].definition.rejection

    def answers(self, query: str) -> bool:
        hello = getattr(self.driver, "hello", None)
        return not isinstance(hello, dict) or query in (hello.get("queries") or [])

    def clause_for(self, implied: str | None = None) -> str | None:
        """The clause a failure of the current step is reported under: the one the step
        names; else the first clause the step implies ("A|B" for several) that the scenario
        checks; else the scenario's first clause."""
        if self._explicit:
            return self._explicit
        options = (implied or self._implied or "").split("|")
        clauses = self.scenario.clauses
        for option in options:
            if option and option in clauses:
                return option
        return clauses[0] if clauses else (options[0] or None)

    def fail(self, expected: object, actual: object, implied: str | None = None) -> StepFailure:
        """The failure of the current step (raise it)."""
        return StepFailure(self.step_label, expected, actual, self.clause_for(implied))

    # -- talking to the implementation ---------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> tuple[Pending, Exchange]:
        exchange = Exchange(self.step_label, dict(message))
        self.transcript.exchanges.append(exchange)
        return self.driver.send(message), exchange

    def _read(self, pending: Pending, exchange: Exchange) -> dict[str, Any]:
        reply = pending.result()
        exchange.reply = reply
        return reply

    def check_support(self) -> None:
        """Raise ScenarioSkipped when the implementation's hello rules the scenario out."""
        hello = getattr(self.driver, "hello", None)
        if not isinstance(hello, dict):
            return
        sc = self.scenario
        entry = next((r for r in hello.get("rulesets") or [] if r.get("id") == sc.ruleset), None)
        if entry is None:
            raise ScenarioSkipped(f"the implementation does not play ruleset {sc.ruleset!r}")
        players = self.setup.players or sc.players
        if (
            entry.get("players")
            and players not in entry["players"]
            and not self.setup.expect_refusal
        ):
            raise ScenarioSkipped(
                f"the implementation does not play {sc.ruleset} at {players} players"
            )
        offered = entry.get("options") or {}
        for name, value in self.setup.options.items():
            if name in offered:
                if value not in offered[name]:
                    raise ScenarioSkipped(f"the implementation does not offer {name}={value}")
            elif value != _option_default(sc.ruleset, name):
                raise ScenarioSkipped(
                    f"the implementation does not offer room option {name}={value}"
                )
        fixed = hello.get("readings") or {}
        for amb, reading in sc.readings:
            if amb in fixed and fixed[amb] != reading:
                raise ScenarioSkipped(
                    f"the scenario needs reading {amb}={reading};"
                    f" the implementation reads {fixed[amb]}"
                )
        queries = set(hello.get("queries") or [])
        missing = sorted(sc.needs - queries)
        if missing:
            raise ScenarioSkipped(f"the implementation does not answer the query {missing[0]!r}")

    def start(self) -> None:
        """Send new_game (once), without waiting for the reply."""
        if self._start is not None:
            return
        label = self.step_label
        try:
            players, first, deal = self.setup.deal_message()
        except steplib.StepError as e:
            raise ScenarioError(f"{label}: {e}") from None
        self.check_support()
        if self.setup.named_ruleset and self.setup.named_ruleset != self.scenario.ruleset:
            raise ScenarioError(
                f"{label}: the game names ruleset {self.setup.named_ruleset!r} but the scenario"
                f" runs under {self.scenario.ruleset!r}; fix its @ruleset tag"
            )
        self.game = _game_id(self.scenario.id)
        message: dict[str, Any] = {
            "type": "new_game",
            "game": self.game,
            "ruleset": self.scenario.ruleset,
            "options": dict(self.setup.options),
            "readings": _readings_to_send(self.scenario),
            "players": players,
            "first": first,
            "deal": deal,
        }
        if self.setup.session:
            message["session"] = dict(self.setup.session)
        pending, exchange = self._send(message)
        self._start = (label, pending, exchange)

    def start_reply(self) -> dict[str, Any]:
        """The new_game reply (read now if needed); not checked."""
        self.start()
        if self._start_reply is None:
            assert self._start is not None
            _, pending, exchange = self._start
            self._start_reply = self._read(pending, exchange)
        return self._start_reply

    def _check_started(self) -> None:
        reply = self.start_reply()
        if self.setup.expect_refusal:
            return
        if not reply.get("ok"):
            error = reply.get("error") or {}
            if error.get("code") == "unsupported":
                raise ScenarioSkipped(f"new_game: unsupported: {error.get('message', '')}")
            assert self._start is not None
            raise StepFailure(
                self._start[0],
                "the game starts",
                f"error {error.get('code')}: {error.get('message')}",
                self.clause_for(),
            )

    def act(self, seat: int, action: dict[str, Any]) -> None:
        """Send one action (pipelined: the reply is read when an expectation needs it).

        Before an action that the next step expects to be refused, the state is noted, so
        that the refusal can be checked to change nothing (INV.REJECT-UNCHANGED).
        """
        self.start()
        before = None
        if self._rejection_follows() and self.answers("state"):
            before = self.state()
        pending, exchange = self._send(
            {"type": "apply", "game": self.game, "seat": seat, "action": action}
        )
        self._sent.append(_Sent(self.step_label, seat, action, pending, exchange, before=before))

    def check_unchanged(self) -> None:
        """After a refused action: the state is what it was before it (INV.REJECT-UNCHANGED)."""
        sent = self.last_action()
        if sent.before is None:
            return
        now = self.state()
        changed = sorted(k for k in set(now) | set(sent.before) if now.get(k) != sent.before.get(k))
        if changed:
            raise StepFailure(
                self.step_label,
                "the state unchanged by the refused action",
                f"changed: {', '.join(changed)}",
                "INV.REJECT-UNCHANGED",
            )

    def settle(self) -> None:
        """Read every outstanding reply; an action nobody asserted must have been accepted."""
        if self._start is not None and self._start_reply is None:
            self._check_started()
            if self._start_reply is not None and self._start_reply.get("ok"):
                self.events.extend(self._start_reply.get("events") or [])
        elif self._start is None:
            return
        while self._settled < len(self._sent):
            sent = self._sent[self._settled]
            self._settled += 1
            reply = self._read(sent.pending, sent.exchange)
            sent.reply = reply
            if not reply.get("ok"):
                error = reply.get("error") or {}
                if error.get("code") == "unsupported":
                    raise ScenarioSkipped(f"apply: unsupported: {error.get('message', '')}")
                if not sent.asserted:
                    raise StepFailure(
                        sent.label,
                        "accepted",
                        f"error {error.get('code')}: {error.get('message')}",
                        self.clause_for(),
                    )
                continue
            if reply.get("ruling") == "accepted":
                self.events.extend(reply.get("events") or [])
            elif not sent.asserted:
                actual = f"rejected {reply.get('reason')} under {reply.get('clause')}"
                if reply.get("message"):
                    actual += f" ({reply['message']})"
                raise StepFailure(sent.label, "accepted", actual, self.clause_for())

    def last_action(self) -> _Sent:
        if not self._sent:
            raise ScenarioError(f"{self.step_label}: no action was played before this step")
        return self._sent[-1]

    def last_reply(self) -> dict[str, Any]:
        """The reply to the latest action, which this step asserts on."""
        sent = self.last_action()
        sent.asserted = True
        self.settle()
        assert sent.reply is not None
        return sent.reply

    def last_events(self) -> list[dict[str, Any]]:
        reply = self.last_reply()
        if reply.get("ok") and reply.get("ruling") == "accepted":
            return list(reply.get("events") or [])
        return []

    def query(self, kind: str) -> dict[str, Any]:
        """Send a query after every outstanding action and return its (ok) reply."""
        self.start()
        self.settle()
        hello = getattr(self.driver, "hello", None)
        if isinstance(hello, dict) and kind not in (hello.get("queries") or []):
            raise ScenarioSkipped(f"the implementation does not answer the query {kind!r}")
        pending, exchange = self._send({"type": kind, "game": self.game})
        reply = self._read(pending, exchange)
        if not reply.get("ok"):
            error = reply.get("error") or {}
            if error.get("code") == "unsupported":
                raise ScenarioSkipped(f"{kind}: unsupported: {error.get('message', '')}")
            raise self.fail(f"a {kind} reply", f"error {error.get('code')}: {error.get('message')}")
        return reply

    def state(self) -> dict[str, Any]:
        state = self.query("state").get("state")
        if not isinstance(state, dict):
            raise self.fail("a state", state)
        return state

    def result(self) -> dict[str, Any]:
        """The result of a game that must be over."""
        result = self.query("result").get("result")
        if not isinstance(result, dict):
            raise self.fail("the game is over (a result)", "the game is not over")
        return result

    def legal(self) -> tuple[int | None, list[dict[str, Any]]]:
        reply = self.query("legal_actions")
        return reply.get("seat"), list(reply.get("actions") or [])

    def finish(self) -> None:
        """End of the scenario: start the game if no step did, read every reply, and check
        that the 52 cards are all in place and the money sums to zero (INV.52-CARDS,
        INV.ZERO-SUM) when the implementation answers the state query."""
        self.start()
        self.settle()
        if self.setup.expect_refusal or not self.answers("state"):
            return
        from conformance.steps import misplaced_cards

        state = self.state()
        label = f"{self.step_label} (end of the scenario)"
        problem = misplaced_cards(state)
        if problem:
            raise StepFailure(label, "the 52 cards, each in one place", problem, "INV.52-CARDS")
        money = state.get("money") or []
        if sum(money) != 0:
            raise StepFailure(label, "money summing to zero", money, "INV.ZERO-SUM")


def _option_default(ruleset: str, name: str) -> Any:
    from phomspec.rulesets import option_specs

    return (option_specs(ruleset).get(name) or {}).get("default")


@cache
def _ruleset_readings() -> dict[str, dict[str, str]]:
    """ruleset id -> ambiguity id -> the reading it takes (spec/ambiguities.yaml), if known."""
    import yaml

    path = spec_dir() / "ambiguities.yaml"
    if not path.exists():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    out: dict[str, dict[str, str]] = {}
    for amb in data.get("ambiguities") or []:
        chosen = amb.get("rulesets") or {}
        if isinstance(chosen, dict):
            for rid, reading in chosen.items():
                rid_reading = reading.get("reading") if isinstance(reading, dict) else reading
                if isinstance(rid_reading, str):
                    out.setdefault(rid, {})[amb["id"]] = rid_reading
    return out


def _readings_to_send(scenario: Scenario) -> dict[str, str]:
    """The readings a scenario needs that its ruleset does not take already."""
    own = _ruleset_readings().get(scenario.ruleset, {})
    return {amb: r for amb, r in scenario.readings if own.get(amb) != r}


# ---------------------------------------------------------------------------------------------
# Loading


def _parse_feature(path: Path) -> list[RawCase]:
    from gherkin.errors import CompositeParserException, ParserError
    from gherkin.parser import Parser
    from gherkin.token_scanner import TokenScanner

    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ScenarioError(f"{path}: cannot read: {e.strerror}") from None
    try:
        doc: Any = Parser().parse(TokenScanner(text))
    except CompositeParserException as e:
        first = e.errors[0]
        loc = getattr(first, "location", None) or {}
        msg = str(first).split("): ", 1)[-1]
        raise ScenarioError(f"{path}:{loc.get('line', 1)}: Gherkin syntax: {msg}") from None
    except ParserError as e:
        loc = getattr(e, "location", None) or {}
        msg = str(e).split("): ", 1)[-1]
        raise ScenarioError(f"{path}:{loc.get('line', 1)}: Gherkin syntax: {msg}") from None
    feature: dict[str, Any] | None = doc.get("feature")
    if not feature:
        raise ScenarioError(f"{path}:1: no 'Feature:' in the file; a feature file needs one")
    feature_tags = tuple(t["name"] for t in feature.get("tags", []))
    out: list[RawCase] = []
    names: dict[str, int] = {}

    def raw_steps(steps: Iterable[dict[str, Any]]) -> list[RawStep]:
        result: list[RawStep] = []
        kind = "given"
        for s in steps:
            kt = str(s.get("keywordType"))
            kind = {"Context": "given", "Action": "when", "Outcome": "then"}.get(kt, kind)
            if kt == "Unknown":
                raise ScenarioError(
                    f"{path}:{s['location']['line']}: a '*' step has no kind; use Given, When, Then"
                )
            doc_string = s.get("docString")
            table = s.get("dataTable")
            result.append(
                RawStep(
                    kind,
                    s["text"].strip(),
                    s["location"]["line"],
                    docstring=doc_string["content"] if doc_string else None,
                    table=tuple(tuple(c["value"] for c in row["cells"]) for row in table["rows"])
                    if table
                    else None,
                )
            )
        return result

    def walk(
        children: Iterable[dict[str, Any]], background: list[RawStep], rule_tags: tuple[str, ...]
    ) -> None:
        bg = list(background)
        for child in children:
            if "background" in child:
                bg = bg + raw_steps(child["background"]["steps"])
            elif "rule" in child:
                rule = child["rule"]
                tags = rule_tags + tuple(t["name"] for t in rule.get("tags", []))
                walk(rule.get("children", []), bg, tags)
            elif "scenario" in child:
                sc = child["scenario"]
                line = sc["location"]["line"]
                if sc.get("examples"):
                    raise ScenarioError(
                        f"{path}:{line}: Scenario Outline / Examples are not used in the suite;"
                        " write one scenario per case (each needs its own @id)"
                    )
                if sc["name"] in names:
                    raise ScenarioError(
                        f"{path}:{line}: scenario name {sc['name']!r} is already used at line"
                        f" {names[sc['name']]}; names are unique within a feature file"
                    )
                names[sc["name"]] = line
                out.append(
                    RawCase(
                        name=sc["name"],
                        tags=rule_tags + tuple(t["name"] for t in sc.get("tags", [])),
                        source=str(path),
                        line=line,
                        steps=tuple(bg + raw_steps(sc["steps"])),
                        feature_tags=feature_tags,
                    )
                )

    walk(feature.get("children", []), [], ())
    return out


@cache
def _known_rulesets() -> tuple[str, ...]:
    from phomspec import list_rulesets

    return tuple(list_rulesets())


@cache
def _ruleset_players(rid: str) -> tuple[int, ...]:
    from phomspec import resolve_ruleset

    return tuple(resolve_ruleset(rid)["players"])


@dataclass(frozen=True)
class _Tags:
    id: str
    clauses: tuple[str, ...]
    rulesets: tuple[str, ...]
    readings: tuple[tuple[str, str], ...]
    negative: bool
    tags: tuple[str, ...]
    from_all: bool = False


def _parse_tags(raw: RawCase) -> _Tags:
    where = f"{raw.source}:{raw.line}"
    ids: list[str] = []
    clauses: list[str] = []
    readings: dict[str, str] = {}
    negative = False
    own_rulesets: list[str] = []
    feature_rulesets: list[str] = []
    all_tags = [(t, True) for t in raw.feature_tags] + [(t, False) for t in raw.tags]
    for tag, from_feature in all_tags:
        name = tag[1:] if tag.startswith("@") else tag
        if name == "negative":
            negative = True
            continue
        if ":" not in name:
            continue
        kind, _, value = name.partition(":")
        if kind not in _TAG_KINDS:
            raise ScenarioError(
                f"{where}: unknown tag kind {kind!r} in {tag!r}; use one of"
                f" {', '.join('@' + k + ':' for k in _TAG_KINDS)}"
            )
        if kind == "id":
            if not _ID_RE.match(value):
                raise ScenarioError(f"{where}: @id {value!r} must be kebab-case (a-z, 0-9, '-')")
            ids.append(value)
        elif kind == "clause":
            if not _CLAUSE_RE.match(value):
                raise ScenarioError(f"{where}: {tag!r} is not a clause id such as PHOM.RUN.NO-WRAP")
            if value not in clauses:
                clauses.append(value)
        elif kind == "ruleset":
            known = _known_rulesets()
            if value != "all" and value not in known:
                raise ScenarioError(
                    f"{where}: unknown ruleset {value!r} in {tag!r}; known: {', '.join(known)}, all"
                )
            (feature_rulesets if from_feature else own_rulesets).append(value)
        elif kind == "reading":
            m = _READING_RE.match(value)
            if not m:
                raise ScenarioError(f"{where}: {tag!r} must read @reading:AMB.<ID>=<reading>")
            readings[m.group(1)] = m.group(2)
    if len(ids) != 1:
        what = "no @id:<kebab-id> tag" if not ids else f"{len(ids)} @id tags"
        raise ScenarioError(f"{where}: scenario {raw.name!r} has {what}; give it exactly one")
    chosen = own_rulesets or feature_rulesets
    if not chosen:
        raise ScenarioError(
            f"{where}: scenario {raw.name!r} names no @ruleset:<id> (or @ruleset:all)"
        )
    if not clauses:
        raise ScenarioError(f"{where}: scenario {raw.name!r} names no @clause:<ID> it checks")
    rulesets = _known_rulesets() if "all" in chosen else tuple(dict.fromkeys(chosen))
    plain = tuple(t for t, _ in all_tags)
    return _Tags(
        ids[0],
        tuple(clauses),
        rulesets,
        tuple(sorted(readings.items())),
        negative,
        plain,
        from_all="all" in chosen,
    )


def _match_steps(raw: RawCase) -> tuple[list[Step], list[tuple[int, str]]]:
    out: list[Step] = []
    problems: list[tuple[int, str]] = []
    seen_action = False
    for rs in raw.steps:
        try:
            definition, args, clause = steplib.match_step(rs.kind, rs.text, rs.docstring, rs.table)
        except steplib.StepError as e:
            problems.append((rs.line, str(e)))
            continue
        if definition.kind == "given" and seen_action:
            problems.append(
                (rs.line, "a Given step after a When or Then step; set the table up first")
            )
        if definition.kind != "given":
            seen_action = True
        out.append(
            Step(
                rs.kind,
                rs.text,
                f"{raw.source}:{rs.line}",
                definition,
                args,
                clause,
                rs.docstring,
                rs.table,
            )
        )
    return out, problems


def _dry_setup(
    steps: Sequence[Step], fixtures: FixtureIndex
) -> tuple[Setup, list[tuple[int, str]]]:
    setup = Setup(fixtures=fixtures, expect_refusal=any(s.definition.refusal for s in steps))
    problems: list[tuple[int, str]] = []
    last_line = 0
    for step in steps:
        line = int(step.where.rsplit(":", 1)[1])
        last_line = line
        if step.definition.kind != "given":
            name = step.args.get("script") if step.definition.refs_script else None
            if name is not None:
                problem = _script_problem(name, fixtures, setup.deal_name)
                if problem:
                    problems.append((line, problem))
            continue
        try:
            step.definition.run_setup(setup, step.args)
        except steplib.StepError as e:
            problems.append((line, str(e)))
    if not problems:
        try:
            setup.deal_message()
        except steplib.StepError as e:
            problems.append((last_line, str(e)))
    return setup, problems


def _script_problem(name: str, fixtures: FixtureIndex, deal_name: str | None) -> str | None:
    script = fixtures.scripts.get(name)
    if script is None:
        known = ", ".join(sorted(fixtures.scripts)) or "none"
        return f"no script named {name!r} in features/fixtures/*.yaml (known: {known})"
    if script.deal != deal_name:
        return (
            f"script {name!r} is written for the deal {script.deal!r}; the scenario plays"
            f" {deal_name!r}: use 'Given the deal \"{script.deal}\"'"
        )
    return None


def check_raw_case(raw: RawCase, fixtures: FixtureIndex) -> list[tuple[int, str]]:
    """Problems of a raw scenario (unknown step text, bad cards, a bad deal), by line."""
    steps, problems = _match_steps(raw)
    if problems:
        return problems
    _, problems = _dry_setup(steps, fixtures)
    return problems


def _compile(raw: RawCase, fixtures: FixtureIndex) -> list[Scenario]:
    tags = _parse_tags(raw)
    steps, problems = _match_steps(raw)
    if not problems:
        setup, problems = _dry_setup(steps, fixtures)
    if problems:
        line, msg = problems[0]
        raise ScenarioError(f"{raw.source}:{line}: {msg}")
    players = setup.players or 4
    where = f"{raw.source}:{raw.line}"
    if setup.named_ruleset and setup.named_ruleset not in tags.rulesets:
        raise ScenarioError(
            f"{where}: the steps name ruleset {setup.named_ruleset!r} but the tags say"
            f" {', '.join(tags.rulesets)}; make them agree"
        )
    rulesets = (setup.named_ruleset,) if setup.named_ruleset else tags.rulesets
    from phomspec.rulesets import option_specs

    for r in rulesets:
        for option in setup.options:
            if option not in option_specs(r):
                raise ScenarioError(
                    f"{where}: ruleset {r!r} has no room option {option!r}; tie the scenario to a"
                    " ruleset that has it (@ruleset:<id>)"
                )
    needs = frozenset(q for s in steps for q in s.definition.needs)
    expand = len(rulesets) > 1 or tags.from_all
    out = []
    for r in rulesets:
        if players not in _ruleset_players(r) and not setup.expect_refusal:
            continue
        out.append(
            Scenario(
                id=f"{tags.id}[{r}]" if expand else tags.id,
                name=raw.name,
                clauses=tags.clauses,
                rulesets=(r,),
                readings=tags.readings,
                negative=tags.negative,
                tags=tags.tags,
                source=raw.source,
                line=raw.line,
                steps=tuple(steps),
                base_id=tags.id,
                players=players,
                needs=needs,
                fixtures=fixtures,
            )
        )
    return out


def _discover(paths: Sequence[str | Path] | None) -> tuple[list[Path], list[Path], list[Path]]:
    """(feature files, fixture files with cases, every fixture file for named deals)."""
    default_fixtures = sorted(fixtures_dir().glob("*.yaml")) if fixtures_dir().is_dir() else []
    if paths is None:
        features = sorted(features_dir().glob("*.feature"))
        return features, default_fixtures, default_fixtures
    features, fixtures = [], []
    for p in map(Path, paths):
        if p.is_dir():
            features += sorted(p.glob("*.feature"))
            fixtures += sorted(p.glob("*.yaml")) + sorted((p / "fixtures").glob("*.yaml"))
        elif p.suffix == ".feature":
            features.append(p)
        elif p.suffix in (".yaml", ".yml"):
            fixtures.append(p)
        elif not p.exists():
            raise ScenarioError(f"{p}: no such file or directory")
        else:
            raise ScenarioError(f"{p}: not a .feature file, a fixture .yaml or a directory")
    every = list({f.resolve(): f for f in [*fixtures, *default_fixtures]}.values())
    return features, fixtures, every


def load_scenarios(
    paths: Sequence[str | Path] | None = None, rulesets: Sequence[str] | None = None
) -> list[Scenario]:
    """Every scenario of the feature files and fixture cases, one per ruleset it applies to.

    ``paths``: feature files, fixture files or directories (default: the suite in
    ``phomspec.paths.features_dir()``). ``rulesets``: keep only scenarios run under these.
    Raise :class:`ScenarioError` (file:line and what to do) for a malformed scenario.
    """
    if rulesets is not None:
        unknown = [r for r in rulesets if r not in _known_rulesets()]
        if unknown:
            raise ScenarioError(
                f"unknown ruleset {unknown[0]!r}; known: {', '.join(_known_rulesets())}"
            )
    features, fixtures, every = _discover(paths)
    index = load_fixture_index(every)
    raws: list[RawCase] = []
    for f in features:
        raws += _parse_feature(f)
    for f in fixtures:
        raws += load_fixture_file(f, index.deals).cases
    out: list[Scenario] = []
    seen: dict[str, str] = {}
    for raw in raws:
        compiled = _compile(raw, index)
        if compiled:
            base = compiled[0].base_id
            if base in seen:
                raise ScenarioError(
                    f"{raw.source}:{raw.line}: scenario id {base!r} is already used at"
                    f" {seen[base]};"
                    " ids are unique and never reused"
                )
            seen[base] = f"{raw.source}:{raw.line}"
        out += compiled
    if rulesets is not None:
        out = [s for s in out if s.ruleset in rulesets]
    return out


def parse_card_list(text: str) -> list[str]:
    """Canonical codes of a space-separated card list (for tools and tests)."""
    try:
        return [format_card(parse_card(t)) for t in text.split()]
    except NotationError as e:
        raise ScenarioError(str(e)) from None
