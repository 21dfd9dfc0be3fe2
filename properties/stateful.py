"""A hypothesis state machine that walks the decision protocol of any game of the registry
(model/core/registry.py), through the contract alone (model/core/game.py).

One run of the machine plays games of one game, one atomic step at a time:

* ``start_game`` (the initialize rule) draws the scenario (``spec.scenarios()``, the first one
  first, so that a failure shrinks to it), the game length (``spec.lengths``, the first first), the
  rulings (a list of changes of single switches of ``spec.rulings.describe()``, the empty list --
  every default -- first) and the game options (a strategy the game gives; by default none);
* ``step`` lets hypothesis draw the index of a legal action at a decision, or of an outcome at a
  chance node. Outcomes are drawn by index, not by weight: the search wants reach, not realism, and
  an index shrinks to 0, so a failure shrinks to a minimal game. Once a game is over, the next
  ``step`` starts another one.

After every step the machine checks (:meth:`Walk.check`, in this order):

1. the game's invariants hold (the ``invariants`` of the game's checks record, properties/games.py;
   a game without them has none to check);
2. a game that is not over offers a legal action (no dead end); a game that is over offers none and
   says who won (one of ``spec.sides``), why and by which rule, with returns +1 for the winner and
   -1 for every other side (all 0 at an end without a winner);
3. at a chance node the outcomes are the legal actions, each with a positive exact probability
   (a ``Fraction``), and the probabilities sum to exactly 1; elsewhere there are no outcomes;
4. actions are small JSON values (a string or a flat object), all distinct;
5. a game ends within ``max_game_steps`` steps (non-termination);
6. the state round-trips through JSON exactly (``spec.state_class.from_json(state.to_json())``
   equals the state) -- and the game goes on from the restored copy;
7. determinism: a second game, started fresh and fed the same actions but never serialized (the
   *shadow*), is identical after every step. Together with 6 this catches state held outside the
   JSON at the step where it first matters. When a game ends, when a run ends, and every
   ``check_every`` steps, the actions are also replayed from scratch in a third game, and a clone
   is checked to be equal to and independent of its original.

Besides, every ``apply`` must name the rules it applied (``applied_rules()`` non-empty strings).

Every failure is recorded with the game, scenario, length, rulings, options and its actions from
the start, so that it can be written as a replayable trace; :func:`recheck` walks an action list
with the same checks and returns the same words. ``properties`` never imports ``oracle``: the
caller writes the trace with ``cdg_oracle.oracle.trace``.

A game gets this machine by its ``GameSpec`` (and, for its invariants, its checks record); its
checks record's ``machine`` names its configured ``run_machine``; :func:`machine_class` and :func:`run_machine` take the game's name and,
optionally, its own strategies (scenario order, options, rulings drawn only with some options).
Labyrinth's configuration is ``properties/labyrinth/stateful.py``.
"""
from __future__ import annotations

import copy
import functools
import json
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable

from hypothesis import HealthCheck, Phase, Verbosity, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from cdg_oracle.model.core.game import CHANCE, TERMINAL, action_key
from cdg_oracle.model.core.registry import get
from cdg_oracle.properties.hypothesis_runs import isolated
from cdg_oracle.properties.walk import invariant_check

#: A game not over after this many steps is flagged.
MAX_GAME_STEPS = 10_000
#: Replay a game's actions from scratch every this many steps (besides the step-by-step shadow,
#: and at the end of every game and every run).
CHECK_EVERY = 500

#: The hypothesis profiles: tests/conftest.py registers them; ``cdg-oracle verify`` and
#: benchmarks/stateful.py read the same numbers. "ci": the test suite (well under a minute on two
#: cores); "long": verify and benchmarks (a run is long enough to finish a standard game).
PROFILES = {
    "ci": {"max_examples": 30, "stateful_step_count": 200},
    "long": {"max_examples": 100, "stateful_step_count": 1500},
}

#: No ``explain`` phase: after shrinking it re-runs the minimal game many times over to annotate
#: which draws did not matter -- a minute for one stateful failure, and the trace says more.
PHASES = (Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink)

