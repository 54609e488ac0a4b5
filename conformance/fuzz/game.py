"""One fuzz game against an implementation, kept going after its divergences.

The reference plays the game (:mod:`.generate`) and :func:`.lockstep.replay` compares it.
After a divergence that leaves both sides in the same state, the game goes on with actions
both accept: an action listed or accepted by one side only is left out (the reference plays
another one from that decision on, or the probe the implementation accepted is dropped), a
different reason code or other payments change nothing to play. The game is then replayed
from its start, and compared from that point on. It stops only when the states differ (other
consequences of an accepted action, another start), and says so.

Under a profile whose engine chooses by itself (``lay_down: auto``, ``eat: bare``), a choice
of the implementation's that the rules allow is adopted: the reference plays the same
choice and the game goes on from the next decision (:class:`.lockstep.Adopted`).

Each divergence is filed under the rule that decides it (:mod:`.deciding`); one that depends
on a declared reading the reference cannot play is left out and counted
(:meth:`.offer.RulesetOffer.left_out_by`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from conformance.fuzz.divergence import ERROR, EVENTS, LEGAL, RESULT, RULING, Divergence
from conformance.fuzz.generate import play, play_on
from conformance.fuzz.lockstep import START, Carry, Resume, replay
from conformance.fuzz.offer import RulesetOffer
from conformance.fuzz.plan import GamePlan
from conformance.fuzz.script import Decision, GameScript
from conformance.fuzz.shape import read_action
from conformance.protocol import Driver
from conformance.protocol.compare import Unreadable
from reference_impl.actions import Action

#: A game stops after this many divergences (each one that changes what is played replays
#: the game once more).
MAX_DIVERGENCES = 40


@dataclass(frozen=True)
class Found:
    """One divergence, the game as played when it was found, and the declared reading it
    depends on when the reference cannot play that reading (then it is not counted)."""

    divergence: Divergence
    script: GameScript
    left_out: str | None = None


@dataclass
class GameTrace:
    """What one game found: its divergences, why it stopped early (None: it did not), the
    rulings that matched, the probes answered ``unsupported``."""

    script: GameScript
    found: list[Found] = field(default_factory=list)
    stopped: str | None = None
    decisions: int = 0
    unsupported: int = 0

    @property
    def divergences(self) -> list[Found]:
        return [f for f in self.found if f.left_out is None]

    @property
    def left_out(self) -> list[Found]:
        return [f for f in self.found if f.left_out is not None]


def play_against(driver: Driver, plan: GamePlan, queries: frozenset[str],
                 entry: RulesetOffer | None = None, game_id: str = "fuzz",
                 script: GameScript | None = None,
                 meanwhile: Callable[[], object] | None = None) -> GameTrace:
    """Play ``plan`` on the reference (unless ``script`` is that game, played already) and in
    lockstep on ``driver``, to the end of the game or until the two states differ;
    ``meanwhile`` runs once while the implementation answers (:func:`.lockstep.replay`)."""
    script = script or play(plan)
    trace = GameTrace(script)
    carry = Carry()
    resume: Resume = START
    avoid: dict[int, set[Action]] = {}
    # The whole game is sent at once; once the implementation made a choice of its own, it
    # is sent a shaped decision at a time, and later choices go on in the same game.
    chunked = False

    def go_on(now: GameScript, k: int, decision: Decision) -> GameScript | None:
        for later in [i for i in avoid if i > k]:
            del avoid[later]
        return play_on(plan, (*now.decisions[:k], decision))

    while True:
        out = replay(driver, script, game_id, queries, attribute=False, resume=resume,
                     carry=carry, keep_going=True, go_on=go_on if chunked else None,
                     meanwhile=meanwhile)
        meanwhile = None
        script = out.script or script
        trace.decisions += out.decisions
        trace.unsupported += len(out.unsupported)
        trace.script = script
        if out.divergences:
            from conformance.fuzz.deciding import decide  # loaded at the first divergence
        for div in out.divergences:
            for part in decide(div, script):
                reading = entry.left_out_by(part.clauses) if entry is not None else None
                trace.found.append(Found(part, script, reading))
        if out.complete:
            return trace  # compared to the end, past every divergence
        if len(trace.found) >= MAX_DIVERGENCES:
            trace.stopped = f"stopped after {MAX_DIVERGENCES} divergences"
            return trace
        going: tuple[GameScript, Resume] | str | None
        if out.adopted is not None:
            chunked = True
            going = _adopt(plan, script, out.adopted.step, out.adopted.decision, avoid)
        else:
            going = _go_on(plan, script, out.divergences[-1], avoid)
        if going is None:
            return trace
        if isinstance(going, str):
            trace.stopped = going
            return trace
        script, resume = going


def _actions(raw: list[object]) -> set[Action]:
    out = set()
    for a in raw:
        try:
            out.add(read_action(a))
        except (Unreadable, ValueError, TypeError, KeyError):
            continue
    return out


def _go_on(plan: GamePlan, script: GameScript, div: Divergence, avoid: dict[int, set[Action]]
           ) -> tuple[GameScript, Resume] | str | None:
    """How the game goes on after ``div``: the script and where to compare from, a reason to
    stop, or None (the game is over)."""
    k = div.step
    if div.kind == RESULT or div.results is not None:
        return None  # the game is over: its result was compared
    where = f"decision {k}" if k >= 0 else "the deal"
    if not div.same_state:
        return f"stopped at {where}: the states differ ({div.message})"
    if div.kind == EVENTS:  # other payments only
        return script, (k + 1, 0)
    d = script.decisions[k]
    if div.kind == LEGAL or div.request == LEGAL:
        missing = (div.expected or {}).get("missing") if div.kind == LEGAL else None
        refused = avoid.setdefault(k, set()) | _actions(list(missing or []))
        avoid[k] = refused
        if read_action(d.action) not in refused:
            return script, (k, 1)
        return _replan(plan, script, k, refused)
    if div.kind in (RULING, ERROR) and d.accepted:  # a legal action the implementation refused
        refused = avoid.setdefault(k, set())
        refused.add(read_action(d.action))
        return _replan(plan, script, k, refused)
    if div.kind == RULING and (div.actual or {}).get("ruling") == "accepted":
        # A probe the implementation accepted: the game goes on without it.
        for later in [i for i in avoid if i >= k]:
            del avoid[later]
        return replace(script, decisions=script.decisions[:k] + script.decisions[k + 1:]), (k, 0)
    return script, (k + 1, 0)


def _adopt(plan: GamePlan, script: GameScript, k: int, decision: Decision,
           avoid: dict[int, set[Action]]) -> tuple[GameScript, Resume] | str:
    """The game going on after the implementation's choice at decision ``k``, adopted."""
    for later in [i for i in avoid if i > k]:
        del avoid[later]
    again = play_on(plan, (*script.decisions[:k], decision))
    if again is None:  # pragma: no cover - the game after an accepted move has a next action
        return f"stopped at decision {k + 1}: no legal action is left after the adopted choice"
    return again, (k + 1, 0)


def _replan(plan: GamePlan, script: GameScript, k: int, refused: set[Action]
            ) -> tuple[GameScript, Resume] | str:
    again = play_on(plan, script.decisions[:k], frozenset(refused))
    if again is None:
        return f"stopped at decision {k}: no legal action that both sides accept is left"
    return again, (k, 1)
