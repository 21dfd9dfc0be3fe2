"""Differential testing: an implementation under test and the model, played side by side.

The oracle drives both through the same game (oracle/adapter.py has the protocol). At every
position, from the start and after every step, it compares

1. whose turn it is (a side, chance or terminal),
2. the set of legal actions (as sets: an implementation may list them in another order; at a
   chance node, the set of outcomes),
3. the canonical state (``State.canonical()``), reported as a minimal path-by-path difference;

then it picks the next action from the model's legal actions (a choice, or a chance outcome drawn
with the model's probabilities: the implementation never rolls its own dice), applies it to both,
and goes on until the game ends. The first disagreement ends the game. Two ways of choosing:

* ``random``: seeded uniform choices, game ``g`` of a campaign seeded ``seed * 1000 + g``;
* ``hypothesis``: the choices are drawn by hypothesis, so that when a game disagrees, hypothesis
  shrinks it to a simpler game (fewer and earlier-listed choices) that still disagrees, within the
  time budget, before it is reported.

A verdict names its kind: ``agree`` (no disagreement in any game), ``disagreement`` (the rules,
as the two implementations play them, differ: player, legal actions, state, or the implementation
refused an action both held legal), or a failure of the other process: ``timeout``, ``crash``,
``oversized``, ``malformed``, ``protocol`` (oracle/adapter.py); a run that compared no step (the
budget ran out first, a position or trace with no step to play) is ``undetermined``, never an
agreement (issue 28.4); with ``refine`` (``--refinement``) the reference side's own steps are
checked against the game's proved transitions too (properties/refinement.py), and a step of the
model that none explains is a ``refinement`` finding. Every non-agreeing verdict names
the game, the step and the rule asked or applied there, and comes with the actions that reproduce
it (written as a trace by the CLI).
"""
from __future__ import annotations

import json
import marshal
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.core.registry import DEFAULT_GAME
from cdg_oracle.oracle import statediff, trace
from cdg_oracle.oracle.adapter import ImplFailure, Implementation, OutOfBudget, position_of, state_of
from cdg_oracle.oracle.games import carried_options, new_state, scenarios, start_state
from cdg_oracle.oracle.textsafe import printable
from cdg_oracle.properties.hypothesis_runs import isolated
from cdg_oracle.properties.sampling import sample_chance

KINDS = ("agree", "disagreement", "timeout", "crash", "oversized", "malformed", "protocol", "refinement")
#: Every verdict of a run: the kinds above, and ``undetermined``: no finding, but no step compared
#: either (issue 28.4), so nothing was shown to agree.
VERDICTS = KINDS + ("undetermined",)


@dataclass
class Finding:
    """The first thing that went wrong in one game: a disagreement or a failure of the other side."""

    kind: str
    game: int
    step: int  # the number of actions applied before the position where it was found
    message: str
    what: str = ""  # "player", "legal_actions", "state", "refused", or "" for a process failure
    expected: Any = None
    found: Any = None
    diff: list = field(default_factory=list)
    rule: str = ""
    rules: list = field(default_factory=list)
    prompt: str = ""
    actions: list = field(default_factory=list)  # the actions that reproduce it, from the start
    stderr: str = ""
    scenario: str = ""  # the scenario of the game it was found in

    def __post_init__(self) -> None:
        if self.kind not in KINDS[1:]:
            raise ValueError(f"finding kind {self.kind!r}: expected one of {', '.join(KINDS[1:])}")

    def to_dict(self) -> dict:
        return {"kind": self.kind, "game": self.game, "step": self.step, "message": self.message,
                "what": self.what, "expected": self.expected, "found": self.found, "diff": self.diff,
                "rule": self.rule, "rules": self.rules, "prompt": self.prompt,
                "actions": len(self.actions), "stderr": self.stderr, "scenario": self.scenario}