#: The options strategy of games played without options: the machine then draws no options at all.
NO_OPTIONS = st.just(None)


class ProtocolViolation(AssertionError):
    """A property of the decision protocol failed; the message says which, in words."""


# -- the checks on one state, as plain functions ---------------------------------------------------

_SCALARS = frozenset({str, int, bool, type(None)})


def _is_action_value(a) -> bool:
    """A string, or a flat object with string keys whose values are strings, integers, booleans
    or null (the published trace schema, oracle/data/trace.schema.json)."""
    return type(a) is str or (type(a) is dict and _SCALARS.issuperset(map(type, a.values()))
                              and {str}.issuperset(map(type, a)))


def dead_end(state, sides) -> str | None:
    """A game that is not over offers a legal action; one that is over offers none and says who
    won (one of ``sides``), why and by which rule, with returns +1 for the winner and -1 for every
    other side; or that it is a draw (winner None, every return 0: Twilight Struggle 10.3.2, a tie
    of margins in A Distant Plain)."""
    player = state.current_player()
    if player not in (*sides, CHANCE, TERMINAL):
        return f"current_player() is {player!r}, not a side, chance or terminal"
    legal = state.legal_actions()
    if player == TERMINAL:
        out = state.outcome()
        if not state.is_terminal() or out is None:
            return "current_player() is terminal but the state is not"
        if legal:
            return f"the game is over but offers {len(legal)} legal actions"
        if (out.get("winner") not in sides and out.get("winner") is not None) or not out.get("reason") \
                or not out.get("rule"):
            return f"the game is over without a winner (or a draw), a reason and a rule: {out}"
        want = [-1] * (len(sides) - 1) + [1] if out["winner"] is not None else [0] * len(sides)
        if sorted(state.returns().values()) != want or state.returns().get(out["winner"], 1) != 1:
            return (f"returns at the end are {state.returns()}, not "
                    f"{'+1 for the winner and -1 for the others' if want[-1] else 'all 0 (a draw)'}")
        return None
    if state.is_terminal() or state.outcome() is not None:
        return f"the game is over but current_player() is {player!r}"
    if not legal:
        return f"dead end: no legal action at {state.decision()}"
    return None


def chance_distribution(state) -> str | None:
    """At a chance node the outcomes are exactly the legal actions, each with a positive exact
    probability, and the probabilities sum to 1. Elsewhere there are no chance outcomes."""
    outcomes = state.chance_outcomes()
    if state.current_player() != CHANCE:
        return f"{len(outcomes)} chance outcomes at a node of {state.current_player()}" if outcomes else None
    if [a for a, _ in outcomes] != state.legal_actions():
        return f"chance outcomes differ from the legal actions at {state.decision()}"
    for a, p in outcomes:
        if type(p) is not Fraction or p.numerator <= 0:
            return f"chance outcome {action_key(a)} has probability {p} ({type(p).__name__}) at {state.decision()}"
    denominators = {p.denominator for _, p in outcomes}
    if len(denominators) == 1:  # the usual case, summed without Fraction arithmetic
        total = Fraction(sum(p.numerator for _, p in outcomes), denominators.pop())
    else:
        total = sum((p for _, p in outcomes), Fraction(0))
    if total != 1:
        return f"chance probabilities sum to {total}, not 1, at {state.decision()}"
    return None


def action_values(state) -> str | None:
    """Actions are small JSON values (a string or a flat object), all distinct."""
    legal = state.legal_actions()
    if not all(map(_is_action_value, legal)):
        bad = next(a for a in legal if not _is_action_value(a))
        return f"action {bad!r} is not a string or a flat object at {state.decision()}"
    keys = {a if type(a) is str else frozenset(a.items()) for a in legal}
    if len(keys) != len(legal):  # a quick test; True == 1 may collide, so confirm exactly
        exact = [action_key(a) for a in legal]
        if len(set(exact)) != len(exact):
            dup = next(k for k in exact if exact.count(k) > 1)
            return f"action {dup} offered twice at {state.decision()}"
    return None


