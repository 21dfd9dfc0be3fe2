"""The hypothesis state machine of the properties issue, run with differing rulings side by side
(issue 7, item 4; for every game with a registry, issue 29 item 5): a divergence the game's
ambiguity registry does not name is a failure that hypothesis shrinks to a minimal game.

One run of :class:`SideBySideMachine` plays *pairs* of games of one game:

* ``start_pair`` (the initialize rule, and ``step`` again once a pair is over) draws one
  alternative of :func:`cdg_oracle.properties.discovery.alternatives` -- a switch and one of its
  non-default values, the first alternative first so that a failure shrinks towards it -- the
  scenario, the game length and the game options, from the strategies of the game's
  :attr:`~cdg_oracle.properties.impact.Measurement.machine_game` (Labyrinth's: a solo game for a
  ``solo_`` switch, else two-player or solo as its state machine draws them; by default the
  game's scenarios and lengths in order, no options). Game *a* is played under the default
  rulings, game *b* under that one switch changed; each is a
  :class:`cdg_oracle.properties.stateful.Walk`, so both keep every check of the state machine
  (the game's invariants, no dead end, exact chance, the JSON round trip, determinism) after
  every step;
* ``step`` draws the index of a legal action of game *a* (or of a chance outcome) and plays the same
  action in both games, while they have not parted.

After every step the two games are compared (:func:`cdg_oracle.properties.discovery.divergence`:
the canonical states, then the questions). When they part, the rules and cards both games cited at
that step are looked up in the registry: if an entry with that switch names one of them
(:func:`cdg_oracle.properties.discovery.names`) the pair is over and the next step starts another;
if none does, the machine fails with :class:`UnnamedDivergence`, and hypothesis shrinks the run to
the shortest game it can find that parts at a rule the registry does not connect to the switch --
a candidate new ambiguity with a minimal witness. (The seeded walker of ``discovery.discover``
counts divergences over many pairs; this machine finds and shrinks one candidate per run.)

``properties`` never imports ``oracle``: the caller writes the witness as a trace.
"""
from __future__ import annotations

import copy
import time
from dataclasses import dataclass, field

from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from cdg_oracle.model.core.registry import get
from cdg_oracle.properties.discovery import alternatives, divergence, entries_of, names
from cdg_oracle.properties.hypothesis_runs import isolated
from cdg_oracle.properties.impact import measurement_of
from cdg_oracle.properties.pairs import cited, pair_rulings, split
from cdg_oracle.properties.stateful import CHECK_EVERY, NO_OPTIONS, PHASES, Walk, machine_settings

#: A game of a pair not over after this many steps is flagged (as in the state machine).
MAX_GAME_STEPS = 10_000
#: Shrinking a candidate ends after this many runs of the machine per example of the hunt (a count,
#: the same on every machine; Twilight Struggle's report hunt, 15 runs of 300 steps, is not shrunk
#: to its end in 25 minutes of a loaded machine, and hypothesis's own five-minute clock had cut it
#: at 65 to 79 shrinking runs as the load varied).
SHRINK_RUNS_PER_EXAMPLE = 5


class UnnamedDivergence(AssertionError):
    """Two games that differ in one switch parted at rules and cards no registry entry with that
    switch names."""


@dataclass
class HuntRecorder:
    """What the machines of one hypothesis run did; ``last`` is the last candidate found (hypothesis
    re-runs the shrunk example last, so after a failing run it is the minimal one)."""

    runs: int = 0
    pairs: int = 0
    steps: int = 0
    divergences: int = 0
    named: int = 0
    last: dict | None = None
    problem: str | None = None        # a check of the state machine failed (not a candidate)
    named_by: dict = field(default_factory=dict)   # switch -> entry ids that named its divergences