@dataclass
class Result:
    """A campaign: how many games and steps agreed, and the first finding (None if all agreed)."""

    game: str
    scenario: str  # a scenario name, or "all": game g is played on the g-th scenario, in turn
    length: str
    rulings: dict
    seed: int
    strategy: str
    games: int = 0
    steps: int = 0
    seconds: float = 0.0
    finding: Finding | None = None
    names: list = field(default_factory=list)  # the scenarios played, in turn
    options: dict | None = None  # the game options of a solo game (chapter 9); None: two-player
    timeout: float = 10.0  # the per-answer limit the implementation was given
    answers: dict = field(default_factory=lambda: {"answers": 0, "seconds": 0.0, "slowest": 0.0,
                                                   "over_half_timeout": 0})
    partial: bool = False  # the budget stopped a game half-way
    position: dict | None = None  # the position every game starts from (None: the scenario's start)
    refine: bool = False  # the model's steps checked against its proved transitions too

    def slow(self) -> bool:
        """The implementation was slow: answers over half the timeout, or most of the run's time."""
        a = self.answers
        return a["over_half_timeout"] > 0 or (self.seconds > 5 and a["seconds"] > 0.8 * self.seconds)

    @property
    def verdict(self) -> str:
        if self.finding is not None:
            return self.finding.kind
        return "agree" if self.steps > 0 else "undetermined"  # nothing compared is no agreement

    def to_dict(self) -> dict:
        return {"verdict": self.verdict, "game": self.game, "scenario": self.scenario,
                "length": self.length, "rulings": self.rulings, "options": self.options, "seed": self.seed,
                "strategy": self.strategy, "games": self.games, "steps": self.steps,
                "seconds": round(self.seconds, 3), "partial": self.partial,
                "answers": self.answers, "slow": self.slow(),
                "finding": None if self.finding is None else self.finding.to_dict()}


class _Found(Exception):
    def __init__(self, finding: Finding):
        super().__init__(finding.message)
        self.finding = finding


def _where(step: int, actions: list) -> str:
    if step == 0:
        return "at the start"
    return f"after step {step - 1} ({statediff.canonical_json(actions[step - 1])})"


def compare_position(impl: Implementation, state, game: int, step: int, actions: list,
                     rules: list, answered: dict | None = None, reported: dict | None = None,
                     ours: dict | None = None) -> None:
    """Compare player, legal actions and canonical state; raise _Found at the first difference.
    ``reported``: the answer to an ``apply`` with ``report`` (protocol 2), which carries them;
    otherwise they are asked for (``legal_actions``, ``state``).

    A player or legal-action difference cites the question open now; a state difference cites
    the question the last step answered (``answered``) and the rules that step applied."""
    decision = state.decision() or {}
    rule, prompt = decision.get("rule", ""), decision.get("prompt", "")
    if reported is not None:
        player, legal = position_of(reported, "apply")
        theirs = state_of(reported, "apply")
    else:
        player, legal = impl.legal_actions()
        theirs = None
    if player != state.current_player():
        raise _Found(Finding("disagreement", game, step, f"{_where(step, actions)}: the model has {state.current_player()} "
                             f"to move, the implementation {player}", "player", state.current_player(), player,
                             rule=rule, rules=rules, prompt=prompt, actions=list(actions)))
    model_legal = state.legal_actions()
    if marshal.dumps(legal) == marshal.dumps(model_legal) or \
            statediff.canonical_json(legal) == statediff.canonical_json(model_legal):
        sd = {"missing": [], "extra": []}  # the same actions in the same order (types and key order too)
    else:
        sd = statediff.action_set_diff(model_legal, legal)
    if sd["missing"] or sd["extra"]:
        parts = []
        if sd["missing"]:
            parts.append(f"missing {len(sd['missing'])} the rules allow: {_few(sd['missing'])}")
        if sd["extra"]:
            parts.append(f"{len(sd['extra'])} the rules do not allow: {_few(sd['extra'])}")
        raise _Found(Finding("disagreement", game, step, f"{_where(step, actions)}: legal actions differ at {prompt!r} "
                             f"(rule {rule}): {'; '.join(parts)}", "legal_actions", sd["missing"], sd["extra"],
                             rule=rule, rules=rules, prompt=prompt, actions=list(actions)))
    if len(legal) != len(model_legal):
        raise _Found(Finding("disagreement", game, step, f"{_where(step, actions)}: the implementation lists "
                             f"{len(legal)} legal actions with repeats; the rules give {len(model_legal)}",
                             "legal_actions", len(model_legal), len(legal), rule=rule, rules=rules,
                             prompt=prompt, actions=list(actions)))
    if theirs is None:
        theirs = impl.state()
    if ours is None:
        ours = state.canonical()
    if theirs != ours:
        d = statediff.diff(ours, theirs)
        cited = ", ".join(rules) if rules else rule
        answered = answered or {}
        raise _Found(Finding("disagreement", game, step, f"{_where(step, actions)}: states differ in {len(d)} place(s) "
                             f"(rules applied: {cited}): " + "; ".join(statediff.render(d)[:3]), "state",
                             None, None, d, rule=answered.get("rule", ""), rules=rules,
                             prompt=answered.get("prompt", ""), actions=list(actions)))