def step_limit(game_steps: int, terminal: bool, bound: int) -> str | None:
    """A game is over within ``bound`` steps."""
    if not terminal and game_steps >= bound:
        return f"non-termination: the game is not over after {game_steps} steps (bound {bound})"
    return None


def round_trip(state, state_class: type | None = None) -> tuple:
    """The state round-trips through JSON exactly (``state_class.from_json``; by default the
    state's own class); returns the violation (or None) and the restored copy."""
    back = (state_class or type(state)).from_json(state.to_json(), check=False)  # JSON exactness: the
    # machine checks the consistency laws on their own at the same step
    if back != state:
        return f"the state does not round-trip through JSON ({diff_keys(state, back)})", back
    return None, back


def clone_differs(state) -> str | None:
    """A clone is equal to its original and independent of it: playing on in the clone leaves the
    original unchanged."""
    before = state.to_json()
    twin = state.clone()
    if twin != state:
        return f"a clone differs from its original ({diff_keys(state, twin)})"
    if twin.legal_actions():
        twin.apply(twin.legal_actions()[0])
    if state.to_json() != before:
        return "playing on in a clone changed the original"
    return None


def diff_keys(a, b) -> str:
    """The top-level keys (at most six) at which the JSON of two states differs, in words; when
    the JSON shows no difference (a value of another type, or something ``to_json`` leaves out),
    those at which their canonical states differ."""
    keys = _differing(a, b, lambda s: json.loads(s.to_json()))
    if not keys:
        try:
            keys = _differing(a, b, lambda s: s.canonical())
        except Exception:  # noqa: BLE001 -- a state too broken for canonical(): no keys to name
            keys = []
    return "differing keys: " + (", ".join(keys[:6]) if keys else "none (types differ)")


def _differing(a, b, view) -> list[str]:
    da, db = view(a), view(b)
    return sorted(k for k in set(da) | set(db) if da.get(k) != db.get(k))


# -- one game, walked with every check ------------------------------------------------------------