class SideBySideMachine(RuleBasedStateMachine):
    """Pairs of games under the default rulings and under one switch changed, the same choices in
    both, until they part; a parting no registry entry names fails the run (see the module)."""

    recorder = HuntRecorder()
    game = ""
    by_switch: dict = {}
    alts: list = []
    max_game_steps = MAX_GAME_STEPS
    check_every = CHECK_EVERY

    def __init__(self):
        super().__init__()
        self.a: Walk | None = None
        self.b: Walk | None = None
        self.alt: tuple = ()
        self.over = True
        self.recorder.runs += 1

    def _new_pair(self, data) -> None:
        k = data.draw(st.integers(0, len(self.alts) - 1), label="alternative")
        switch, default, value = self.alts[k]
        scenarios, lengths, options_of = machine_game(self.game, switch)
        scenario, length = data.draw(scenarios, label="scenario"), data.draw(lengths, label="length")
        options = data.draw(options_of, label="options")
        self.alt = (switch, default, value)
        rulings = pair_rulings(self.game, switch, (default, value))
        self.a = Walk(self.game, scenario, length, rulings[0], self.max_game_steps, self.check_every, options)
        self.b = Walk(self.game, scenario, length, rulings[1], self.max_game_steps, self.check_every, options)
        self.over = False
        self.recorder.pairs += 1
        self._each(lambda w: w.check())
        setup = measurement_of(self.game).setup_rule
        self._compare([setup], [setup])

    @initialize(data=st.data())
    def start_pair(self, data):
        """A pair of games: an alternative reading, a scenario, a length, the game options."""
        self._new_pair(data)

    @rule(data=st.data())
    def step(self, data):
        """The index of a legal action (or chance outcome) of game a, played in both games; once the
        pair is over (parted at a named rule, or the game ended), a new pair."""
        if self.over:
            self._new_pair(data)
            return
        legal = self.a.state.legal_actions()
        i = data.draw(st.integers(0, len(legal) - 1), label="index")
        act = legal[i]
        self._each(lambda w: w.apply(copy.deepcopy(act)))
        self.recorder.steps += 1
        self._compare(self.a.state.applied_rules(), self.b.state.applied_rules())

    @invariant()
    def both_games_keep_the_contract(self):
        """Every check of the state machine holds in both games (:meth:`Walk.check`)."""
        if self.a is not None and not self.over:
            self._each(lambda w: w.check())

    def _each(self, call) -> None:
        """``call(walk)`` for game a, then game b; a failure of the state machine's checks (or a
        crash of the model) is recorded as a problem, not a candidate, and re-raised."""
        for walk in (self.a, self.b):
            try:
                call(walk)
            except Exception as e:
                side = "a" if walk is self.a else "b"
                self.recorder.problem = f"game {side} ({walk.rulings or 'default rulings'}): " \
                                        f"{walk.why or f'{type(e).__name__}: {e}'}"
                raise

    def _compare(self, applied_a: list, applied_b: list) -> None:
        a, b = self.a.state, self.b.state
        paths = divergence(a, b)
        if not paths:
            if a.is_terminal():
                self.over = True
            return
        self.over = True
        rec = self.recorder
        rec.divergences += 1
        cited_a, cited_b = cited(a, paths, applied_a), cited(b, paths, applied_b)
        rules, cards = split(cited_a + cited_b)
        switch, default, value = self.alt
        naming = [e.id for e in self.by_switch.get(switch, []) if names(e, rules, cards)]
        if naming:
            rec.named += 1
            rec.named_by[switch] = sorted(set(rec.named_by.get(switch, [])) | set(naming))
            return
        rec.last = {"switch": switch, "values": [default, value], "rules": rules, "cards": cards,
                    "cited": {"a": cited_a, "b": cited_b}, "diff_paths": paths,
                    "scenario": self.a.scenario, "length": self.a.length,
                    "options": copy.deepcopy(self.a.options),
                    "rulings": {"a": dict(self.a.rulings), "b": dict(self.b.rulings)},
                    "actions": copy.deepcopy(self.a.actions), "steps": len(self.a.actions)}
        raise UnnamedDivergence(
            f"{switch} {default!r} -> {value!r} parts the games at {', '.join(rules) or '-'}"
            f"{' (cards ' + ', '.join(map(str, cards)) + ')' if cards else ''}, which no entry with that "
            f"switch names (after {len(self.a.actions)} steps of {self.a.scenario})")


def machine_game(game: str, switch: str) -> tuple:
    """The strategies of a pair's scenario, length and options when ``switch`` is varied: the
    game's :attr:`Measurement.machine_game`, else the game's scenarios and lengths in order and no
    options."""
    chosen = measurement_of(game).machine_game
    if chosen is not None:
        return chosen(switch)
    spec = get(game)
    return st.sampled_from(list(spec.scenarios())), st.sampled_from(list(spec.lengths)), NO_OPTIONS


def hunt(game: str, seed: int, max_examples: int, step_count: int, registry=None, switches=None,
         shrink: bool = True) -> dict:
    """Run the side-by-side machine of ``game`` under hypothesis with a fixed seed:
    ``max_examples`` runs of up to ``step_count`` steps, varying the alternatives of ``switches``
    (None: every switch) and judging partings against ``registry`` (None: the game's registry; a
    directory; or entries). Returns::

        {"stats": {"runs", "pairs", "steps", "divergences", "named", "seconds", "seed",
                   "max_examples", "step_count", "shrink_cut_by_clock"},
         "candidate": None or {"switch", "values", "rules", "cards", "cited", "diff_paths",
                               "scenario", "length", "options", "rulings": {"a", "b"},
                               "actions", "steps"},
         "problem": None or the words of a failed state-machine check}

    The candidate is the minimal game hypothesis shrank to: ``spec.new_state(scenario, length,
    rulings[x], options)`` fed ``actions`` parts from its twin at the last action (0 actions: at
    set-up). Same arguments, same result (timings aside) on every machine: the shrinking is bounded
    by counts -- hypothesis's own and at most :data:`SHRINK_RUNS_PER_EXAMPLE` times ``max_examples``
    runs -- not by hypothesis's five-minute clock (properties/hypothesis_runs.py); only a run that
    reaches the outer cap of ``SHRINK_SECONDS_CAP`` may differ, and it says so
    (``shrink_cut_by_clock``)."""
    entries = entries_of(game, registry)
    by_switch: dict = {}
    for e in entries:
        if e.switch:
            by_switch.setdefault(e.switch, []).append(e)
    rec = HuntRecorder()
    cls = type("SideBySideMachine", (SideBySideMachine,), {
        "recorder": rec, "game": game, "by_switch": by_switch, "alts": alternatives(game, switches)})
    cls = hypothesis_seed(seed)(cls)
    phases = PHASES if shrink else tuple(p for p in PHASES if p.name != "shrink")
    t0 = time.perf_counter()
    candidate = problem = None
    try:
        with isolated(shrink_calls=SHRINK_RUNS_PER_EXAMPLE * max_examples) as run:
            run_state_machine_as_test(cls, settings=machine_settings(max_examples, step_count, phases=phases))
    except UnnamedDivergence:
        candidate = rec.last
    except Exception as e:  # noqa: BLE001 -- a failed check of the state machine is reported
        problem = rec.problem or f"{type(e).__name__}: {e}"
    stats = {"runs": rec.runs, "pairs": rec.pairs, "steps": rec.steps, "divergences": rec.divergences,
             "named": rec.named, "seconds": round(time.perf_counter() - t0, 3), "seed": seed,
             "max_examples": max_examples, "step_count": step_count, "shrink_cut_by_clock": run.cut_by_clock}
    return {"stats": stats, "candidate": candidate, "problem": problem}