def _few(actions: list, n: int = 5) -> str:
    text = ", ".join(statediff.canonical_json(a) for a in actions[:n])
    return text + (f", … ({len(actions) - n} more)" if len(actions) > n else "")


Chooser = Callable[[Any], Any]


class _OutOfTime(Exception):
    """The budget ran out in the middle of a game (``stop_at``): the run stops there, partial."""

    def __init__(self, steps: int):
        super().__init__(f"out of time after {steps} steps")
        self.steps = steps


class _StopRun(BaseException):
    """The budget ran out in a hypothesis run before any finding: a BaseException, so that
    hypothesis neither counts it as a failure nor replays the example, but stops."""


def play_game(impl: Implementation, game: str, scenario: str, length: str, rulings: dict, seed: int,
              index: int, choose: Chooser, max_steps: int, options: dict | None = None,
              stop_at: float | None = None, position: dict | None = None, refine: bool = False) -> int:
    """One game side by side; returns its number of steps, raises _Found at the first finding.
    ``refine``: the model's steps are also checked against its proved transitions.
    ``options``: the game options (a solo game, chapter 9; None: two-player); ``stop_at``: a
    ``time.monotonic()`` deadline after which the game stops half-way (raises _OutOfTime);
    ``position``: a position document both start from (None: the scenario's start)."""
    state = start_state(game, scenario, length, rulings, options, position)
    actions: list = []
    rules: list = []
    compared = 0  # the steps whose position has been compared in full
    observer = None
    if refine:
        from cdg_oracle.properties.refinement import StepObserver  # z3: only when asked for

        observer = StepObserver(state, scenario, seed)
    try:
        impl.reset(game, scenario, length, state.rulings_dict(), seed, state.options(), position)
        compare_position(impl, state, index, 0, actions, rules)
        while not state.is_terminal() and len(actions) < max_steps:
            if stop_at is not None and time.monotonic() > stop_at:
                raise _OutOfTime(len(actions))
            action = choose(state)
            decision = state.decision() or {}
            req = impl.send_apply(action)
            state.apply(action)  # the model takes its step while the implementation takes its own
            ours = state.canonical()
            resp = impl.receive(req)
            if not resp["ok"]:
                raise _Found(Finding("disagreement", index, len(actions), f"{_where(len(actions), actions)}: "
                                     f"the implementation refused {statediff.canonical_json(action)}, which both "
                                     f"list as legal: {resp['error'][:200]}", "refused", action, resp["error"],
                                     rule=decision.get("rule", ""), prompt=decision.get("prompt", ""),
                                     actions=list(actions) + [action]))
            actions.append(action)
            rules = state.applied_rules()
            if observer is not None:
                observer.observe(state, action)
                if observer.finding is not None:
                    raise _Found(Finding("refinement", index, len(actions) - 1,
                                         f"{_where(len(actions) - 1, actions)}: the model's own step: "
                                         f"{observer.finding.line()}", rule=decision.get("rule", ""),
                                         prompt=decision.get("prompt", ""), actions=list(actions)))
            compare_position(impl, state, index, len(actions), actions, rules, decision,
                             resp if impl.protocol >= 2 else None, ours)
            compared = len(actions)
    except OutOfBudget:  # the budget ended a wait on the implementation: the run stops, partial
        raise _OutOfTime(compared) from None
    except ImplFailure as e:
        decision = state.decision() or {}
        raise _Found(Finding(e.kind, index, len(actions), f"{_where(len(actions), actions)}: {e.message}",
                             rule=decision.get("rule", ""), prompt=decision.get("prompt", ""),
                             actions=list(actions), stderr=e.stderr_tail, scenario=scenario)) from None
    except _Found as f:
        f.finding.scenario = scenario
        raise
    return len(actions)


def random_chooser(rng: random.Random) -> Chooser:
    def choose(state):
        if state.current_player() == "chance":
            return sample_chance(rng, state.chance_outcomes())
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]
    return choose