class Walk:
    """One game of ``game`` walked step by step with every check: the machine's current game, and
    the game :func:`recheck` replays. A failed check raises (a ``ProtocolViolation``, or the model's
    own exception when ``apply`` crashes) and leaves its description in ``why``."""

    def __init__(self, game: str, scenario: str, length: str | None = None, rulings: dict | None = None,
                 max_game_steps: int = MAX_GAME_STEPS, check_every: int = CHECK_EVERY,
                 options: dict | None = None, refine: bool = False):
        self.spec = get(game)
        self.game = self.spec.name
        length = self.spec.lengths[0] if length is None else length
        self.scenario, self.length, self.rulings = scenario, length, dict(rulings or {})
        self.options = dict(options) if options else None  # None: no game options
        self.max_game_steps, self.check_every = max_game_steps, check_every
        self.actions: list = []
        self.players: list[str] = []
        self.why: str | None = None
        self.verified_at = 0
        self.state = self._new()
        self.shadow = self._new()  # never serialized
        self.invariants = invariant_check(self.spec, self.state)
        self.refinement = None
        if refine:  # every step against the proved transitions (properties/refinement.py; z3)
            from cdg_oracle.properties.refinement import StepObserver

            self.refinement = StepObserver(self.state, scenario)

    def _new(self):
        return self.spec.new_state(self.scenario, self.length, self.rulings, self.options)

    def failure(self) -> dict:
        """This game as a failure record: what a trace of it needs."""
        return {"what": self.why or "", "game": self.game, "scenario": self.scenario, "length": self.length,
                "rulings": dict(self.rulings), "options": copy.deepcopy(self.options),
                "actions": copy.deepcopy(self.actions),
                "players": list(self.players), "steps": len(self.actions)}

    def _at(self, why: str) -> str:
        self.why = f"after step {len(self.actions)}: {why}"
        return self.why

    def apply(self, action) -> None:
        """Play one action (or chance outcome) in the game and in its shadow; the step must name
        the rules it applied."""
        s = self.state
        self.players.append(s.current_player())
        self.actions.append(copy.deepcopy(action))
        try:
            s.apply(action)
        except Exception as e:  # a crash of the model is a finding: recorded, re-raised as is
            self.why = f"step {len(self.actions)}: apply({action_key(action)}) raised {type(e).__name__}: {e}"
            raise
        rules = s.applied_rules()
        if not rules or not all(isinstance(r, str) and r for r in rules):
            raise ProtocolViolation(self._at(f"applied_rules() is {rules!r}, not the rule numbers applied"))
        if self.refinement is not None:
            self.refinement.observe(s, action)
            if self.refinement.finding is not None:
                raise ProtocolViolation(self._at("refinement: " + self.refinement.finding.line()))
        try:
            self.shadow.apply(action)
        except Exception as e:  # noqa: BLE001 -- the replay parts from the game
            raise ProtocolViolation(self._at(f"replaying the {len(self.actions)} actions in a fresh game: "
                                             f"apply raised {type(e).__name__}: {e}")) from None

    def check(self) -> None:
        """Everything that must hold after a step (and at the start of the game), in order."""
        s = self.state
        bad = self.invariants(s)
        if bad:
            raise ProtocolViolation(self._at("invariant: " + "; ".join(bad)))
        why = dead_end(s, self.spec.sides)
        if why:
            raise ProtocolViolation(self._at(why))
        why = chance_distribution(s)
        if why:
            raise ProtocolViolation(self._at(why))
        why = action_values(s)
        if why:
            raise ProtocolViolation(self._at(why))
        why = step_limit(len(self.actions), s.is_terminal(), self.max_game_steps)
        if why:
            raise ProtocolViolation(self._at(why))
        why, self.state = round_trip(s, self.spec.state_class)  # play on from the restored copy
        if why:
            raise ProtocolViolation(self._at(why))
        if self.shadow != self.state:
            raise ProtocolViolation(self._at(
                f"replaying the {len(self.actions)} actions in a fresh game (no JSON copies) gives a "
                f"different state ({diff_keys(self.shadow, self.state)})"))
        n = len(self.actions)
        if n - self.verified_at >= self.check_every or (self.state.is_terminal() and n > self.verified_at):
            self.verify()

    def verify(self) -> None:
        """Replay the actions from scratch in a third game; check a clone. (A game and a run end
        with this.)"""
        self.verified_at = len(self.actions)
        fresh = self._new()
        for a in self.actions:
            fresh.apply(a)
        if fresh != self.state:
            raise ProtocolViolation(self._at(
                f"replaying the {len(self.actions)} actions from scratch gives a different state "
                f"({diff_keys(fresh, self.state)})"))
        why = clone_differs(self.state)
        if why:
            raise ProtocolViolation(self._at(why))


def recheck(game: str, scenario: str, length: str | None, rulings: dict | None, actions: list,
            max_game_steps: int = MAX_GAME_STEPS, check_every: int = CHECK_EVERY,
            options: dict | None = None) -> str | None:
    """Walk ``actions`` from a fresh game with every check of the machine, as the machine does
    (checks at the start and after every step, a replay from scratch at the end); the first
    violation in the machine's words, or None. ``options``: the game options (a trace header's
    ``options``)."""
    walk = None
    try:
        walk = Walk(game, scenario, length, rulings, max_game_steps, check_every, options)
        walk.check()
        for a in actions:
            walk.apply(a)
            walk.check()
        if len(walk.actions) > walk.verified_at:
            walk.verify()
    except Exception as e:  # noqa: BLE001 -- every failure is an answer
        return (walk.why if walk is not None else None) or f"{type(e).__name__}: {e}"
    return None


# -- the strategies a game's machine draws from ----------------------------------------------------

