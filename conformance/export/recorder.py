"""Recording a scenario as plain data: the requests it sends and the checks on the replies.

A :class:`Recorder` is played like :class:`conformance.suite.play.Play`, step by step, but
sends nothing: it writes down, in the order the harness would do it, every request (an
``send`` op with its reference number) and every check on a reply (a ``check`` op). The
Given and When steps run their own handlers on it (they only build the table and send
actions); each Then step has a translator (:mod:`conformance.export.translate`) that asks
the recorder for the replies it reads and adds the checks its handler makes.

The order and the conditions are those of ``Play``: ``new_game`` is sent with the first
step that needs the game, after the support check; an action is checked as accepted when
its reply is read without a step asserting it; every query is read after the outstanding
actions; a query the implementation does not declare skips the scenario, except the two
``state`` queries the harness makes only when it can (before an action the next step
expects refused, and at the end of the scenario), which are left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from conformance.errors import ScenarioError
from conformance.reports.paths import suite_relative
from conformance.suite.model import Scenario, StepError
from conformance.suite.play import Play, Setup, Transcript

Op = dict[str, Any]
#: A selection pipeline: keys, indexes, and ``{"where"|"map"|"view": ...}`` steps.
Select = list[Any]


class NotExportable(Exception):
    """A step the plain-data form cannot express (the scenario needs the Python harness)."""


@dataclass
class _Sent:
    ref: int
    label: str
    index: int | None
    action: dict[str, Any]
    asserted: bool = False
    before: int | None = None


class Recorder:
    """A scenario played into ops: ``send``, ``check``, ``support`` and ``error``."""

    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.setup = Setup(
            fixtures=scenario.fixtures,
            expect_refusal=any(s.definition.refusal for s in scenario.steps),
        )
        self.ops: list[Op] = []
        self.step_label = ""
        self.index: int | None = None
        self.game: str | None = None
        self.noted_state: int | None = None
        self._refs = 0
        self._start: tuple[str, int] | None = None
        self._start_settled = False
        self._sent: list[_Sent] = []
        self._settled = 0
        self._support_checked = False
        # Play's own rule for the clause a failure is reported under (Play.clause_for).
        self._clauses = Play(None, scenario, Transcript(scenario.id))  # type: ignore[arg-type]

    # -- steps ---------------------------------------------------------------------------------

    def begin(self, index: int) -> None:
        self.index = index
        self._clauses.index = index
        self.step_label = suite_relative(self.scenario.steps[index].label)

    def clause_for(self, implied: str | None = None, index: int | None = None) -> str | None:
        return self._clauses.clause_for(implied, index)

    # -- ops -----------------------------------------------------------------------------------

    def send(self, request: dict[str, Any], query: str | None = None, optional: bool = False
             ) -> int:
        """Write down one request; its reference number. ``query``: the optional query it is
        (the scenario is skipped where the implementation lacks it, or with ``optional`` the
        request is left out, with every check on its reply)."""
        if not self._support_checked:  # before the scenario's first request, whatever sends it
            self.support()
        ref = self._refs
        self._refs += 1
        op: Op = {"op": "send", "ref": ref, "step": self.step_label, "request": request}
        if query is not None:
            op["query"] = query
            op["if_absent"] = "omit" if optional else "skip"
        self.ops.append(op)
        return ref

    def check(self, ref: int, select: Select, test: str, expected: Any = None, *,
              implied: str | None = None, clause: str | None = None, label: str | None = None,
              **fields: Any) -> None:
        """A check on the reply ``ref``: the value ``select`` picks, tested by ``test``.
        ``expected`` is what a failure shows as expected; ``clause`` (as is) or ``implied``
        (resolved as Play.clause_for does) is the clause a failure is reported under."""
        op: Op = {"op": "check", "ref": ref, "select": list(select), "test": test, **fields}
        op["step"] = label if label is not None else self.step_label
        op["clause"] = clause if clause is not None else self.clause_for(implied)
        if expected is not None:
            op["expected"] = expected
        self.ops.append(op)

    def reply_check(self, ref: int, want: str, expected: str, *, skip_unsupported: bool,
                    label: str | None = None, clause: str | None = None, **fields: Any) -> None:
        """A check on the kind of reply: ``want`` ok / accepted / rejected / error / any."""
        extra = {"unsupported": "skip"} if skip_unsupported else {}
        self.check(ref, [], "reply", expected, label=label, clause=clause, want=want,
                   **extra, **fields)

    def support(self) -> None:
        """The support check of Play.check_support: skipped unless the hello allows it."""
        self._support_checked = True
        self.ops.append({"op": "support", "step": self.step_label})

    def error(self, message: str) -> None:
        """The scenario itself is wrong here: the outcome is ``error``."""
        self.ops.append({"op": "error", "step": self.step_label, "message": message})

    # -- the game (Play's API, recorded) -----------------------------------------------------

    def start(self) -> None:
        if self._start is not None:
            return
        try:
            dealt = self.setup.deal_message()
        except StepError as e:
            raise ScenarioError(f"{self.step_label}: {e}") from None
        self.support()
        message = self.setup.new_game(self.scenario, dealt)
        self.game = message["game"]
        self._start = (self.step_label, self.send(message))

    def start_reply(self) -> int:
        self.start()
        assert self._start is not None
        return self._start[1]

    def _rejection_follows(self) -> bool:
        steps = self.scenario.steps
        i = 0 if self.index is None else self.index + 1
        return self.index is not None and i < len(steps) and steps[i].definition.rejection

    def act(self, seat: int, action: dict[str, Any]) -> None:
        self.start()
        before = self.state(optional=True) if self._rejection_follows() else None
        ref = self.send({"type": "apply", "game": self.game, "seat": seat, "action": action})
        self._sent.append(_Sent(ref, self.step_label, self.index, action, before=before))

    def settle(self) -> None:
        if self._start is None:
            return
        if not self._start_settled:
            self._start_settled = True
            if not self.setup.expect_refusal:
                label, ref = self._start
                self.reply_check(ref, "ok", "the game starts", skip_unsupported=True,
                                 label=label, clause=self.clause_for(), setup=True)
        while self._settled < len(self._sent):
            sent = self._sent[self._settled]
            self._settled += 1
            if sent.asserted:
                self.reply_check(sent.ref, "any", "a reply", skip_unsupported=True,
                                 label=sent.label, clause=self.clause_for())
            else:
                # played unchecked: a refusal is the setup's (conformance.suite.blame)
                self.reply_check(sent.ref, "accepted", "accepted", skip_unsupported=True,
                                 label=sent.label, clause=self.clause_for(index=sent.index),
                                 setup=True)

    def last_action(self) -> _Sent:
        if not self._sent:
            raise ScenarioError(f"{self.step_label}: no action was played before this step")
        return self._sent[-1]

    def last_sent(self) -> tuple[int, dict[str, Any]] | None:
        """The reference and the action of the latest action sent, if any (not asserted)."""
        return (self._sent[-1].ref, self._sent[-1].action) if self._sent else None

    def last_reply(self) -> int:
        """The reference of the latest action's reply, which the running step asserts on."""
        sent = self.last_action()
        sent.asserted = True
        self.settle()
        return sent.ref

    def check_unchanged(self) -> None:
        sent = self.last_action()
        if sent.before is None:
            return
        now = self.state(optional=True)
        self.check(now, ["state"], "equal", "the state unchanged by the refused action",
                   clause="INV.REJECT-UNCHANGED", against={"ref": sent.before, "select": ["state"]})

    def query(self, kind: str, optional: bool = False) -> int:
        self.start()
        self.settle()
        ref = self.send({"type": kind, "game": self.game}, query=kind, optional=optional)
        self.reply_check(ref, "ok", f"a {kind} reply", skip_unsupported=True)
        return ref

    def state(self, optional: bool = False) -> int:
        ref = self.query("state", optional=optional)
        self.check(ref, ["state"], "object", "a state")
        return ref

    def result(self) -> int:
        """A result query whose result must be there (the game is over)."""
        ref = self.query("result")
        self.check(ref, ["result"], "object", "the game is over (a result)")
        return ref

    def request(self, message: dict[str, Any]) -> int:
        """A request outside any game (next_game, evaluate), read at once."""
        return self.send(message)

    def finish(self) -> None:
        if self._start is None and self.setup.is_empty:
            return
        self.start()
        self.settle()
        if self.setup.expect_refusal:
            return
        ref = self.state(optional=True)
        label = f"{self.step_label} (end of the scenario)"
        self.check(ref, ["state", {"view": "misplaced"}], "null",
                   "the 52 cards, each in one place", clause="INV.52-CARDS", label=label)
        self.check(ref, ["state", "money", {"view": "sum"}], "equal", "money summing to zero",
                   clause="INV.ZERO-SUM", label=label, value=0)


def cards_value(cards: Sequence[str]) -> list[str]:
    """Card codes as the checks compare them (canonical codes, in order)."""
    return [str(c) for c in cards]