class Session:
    """An implementation process that is restarted when it dies (or after a failure)."""

    def __init__(self, command, timeout: float, max_line: int, deadline: float | None = None):
        self.command, self.timeout, self.max_line = command, timeout, max_line
        self.deadline = deadline  # the end of the run's budget (time.monotonic()): no wait lasts past it
        self.impl: Implementation | None = None
        self.answers = {"answers": 0, "seconds": 0.0, "slowest": 0.0, "over_half_timeout": 0}

    def get(self) -> Implementation:
        if self.impl is None or self.impl.proc.poll() is not None:
            self.close()
            self.impl = Implementation(self.command, self.timeout, self.max_line)
            self.impl.deadline = self.deadline
        return self.impl

    def _absorb(self) -> None:
        """Add the ending process's answer times to the session's."""
        s = self.impl.slowness()
        a = self.answers
        a["answers"] += s["answers"]
        a["seconds"] = round(a["seconds"] + s["seconds"], 3)
        a["slowest"] = max(a["slowest"], s["slowest"])
        a["over_half_timeout"] += s["over_half_timeout"]

    def discard(self) -> None:
        """After a failure the process is in an unknown state: kill it, start afresh next time."""
        if self.impl is not None:
            self._absorb()
            self.impl._kill()
            self.impl.close()
            self.impl = None

    def close(self) -> None:
        if self.impl is not None:
            self._absorb()
            self.impl.close()
            self.impl = None


def run(command, game: str = DEFAULT_GAME, scenario: str | None = None, length: str = "standard",
        rulings: dict | None = None, games: int = 10, seed: int = 0, strategy: str = "random",
        timeout: float = 10.0, max_line: int = 4_000_000, max_steps: int = 100_000,
        budget: float | None = None, progress: Callable | None = None,
        options: dict | None = None, position: dict | None = None, refine: bool = False,
        jobs: int | str = 1) -> Result:
    """A difftest campaign of up to ``games`` games (and at most ``budget`` seconds, if given);
    ``jobs``: where the random strategy's games run (properties/pool.py: local worker processes or
    a Dask scheduler; with more than one process, one implementation process per game, and the
    verdict, the games, the steps and the finding are those of one process: the games are merged
    in their order and the first finding in that order is the run's);
    ``refine``: the reference side's steps checked against the proved transitions too;
    ``options`` are the game options (a solo game, chapter 9; None: two-player); ``position`` a
    position document every game starts from (its header gives the scenario, length, rulings and
    options; docs/positions.md)."""
    if position is not None:
        first = start_state(game, "", length, None, None, position)
        scenario, length = position["scenario"], position.get("length", "standard")
    if scenario is None:  # the game's default scenario
        from cdg_oracle.oracle.games import default_scenario

        scenario = default_scenario(game)
    names = scenarios(game) if scenario == "all" else [scenario]
    if position is None:
        first = new_state(game, names[0], length, rulings or {}, options)
    result = Result(game, scenario, length, first.rulings_dict(), seed, strategy,
                    options=carried_options(game, first.options()), timeout=timeout, position=position,
                    refine=refine)
    result.names = names
    t0 = time.monotonic()
    # The budget bounds the whole run (issue 28.6): no wait on an answer lasts past its end, so a
    # hanging implementation costs min(--timeout, budget left), and the run is then partial.
    session = Session(command, timeout, max_line, None if budget is None else t0 + budget)
    try:
        if strategy == "random" and jobs != 1:
            _run_random_spread(result, command, timeout, max_line, games, max_steps, budget, t0, progress, jobs)
        elif strategy == "random":
            _run_random(session, result, games, max_steps, budget, t0, progress)
        elif strategy == "hypothesis":
            _run_hypothesis(session, result, games, max_steps, budget, t0, progress)
        else:
            raise ValueError(f"strategy {strategy!r}: expected random or hypothesis")
    finally:
        session.close()
        result.seconds = time.monotonic() - t0
        result.answers = session.answers
    return result