def rulings_strategy(rulings_class: type, keep: Callable[[str], bool] = lambda name: True):
    """The rulings of a game: a list of (switch, non-default value) changes, the empty list (every
    default) first, so that a failure shrinks to the default readings. Drawing a list of changes,
    not one value per switch, keeps the draws of a game independent of how many switches exist: a
    new switch does not change the games hypothesis tries first or how it shrinks them. Only the
    switches whose name ``keep`` accepts are drawn."""
    changes = [(sw["name"], c) for sw in rulings_class.describe() if keep(sw["name"])
               for c in sw["choices"] if c != sw["default"]]
    if not changes:
        return st.just({})
    return st.lists(st.sampled_from(changes), max_size=8).map(dict)


def _no_extra(options):
    return None


@dataclass(frozen=True)
class Draws:
    """What a game's machine draws a game from: scenario, length, rulings, options, and the extra
    rulings drawn only for some options (``extra_rulings(options)``: a strategy, or None)."""

    scenario: object
    length: object
    rulings: object
    options: object = NO_OPTIONS
    extra_rulings: Callable = _no_extra


def draws_for(game: str, scenarios: list[str] | None = None, options=NO_OPTIONS,
              rulings=None, extra_rulings: Callable = _no_extra) -> Draws:
    """The draws of a game from its ``GameSpec``: scenarios in ``spec.scenarios()`` order (or
    ``scenarios``), lengths in ``spec.lengths`` order, every switch of ``spec.rulings`` (or the
    strategy ``rulings``), and the options strategy ``options`` (default: none)."""
    spec = get(game)
    return Draws(st.sampled_from(list(scenarios or spec.scenarios())), st.sampled_from(list(spec.lengths)),
                 rulings if rulings is not None else rulings_strategy(spec.rulings), options, extra_rulings)


# -- the machine -----------------------------------------------------------------------------------

@dataclass
class Recorder:
    """What the machines of one hypothesis run did: counts, and the last failure recorded (after a
    failing run hypothesis re-runs the shrunk example last, so that is the minimal failure)."""

    runs: int = 0
    steps: int = 0
    games: int = 0
    games_with_options: int = 0
    games_finished: int = 0
    longest_game: int = 0
    last_failure: dict | None = None
    failures_seen: int = 0
    endings: dict = field(default_factory=dict)   # "winner: reason" -> games


def _recorded(kind: str):
    """Record the failure of a rule or check (the walk's words, or the exception) and re-raise."""

    def wrap(fn):
        @functools.wraps(fn)
        def run(self, *args, **kwargs):
            try:
                return fn(self, *args, **kwargs)
            except Exception as e:  # noqa: BLE001 -- recorded, then re-raised unchanged
                self._record(e, kind)
                raise
        return run

    return wrap


def _start_rule(draws: Draws):
    """The initialize rule of a machine drawing from ``draws``. Without options (``NO_OPTIONS``)
    it draws no options at all (a game without options makes exactly the draws of scenario, length
    and rulings)."""
    if draws.options is NO_OPTIONS:
        @initialize(scenario=draws.scenario, length=draws.length, rulings=draws.rulings)
        @_recorded("setting up the game")
        def start_game(self, scenario, length, rulings):
            """A new game: scenario, length and rulings."""
            self._start(scenario, length, rulings, None)
    else:
        @initialize(scenario=draws.scenario, length=draws.length, rulings=draws.rulings, options=draws.options,
                    data=st.data())
        @_recorded("setting up the game")
        def start_game(self, scenario, length, rulings, options, data):
            """A new game: scenario, length, rulings and the game options (with the rulings drawn
            only for those options)."""
            extra = self.draws.extra_rulings(options)
            if extra is not None:
                rulings = {**rulings, **data.draw(extra)}
            self._start(scenario, length, rulings, options)
    return start_game


