"""Playing a scenario against a driver: the Play the steps act and check on (on the Setup
the Given steps build, :mod:`conformance.suite.setup`), and the Transcript of what was said.

:class:`Play` is the API of the step library (:mod:`conformance.suite.steps`): actions are
pipelined (:meth:`Play.act` sends, a check reads), queries read every outstanding reply
first, and a failure names the running step and the clause it checks. The executor knows
which step runs by its position in the scenario (:meth:`Play.begin`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from conformance.errors import ScenarioError, ScenarioSkipped, StepFailure
from conformance.protocol import Driver, Pending
from conformance.suite.blame import SetupRefused, action_line, refused_on_reference
from conformance.suite.cards import misplaced_cards
from conformance.suite.expressible import moves, shape_problem, unexpressed
from conformance.suite.mirror import Mirror, NotExpressed, needs_mirror
from conformance.suite.model import Scenario, Step, StepError
from conformance.suite.profile import of_hello
from conformance.suite.setup import Setup
from conformance.suite.support import unsupported
from reference_impl.action_text import action_words


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
    #: The steps left unchecked because the profile in force cannot express them, each with
    #: the reason (spec/protocol.md 8).
    unchecked: list[str] = field(default_factory=list)

    def to_jsonable(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "steps": list(self.steps),
            "exchanges": [
                {"step": x.step, "request": x.request, "reply": x.reply} for x in self.exchanges
            ],
        }


# ---------------------------------------------------------------------------------------------
# Running: the game against a driver


@dataclass
class Sent:
    """An action sent under a step, its reply once read, and the state before it (if noted)."""

    label: str
    seat: int
    action: dict[str, Any]
    pending: Pending
    exchange: Exchange
    asserted: bool = False
    reply: dict[str, Any] | None = None
    before: dict[str, Any] | None = None
    #: The position of the sending step in the scenario.
    index: int | None = None
    #: The scenario's actions this request plays (under a profile: an eat with its partners,
    #: the lay-downs and sends before a discard).
    scripted: tuple[dict[str, Any], ...] = ()
    #: The position of the action among the scenario's actions (expressible.timeline).
    move: int = 0


def run_scenario(
    scenario: Scenario, driver: Driver, transcript: Transcript | None = None
) -> Transcript:
    """Play the steps of ``scenario`` through ``driver``; raise StepFailure / ScenarioSkipped
    / ImplError, or ScenarioError when the reference too refuses its setup. The exception, if
    any, carries the transcript so far as ``.transcript``."""
    transcript = transcript if transcript is not None else Transcript(scenario.id)
    play = Play(driver, scenario, transcript)
    try:
        for index, step in enumerate(scenario.steps):
            play.begin(index)
            play.run_step(step)
        play.finish()
        play.check_expressed()
    except SetupRefused as e:
        e.transcript = transcript  # type: ignore[attr-defined]
        error = refused_on_reference(scenario)
        if error is None:
            raise
        error.transcript = transcript  # type: ignore[attr-defined]
        raise error from None
    except BaseException as e:
        e.transcript = transcript  # type: ignore[attr-defined]
        raise
    return transcript


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
        #: Position of the running step in ``scenario.steps`` (None before the first).
        self.index: int | None = None
        self.game: str | None = None
        self.events: list[dict[str, Any]] = []
        self.noted_state: dict[str, Any] | None = None
        self._start: tuple[str, Pending, Exchange] | None = None
        self._start_reply: dict[str, Any] | None = None
        self._sent: list[Sent] = []
        self._settled = 0
        self._support_checked = False
        #: The profile the implementation declared (spec/protocol.md 8), and the scenario's
        #: game on the reference beside it when that profile makes choices of its own.
        self.shape = of_hello(getattr(driver, "hello", None))
        self.profile = self.shape.profile
        self.mirror: Mirror | None = None
        self._checked = 0
        self._moves = 0

    # -- steps ---------------------------------------------------------------------------

    def begin(self, index: int, label: str | None = None) -> None:
        """Step number ``index`` of the scenario starts; ``label`` (default: the step's own)
        names it in failures and in the transcript."""
        step = self.scenario.steps[index]
        self.index = index
        self.step_label = label if label is not None else step.label
        self.transcript.steps.append(self.step_label)

    def run_step(self, step: Step) -> None:
        """Run the current step; a check the profile in force cannot express is noted in
        the transcript's ``unchecked``, not run."""
        why = unexpressed(step, self.profile) if step.definition.kind == "then" else None
        try:
            if why is not None:
                raise NotExpressed(why)
            step.definition.run(self, step.args)
        except NotExpressed as e:
            self.transcript.unchecked.append(f"{self.step_label}: {e}")
            return
        if step.definition.kind == "then" and step.definition.shape != "ruling":
            self._checked += 1

    def partly_unchecked(self, what: str) -> None:
        """Note a part of the current step that the profile in force cannot express."""
        self.transcript.unchecked.append(f"{self.step_label}: {what}")

    def check_expressed(self) -> None:
        """At the end: ScenarioSkipped when the profile left every check of the scenario
        unchecked."""
        if self.transcript.unchecked and not self._checked:
            raise ScenarioSkipped("not checked under the implementation's profile: "
                                  + "; ".join(self.transcript.unchecked))

    def synced_mirror(self) -> Mirror | None:
        """The reference's game beside the implementation's, caught up with every reply."""
        if self.mirror is not None:
            self.settle()
        return self.mirror

    def deferred(self) -> bool:
        """Whether the last action of the scenario waits for the discard that plays it
        (lay_down: auto): its ruling is that discard's."""
        return self.mirror is not None and bool(self.mirror.buffered)

    @property
    def next_index(self) -> int:
        """The position of the step after the running one (0 before the first)."""
        return 0 if self.index is None else self.index + 1

    def _rejection_follows(self) -> bool:
        """Whether the step after the current one asserts that the last action is refused."""
        steps, i = self.scenario.steps, self.next_index
        return self.index is not None and i < len(steps) and steps[i].definition.rejection

    def answers(self, query: str) -> bool:
        hello = getattr(self.driver, "hello", None)
        return not isinstance(hello, dict) or query in (hello.get("queries") or [])

    def clause_for(self, implied: str | None = None, index: int | None = None) -> str | None:
        """The clause a failure of the current step (or of step number ``index``) is
        reported under: the one the step names; else the first clause the step implies
        ("A|B" for several) that the scenario checks; else the scenario's first clause."""
        index = self.index if index is None else index
        step = self.scenario.steps[index] if index is not None else None
        if step is not None and step.clause:
            return step.clause
        own = step.definition.clause if step is not None else None
        options = (implied or own or "").split("|")
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
        if not self._support_checked:  # whatever step sends first (a next_game query, say)
            self.check_support()
        exchange = Exchange(self.step_label, dict(message))
        self.transcript.exchanges.append(exchange)
        return self.driver.send(message), exchange

    @staticmethod
    def _read(pending: Pending, exchange: Exchange) -> dict[str, Any]:
        reply = pending.result()
        exchange.reply = reply
        return reply

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send one message under the current step and return its reply (not checked)."""
        return self._read(*self._send(message))

    def check_support(self) -> None:
        """Raise ScenarioSkipped when the implementation's hello rules the scenario out
        (checked before the scenario's first request)."""
        self._support_checked = True
        hello = getattr(self.driver, "hello", None)
        if not isinstance(hello, dict):
            return
        players = self.setup.players or self.scenario.players
        why = unsupported(
            self.shape.hello, self.scenario, players, self.setup.options,
            self.setup.expect_refusal,
        ) or shape_problem(self.scenario, self.profile)
        if why:
            raise ScenarioSkipped(why)

    def start(self) -> None:
        """Send new_game (once), without waiting for the reply."""
        if self._start is not None:
            return
        label = self.step_label
        try:
            dealt = self.setup.deal_message()
        except StepError as e:
            raise ScenarioError(f"{label}: {e}") from None
        self.check_support()
        if self.setup.named_ruleset and self.setup.named_ruleset != self.scenario.ruleset:
            raise ScenarioError(
                f"{label}: the game names ruleset {self.setup.named_ruleset!r} but the scenario"
                f" runs under {self.scenario.ruleset!r}; fix its @ruleset tag"
            )
        message = self.setup.new_game(self.scenario, dealt)
        self.game = message["game"]
        if needs_mirror(self.profile) and not self.setup.expect_refusal:
            self.mirror = Mirror.build(message, self.shape)
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
            actual = f"error {error.get('code')}: {error.get('message')}"
            where = f"{self.scenario.source}:{self.scenario.line}"
            raise SetupRefused(self._start[0], where, f"new_game is refused ({actual})",
                               "the game starts", actual, self.clause_for())

    def act(self, seat: int, action: dict[str, Any]) -> None:
        """Send one action (pipelined: the reply is read when an expectation needs it).

        Before an action that the next step expects to be refused, the state is noted, so
        that the refusal can be checked to change nothing (INV.REJECT-UNCHANGED).
        """
        self.start()
        scripted: tuple[dict[str, Any], ...] = (action,)
        move = self._moves
        self._moves += 1
        if self.mirror is not None:
            if self.profile.u == "claimed":
                self.settle()  # a claim may be due after the last action (Mirror.claim_due)
            if self._rejection_follows():
                self.settle()
                why = self.mirror.refusal_point(seat, action, self._expected_codes())
                if why:
                    raise ScenarioSkipped(f"{self.step_label}: {why}")
            out, scripted = self.mirror.outgoing(action)
            if out is None:
                return  # the implementation lays down and sends itself, with the discard
            action = out
        before = None
        if self._rejection_follows() and self.answers("state"):
            before = self.state()
        pending, exchange = self._send(
            {"type": "apply", "game": self.game, "seat": seat, "action": action}
        )
        self._sent.append(Sent(self.step_label, seat, action, pending, exchange, before=before,
                               scripted=scripted, move=move, index=self.index))

    def _expected_codes(self) -> tuple[str, ...]:
        """The reason codes the next step expects the last action refused with."""
        code = self.scenario.steps[self.next_index].args.get("code")
        return tuple(str(code).split(" or ")) if code else ()

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
                    self._refused(sent, f"error {error.get('code')}: {error.get('message')}")
                continue
            if reply.get("ruling") == "accepted":
                events = reply.get("events") or []
                if self.mirror is not None:
                    rest = [(m.seat, m.action) for m in moves(self.scenario)[sent.move + 1:]]
                    self.mirror.follow(sent.label, sent.seat, sent.scripted, sent.action,
                                       events, sent.asserted, rest)
                    if self.mirror.claim_due(sent.label, sent.action, events):
                        events = self._claim(sent)
                self.events.extend(events)
            elif not sent.asserted:
                actual = f"rejected {reply.get('reason')} under {reply.get('clause')}"
                if reply.get("message"):
                    actual += f" ({reply['message']})"
                self._refused(sent, actual)

    def _claim(self, sent: Sent) -> list[dict[str, Any]]:
        """Under u: claimed: claim the ù that ``sent`` (a draw or eat) made, now; the
        scenario reads the two replies as one (:meth:`Mirror.claimed`)."""
        assert self.mirror is not None and sent.reply is not None
        claim = {"type": "apply", "game": self.game, "seat": sent.seat, "action": {"type": "u"}}
        exchange = Exchange(sent.label, dict(claim))
        self.transcript.exchanges.append(exchange)
        got = self._read(self.driver.send(claim), exchange)
        sent.reply = self.mirror.claimed(sent.label, sent.reply, got)
        return list(sent.reply["events"])

    def _refused(self, sent: Sent, actual: str) -> None:
        """An action played without a check was refused: the scenario cannot go on."""
        where = sent.label
        if sent.index is not None:
            step = self.scenario.steps[sent.index]
            earlier = self._sent[: self._sent.index(sent)]
            nth = sum(1 for x in earlier if x.index == sent.index)
            where = f"{step.where.rsplit(':', 1)[0]}:{action_line(step, nth)}"
        what = f"seat {sent.seat} {action_words(sent.action, third=True)} is {actual}"
        raise SetupRefused(sent.label, where, what, "accepted", actual,
                           self.clause_for(index=sent.index))

    def last_action(self) -> Sent:
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
        if not self.answers(kind):
            raise ScenarioSkipped(f"the implementation does not answer the query {kind!r}")
        reply = self.request({"type": kind, "game": self.game})
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
        INV.ZERO-SUM) when the implementation answers the state query. A scenario that set
        no table up and started no game (questions only) plays none."""
        if self._start is None and self.setup.is_empty:
            return
        self.start()
        self.settle()
        if self.setup.expect_refusal or not self.answers("state"):
            return
        state = self.state()
        label = f"{self.step_label} (end of the scenario)"
        problem = misplaced_cards(state)
        if problem:
            raise StepFailure(label, "the 52 cards, each in one place", problem, "INV.52-CARDS")
        money = state.get("money") or []
        if sum(money) != 0:
            raise StepFailure(label, "money summing to zero", money, "INV.ZERO-SUM")