def _run_random(session, result, games, max_steps, budget, t0, progress) -> None:
    for g in range(games):
        if budget is not None and g > 0 and time.monotonic() - t0 > budget:
            result.partial = True  # games the budget left unplayed: the run is partial too
            break
        game_seed = result.seed * 1000 + g
        try:
            n = play_game(session.get(), result.game, result.names[g % len(result.names)], result.length,
                          result.rulings, game_seed, g, random_chooser(random.Random(game_seed)), max_steps,
                          result.options, stop_at=None if budget is None else t0 + budget,
                          position=result.position, refine=result.refine)
        except _OutOfTime as e:  # the budget ran out half-way: the steps compared count, the game not
            result.partial = True
            result.steps += e.steps
            session.discard()  # it may be in the middle of an answer: kill it, no grace to quit
            return
        except ImplFailure as e:  # the process could not even start
            result.finding = Finding(e.kind, g, 0, f"at the start: {e.message}", stderr=e.stderr_tail,
                                     scenario=result.names[g % len(result.names)])
            return
        except _Found as f:
            result.finding = f.finding
            result.games += 1
            result.steps += f.finding.step
            if f.finding.kind != "disagreement":
                session.discard()
            return
        result.games += 1
        result.steps += n
        if progress:
            progress(result)


def _random_game(command, timeout: float, max_line: int, game: str, scenario: str, length: str, rulings: dict,
                 seed: int, index: int, max_steps: int, options, position, refine: bool,
                 budget_left: float | None) -> tuple:
    """(A task of :func:`_run_random_spread`, in a worker.) Game ``index`` of a random campaign
    with an implementation process of its own, as :func:`_run_random` plays it: ``("ok", steps,
    None, answers)``, ``("out_of_time", steps compared, None, answers)``, ``("found", steps,
    finding, answers)``, or ``("no_start", 0, finding, answers)`` (the process could not start). ``budget_left``:
    the seconds the run's budget had left when the task was sent (the worker's clock is its own)."""
    stop_at = None if budget_left is None else time.monotonic() + budget_left
    session = Session(command, timeout, max_line, stop_at)
    try:
        n = play_game(session.get(), game, scenario, length, rulings, seed, index,
                      random_chooser(random.Random(seed)), max_steps, options, stop_at=stop_at, position=position,
                      refine=refine)
        out = ("ok", n, None)
    except _OutOfTime as e:
        session.discard()
        out = ("out_of_time", e.steps, None)
    except ImplFailure as e:
        out = ("no_start", 0, Finding(e.kind, index, 0, f"at the start: {e.message}", stderr=e.stderr_tail,
                                      scenario=scenario))
    except _Found as f:
        if f.finding.kind != "disagreement":
            session.discard()
        out = ("found", f.finding.step, f.finding)
    finally:
        session.close()
    return out + (session.answers,)


def _run_random_spread(result, command, timeout, max_line, games, max_steps, budget, t0, progress, jobs) -> None:
    """The random strategy with its games spread over ``jobs`` (properties/pool.py), merged in game
    order: the games before the first finding (or the budget's end) count, as in :func:`_run_random`."""
    from cdg_oracle.properties.pool import Workers, run_ordered

    done = {"stop": False}

    def more(g: int) -> bool:
        if done["stop"]:
            return False
        if budget is not None and g > 0 and time.monotonic() - t0 > budget:
            result.partial = True  # games the budget left unplayed: the run is partial too
            return False
        return True

    def take(g: int, answer: tuple) -> None:
        kind, steps, finding, answers = answer
        a = result.answers
        a["answers"] += answers["answers"]
        a["seconds"] = round(a["seconds"] + answers["seconds"], 3)
        a["slowest"] = max(a["slowest"], answers["slowest"])
        a["over_half_timeout"] += answers["over_half_timeout"]
        if done["stop"]:
            return  # after the first finding (or the budget's end) in game order: not counted
        if kind == "out_of_time":
            result.partial = True
            result.steps += steps
            done["stop"] = True
            return
        if kind in ("found", "no_start"):
            result.finding = finding
            done["stop"] = True
            if kind == "no_start":
                return  # the process could not start: no game played (as _run_random)
        result.games += 1
        result.steps += steps
        if kind == "ok" and progress:
            progress(result)

    def left() -> float | None:
        return None if budget is None else max(0.0, t0 + budget - time.monotonic())

    items = [(g,) for g in range(games)]

    def task(g: int) -> tuple:
        return (command, timeout, max_line, result.game, result.names[g % len(result.names)], result.length,
                result.rulings, result.seed * 1000 + g, g, max_steps, result.options, result.position,
                result.refine, left())

    with Workers(jobs) as workers:
        run_ordered(workers, _random_game, _Lazy(items, task), take, more)