class GameMachine(RuleBasedStateMachine):
    """Walks the decision protocol of one game: hypothesis chooses the scenario, the game length,
    the rulings, the game options, every action and every chance outcome; everything in
    :meth:`Walk.check` holds after every step. Made for a game by :func:`machine_class`."""

    game: str = ""
    draws: Draws
    recorder = Recorder()
    max_game_steps = MAX_GAME_STEPS
    check_every = CHECK_EVERY
    vary_rulings = True
    refine = False   # every step also checked against the proved transitions (properties/refinement.py)

    def __init__(self):
        super().__init__()
        self.walk: Walk | None = None
        self._game: tuple = ("", "", {}, None)
        self._failed = False
        self._in_step = False
        self.recorder.runs += 1

    def _record(self, e: Exception, kind: str) -> None:
        if self._failed:
            return
        self._failed = True
        if self.walk is not None:
            f = self.walk.failure()
        else:  # the game did not even start
            scenario, length, rulings, options = self._game
            f = {"what": "", "game": self.game, "scenario": scenario, "length": length, "rulings": dict(rulings),
                 "options": copy.deepcopy(options), "actions": [], "players": [], "steps": 0}
        if not f["what"]:
            f["what"] = f"{kind} raised {type(e).__name__}: {e}"
        self.recorder.last_failure = f
        self.recorder.failures_seen += 1

    def _walk(self, scenario, length, rulings, options) -> Walk:
        return Walk(self.game, scenario, length, rulings, self.max_game_steps, self.check_every, options,
                    refine=self.refine)

    def _start(self, scenario: str, length: str, rulings: dict, options: dict | None) -> None:
        self._game = (scenario, length, rulings if self.vary_rulings else {}, options)
        self.walk = None
        self.walk = self._walk(scenario, length, self._game[2], options)
        self.recorder.games += 1
        if options:
            self.recorder.games_with_options += 1

    @rule(data=st.data())
    @_recorded("step")
    def step(self, data):
        """One atomic step: the index of a legal action, or of a chance outcome. Once the game is
        over, a step starts another game (scenario, length, rulings and options drawn as at the
        start)."""
        self._in_step = True
        walk = self.walk
        if walk.state.is_terminal():
            d = self.draws
            scenario, length, rulings = data.draw(d.scenario), data.draw(d.length), data.draw(d.rulings)
            options = None if d.options is NO_OPTIONS else data.draw(d.options)
            extra = d.extra_rulings(options)
            if extra is not None:
                rulings = {**rulings, **data.draw(extra)}
            self._start(scenario, length, rulings, options)
            self._in_step = False
            return
        options = walk.state.legal_actions()  # at a chance node: the outcomes (checked: the same list)
        if not options:  # flagged by the dead-end check already; never draw from nothing
            raise ProtocolViolation(walk._at(f"dead end: no legal action at {walk.state.decision()}"))
        i = data.draw(st.integers(0, len(options) - 1), label=f"{walk.state.current_player()} index")
        walk.apply(options[i])
        self.recorder.steps += 1
        self.recorder.longest_game = max(self.recorder.longest_game, len(walk.actions))
        if walk.state.is_terminal():
            self.recorder.games_finished += 1
            out = walk.state.outcome()
            key = f"{out['winner']}: {out['reason']}"
            self.recorder.endings[key] = self.recorder.endings.get(key, 0) + 1
        self._in_step = False

    @invariant()
    @_recorded("a check")
    def the_contract_holds_after_every_step(self):
        """The game's invariants, no dead end, exact chance, JSON action values, termination, the
        JSON round trip and determinism (see :meth:`Walk.check`)."""
        self.walk.check()

    def teardown(self):
        # The end of a run: replay from scratch once more, unless the run failed already
        # (hypothesis calls teardown in a ``finally``; a second exception would hide the first).
        w = self.walk
        if w is not None and not self._failed and not self._in_step and len(w.actions) > w.verified_at:
            self._replay_at_the_end()

    @_recorded("the replay at the end of the run")
    def _replay_at_the_end(self):
        self.walk.verify()


def machine_class(game: str, recorder: Recorder | None = None, max_game_steps: int = MAX_GAME_STEPS,
                  check_every: int = CHECK_EVERY, vary_rulings: bool = True, seed: int | None = None,
                  draws: Draws | None = None, base: type = GameMachine, name: str | None = None) -> type:
    """A machine class for ``game`` with its own recorder and bounds (and a hypothesis ``@seed``
    if given), drawing its games from ``draws`` (default: :func:`draws_for` the game: every
    scenario, length and switch, no options). ``base``: a subclass of :class:`GameMachine`."""
    spec = get(game)
    draws = draws or draws_for(spec.name)
    cls = type(name or f"{spec.name.title()}Machine", (base,), {
        "game": spec.name, "draws": draws, "recorder": recorder or Recorder(),
        "max_game_steps": max_game_steps, "check_every": check_every, "vary_rulings": vary_rulings,
        "start_game": _start_rule(draws)})
    if seed is not None:
        cls = hypothesis_seed(seed)(cls)
    return cls