class _Lazy(list):
    """The items of a spread campaign, each made when it is submitted (its budget left is then's)."""

    def __init__(self, items: list, make: Callable):
        super().__init__(items)
        self.make = make

    def __getitem__(self, i):
        return self.make(*list.__getitem__(self, i))


def _run_hypothesis(session, result, games, max_steps, budget, t0, progress) -> None:
    """Hypothesis draws every choice; a finding is shrunk (within the budget) before it is kept."""
    # hypothesis takes ~0.2 s to import and only --strategy hypothesis needs it: imported here
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hseed
    from hypothesis import strategies as st

    counter = {"games": 0, "steps": 0}
    stop_at = None if budget is None else t0 + budget
    shrink_deadline = [None]
    last = [None]  # the latest finding, in case hypothesis stops with an error of its own

    def chooser(data):
        def choose(state):
            outcomes = state.legal_actions()
            return outcomes[data.draw(st.integers(0, len(outcomes) - 1))] if len(outcomes) > 1 else outcomes[0]
        return choose

    @settings(max_examples=max(1, games), derandomize=False, database=None, deadline=None,
              phases=[Phase.generate, Phase.shrink], suppress_health_check=list(HealthCheck),
              report_multiple_bugs=False, print_blob=False)
    @hseed(result.seed)
    @given(st.data())
    def one_game(data):
        if shrink_deadline[0] is not None and time.monotonic() > shrink_deadline[0]:
            return  # out of time: stop shrinking, keep the smallest failure so far
        # Everything that shapes the game comes from ``data`` (issue 15 item 1): the scenario is
        # drawn, not taken from a game counter, so that hypothesis replaying or shrinking an
        # example plays the same game (a counter gave another scenario on a re-run, hence
        # FlakyStrategyDefinition over several scenarios or games).
        if stop_at is not None and time.monotonic() > stop_at and shrink_deadline[0] is None:
            result.partial = True  # the budget bounds the whole run (issue 28.6): no new game
            raise _StopRun()
        k = data.draw(st.integers(0, len(result.names) - 1)) if len(result.names) > 1 else 0
        g = counter["games"]
        try:
            n = play_game(session.get(), result.game, result.names[k], result.length,
                          result.rulings, result.seed * 1000 + k, g, chooser(data), max_steps, result.options,
                          stop_at=stop_at, position=result.position, refine=result.refine)
        except _OutOfTime as e:  # out of time half-way: that game's steps so far count
            session.discard()
            if shrink_deadline[0] is None:
                result.partial = True
                counter["steps"] += e.steps
                raise _StopRun() from None
            return  # while shrinking: not a failure, the smallest failure so far is kept
        except _Found as f:
            # a fresh process for the next game: shrinking replays games, which must not depend
            # on what an earlier game left in the implementation
            session.discard()
            last[0] = f.finding
            if shrink_deadline[0] is None:
                counter["games"] += 1
                counter["steps"] += f.finding.step
                # shrinking within what is left of the budget (it bounds the whole run), else 60 s
                shrink_deadline[0] = stop_at if stop_at is not None else time.monotonic() + 60.0
            raise
        counter["games"] += 1
        counter["steps"] += n
        if progress:
            progress(result)

    try:
        with isolated():
            one_game()
    except _StopRun:  # the budget ran out before any finding: the run is partial, no verdict of its own
        pass
    except _Found as f:
        result.finding = f.finding
    except Exception as e:  # noqa: BLE001 -- hypothesis gave up: out of shrinking time, or the
        if last[0] is None:  # implementation not deterministic across re-runs: the latest finding
            raise
        if shrink_deadline[0] is not None and time.monotonic() > shrink_deadline[0]:
            last[0].message += " (shrinking stopped at the time budget: the simplest game found so far)"
        else:
            last[0].message += (f" (not shrunk: {type(e).__name__}: the implementation answered differently "
                                "on a re-run of the same game)")
        result.finding = last[0]
    finally:
        result.games = counter["games"]
        result.steps = counter["steps"]