def machine_settings(max_examples: int, step_count: int, **kw) -> settings:
    """Derandomized, no example database, no deadline, quiet, one bug per run, no explain phase."""
    base = dict(max_examples=max_examples, stateful_step_count=step_count, derandomize=True,
                database=None, deadline=None, suppress_health_check=list(HealthCheck),
                report_multiple_bugs=False, print_blob=False, verbosity=Verbosity.quiet, phases=PHASES)
    base.update(kw)
    return settings(**base)


def run_machine(game: str, max_examples: int, step_count: int, seed: int, on_failure=None,
                max_game_steps: int = MAX_GAME_STEPS, check_every: int = CHECK_EVERY,
                vary_rulings: bool = True, shrink: bool = True, draws: Draws | None = None,
                machine: type | None = None, refine: bool = False) -> dict:
    """Run the machine of ``game`` under hypothesis with a fixed seed: ``max_examples`` runs of up
    to ``step_count`` steps each, then shrinking if one fails (``shrink=False``: report the first
    failing game found, unshrunk -- faster, and as replayable). ``machine``: a ready machine class
    (of :func:`machine_class`) instead of the one made from the other arguments. ``refine``: every
    step also checked against the game's proved transitions (properties/refinement.py). Returns::

        {"stats": {"runs", "steps", "steps_per_second", "seconds", "games", "games_with_options",
                   "games_finished", "longest_game", "endings", ...},
         "failures": [{"what", "game", "actions", "scenario", "length", "rulings", "options",
                       "players", "steps"}]}

    A failure is the minimal failing game hypothesis shrank to, its actions from the start of
    that game; ``on_failure(failure)`` is called for each (to write its trace). At most one
    failure per call. Same arguments, same result (timings aside) -- unless shrinking a long
    failing game reaches the outer time cap of properties/hypothesis_runs.py
    (``SHRINK_SECONDS_CAP``, not hypothesis's own 300 s), when the shrunk game may differ."""
    cls = machine or machine_class(game, Recorder(), max_game_steps, check_every, vary_rulings, seed, draws)
    if refine:
        cls = type(cls.__name__, (cls,), {"refine": True})
    rec = cls.recorder
    phases = PHASES if shrink else tuple(p for p in PHASES if p != Phase.shrink)
    failures = []
    t0 = time.perf_counter()
    try:
        with isolated():
            run_state_machine_as_test(cls, settings=machine_settings(max_examples, step_count, phases=phases))
    except Exception as e:  # noqa: BLE001 -- every failure becomes a record
        f = dict(rec.last_failure or {"what": "", "game": cls.game, "scenario": "", "length": "", "rulings": {},
                                      "options": None, "actions": [], "players": [], "steps": 0})
        if not f["what"]:
            f["what"] = f"{type(e).__name__}: {e}"
        elif type(e).__name__.startswith("Flaky"):  # the shrunk game did not fail again
            f["what"] = f"flaky ({type(e).__name__}): {f['what']}"
        failures.append(f)
    took = time.perf_counter() - t0
    for f in failures:
        if on_failure is not None:
            on_failure(f)
    stats = {"runs": rec.runs, "steps": rec.steps, "seconds": round(took, 3),
             "steps_per_second": round(rec.steps / took, 1) if took > 0 else 0.0,
             "games": rec.games, "games_with_options": rec.games_with_options,
             "games_finished": rec.games_finished, "longest_game": rec.longest_game,
             "endings": dict(sorted(rec.endings.items())),
             "max_examples": max_examples, "step_count": step_count, "seed": seed}
    return {"stats": stats, "failures": failures}