def replay_trace(command, text: str, where: str = "trace", timeout: float = 10.0,
                 max_line: int = 4_000_000) -> Result:
    """Drive the implementation through the actions of a trace (as difftest saved it), comparing
    at every step: the one-command reproduction of a disagreement."""
    head, steps, _end = trace.parse(text, where)
    options = carried_options(head["game"], trace.initial_state(head, where).options())  # a bad header: invalid, line 1
    actions = []
    for s in steps:
        if "action" not in s:
            raise DataError(f"{where}: line {s.get('_line', '?')}: a hidden step cannot be played to an implementation")
        actions.append(s["action"])
    pos = [0]

    def choose(state):
        a = actions[pos[0]]
        pos[0] += 1
        if a not in state.legal_actions():
            raise DataError(f"{where}: step {pos[0] - 1}: {statediff.canonical_json(a)} is not legal in the model "
                            "(check the trace with cdg-oracle replay)")
        return a
    result = Result(head["game"], head["scenario"], head["length"], head["rulings"],
                    head.get("seed") or 0, "trace", options=options, timeout=timeout, position=head.get("position"))
    t0 = time.monotonic()
    session = Session(command, timeout, max_line)
    try:
        n = play_game(session.get(), head["game"], head["scenario"], head["length"], head["rulings"],
                      result.seed, 0, choose, len(actions), options, position=head.get("position"))
        result.games, result.steps = 1, n
    except _Found as f:
        result.finding = f.finding
        result.games, result.steps = 1, f.finding.step
    finally:
        session.close()
        result.seconds = time.monotonic() - t0
        result.answers = session.answers
    return result


def render_text(result: Result, trace_path: str | None = None) -> str:
    """The readable report: one verdict line, then the finding in detail."""
    r = result
    solo = ""
    if r.options and r.options.get("solo"):
        solo = f"solo, ideology {r.options.get('ideology', 'normal')}{', minidecks' * bool(r.options.get('minidecks'))}, "
    head = (f"difftest {r.game} {r.scenario} ({solo}{r.length}, {r.strategy}, seed {r.seed}): "
            f"{r.games} game(s), {r.steps} steps compared in {r.seconds:.1f} s")
    notes = []
    if r.partial:
        notes.append("partial: the --budget ran out before every game was played to its end; the steps "
                     "compared so far are counted")
    if r.slow():
        a = r.answers
        notes.append(f"slow: the implementation's {a['answers']} answers took {a['seconds']:.1f} s of the "
                     f"run's {r.seconds:.1f} s; {a['over_half_timeout']} took more than half the "
                     f"--timeout of {r.timeout:g} s (slowest {a['slowest']:.2f} s)")
    if r.finding is None and r.verdict == "undetermined":
        why = ("the --budget ran out before the first step" if r.partial else
               "every game ended before its first step (a terminal start, or a trace with no step)")
        return "\n".join([head] + notes + [f"verdict: undetermined (no step compared: {why}; nothing was "
                                            "shown to agree)"]) + "\n"
    if r.finding is None:
        return "\n".join([head] + notes + ["verdict: agree (player, legal actions and canonical state equal "
                                            "at every step)"]) + "\n"
    f = r.finding
    lines = [head] + notes + [f"verdict: {f.kind} in game {f.game} ({f.scenario}) {_where(f.step, f.actions)}",
                              f"  {f.message}"]
    if f.prompt or f.rule:
        label = "question answered by the last step" if f.what == "state" else "question"
        lines.append(f"  {label}: {f.prompt!r} (rule {f.rule})")
    if f.rules:
        lines.append(f"  rules applied by the last step: {', '.join(f.rules)}")
    if f.what == "legal_actions" and isinstance(f.expected, list):
        lines.append(f"  missing (legal by the rules): {_few(f.expected, 10) or 'none'}")
        lines.append(f"  extra (not legal by the rules): {_few(f.found, 10) or 'none'}")
    if f.diff:
        lines.append("  state difference (expected = the model, found = the implementation):")
        lines.extend("    " + x for x in statediff.render(f.diff))
    if f.stderr:
        lines.append("  the implementation's last stderr lines:")
        lines.extend("    " + x for x in f.stderr.splitlines()[-5:])
    if trace_path:
        lines.append(f"  trace: {trace_path} (reproduce: cdg-oracle difftest --impl COMMAND --trace {trace_path})")
    # the implementation's words (a refusal, its actions and state, its stderr) are shown, not obeyed
    return "\n".join(printable(x) for x in lines) + "\n"


def to_json(result: Result, trace_path: str | None = None) -> str:
    d = result.to_dict()
    d["trace"] = trace_path
    return json.dumps(d, sort_keys=True)
