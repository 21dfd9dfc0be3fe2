"""OpenSpiel benchmark (issue 32 item 5): random playouts through OpenSpiel against the native model,
in one run, as a ratio of the cost of a step; OpenSpiel's own share of it (the floor); and states
copied per second, both ways.

    python benchmarks/openspiel.py [--game labyrinth] [--games 20] [--repeat 3] [--processes 5] [--seed 0]

For each game (every game of the registry with an action encoding, or the one named), random
complete games of its default scenario are played natively (the contract: ``legal_actions``,
``chance_outcomes``, ``apply``; oracle/playout.py's random choices), and each, right after, the
same game through OpenSpiel (``pyspiel.load_game("cdg_<game>")``): at each node what a random
playout asks of it (``is_chance_node``, the legal ids or the chance outcomes as floats, a random
draw) and ``apply_action`` of the recorded choice's id. The same games, so ``ratio`` is the cost of
the binding: OpenSpiel's seconds over native seconds for the same steps (the target: at most 1.2).
The binding keeps the answers of the option lists it meets (oracle/openspiel.py ``forget``): they
are forgotten before each timed game, so a game never gains from its replays (within one game, a
list met before is read back: as in any long run).

**The floor.** Each game is played a third way, through a trivial Python game registered with
pyspiel as the binding registers its games (``cdg_floor_<game>``: a class per game, the same type
and sizes), whose state replays the OpenSpiel answers recorded for that game (untimed): each
method returns its recorded answer at once, ``_apply_action`` moves to the next node, and
``legal_actions``/``is_chance_node`` are answered from Python as the binding answers them. Its
cost of a step (``dispatch``) is OpenSpiel's own for the same nodes, which no binding written in
Python can remove: ``apply_action``'s history and its two calls back into Python (the player, the
step), the calls themselves. ``floor ratio`` = (native + dispatch) / native, the least ratio such
a binding can show; ``binding`` = OpenSpiel's cost less native and dispatch, the binding's own
work (the ids, the sorted lists, the floats, the kept answers). The model's side of the ids (a
question saying what its actions were built from, model/core/stack.py: an assignment at each
question it poses) is in native's figure as well as OpenSpiel's: ``--only native`` before and
after such a change shows what it costs the model itself (docs/openspiel.md, the sixth round).

**The apply floor.** The floor game played once more with the model inside: its
``_apply_action`` also runs the model's ``apply`` of the recorded action, inside OpenSpiel's call
as the binding runs it, every answer still ready. ``apply floor`` = its cost over native: the
dispatch and whatever running the model under OpenSpiel's call costs, without the binding's
answers (the native side also pays its choices: the legal actions, the outcomes, the draw, so
this floor can be below the floor ratio). What the binding costs above it is its answers.

The clock is the process's CPU time (``time.process_time``: every thread of the process; a
playout starts none, the binding importing numpy only for its tensors, and BLAS threads are held
to one here should anything import it), and each game is played
``--repeat`` times each way, alternately, keeping the fastest of each: on a shared machine the
other work's time is not counted and its disturbances mostly not.

**Several processes.** That one-run estimate (the sums of the games' fastest plays) still moved
by up to 0.05 from run to run (Labyrinth, 30 runs: 1.146-1.193), and the games' minima are not
where it moves: within one process, the ratios of two or three blocks of three plays of each game agree
within 0.01-0.02, while processes differ by up to 0.05 (docs/openspiel.md, the ninth round).
What a process is dealt at its start (where its objects fall in memory and so in the caches;
its hash seed was ruled out: a fixed ``PYTHONHASHSEED`` spread as wide) moves the two sides'
times unequally, and no repetition inside the process averages it out. So the figures are
taken over ``--processes`` (default 5) worker processes, run one after another (this script
again with ``--worker``), each measuring exactly as one run did before: every figure printed is
the median over them (the ratio: the median of the processes' ratios, their lowest and highest
beside it as ``ratio range`` and each listed below the table), as pyperf runs a benchmark in
several processes for the same reason. It cannot move the centre in OpenSpiel's favour by
construction: each process's ratio is the one-run estimate, unchanged, both sides measured in
it alike, and the median of independent draws of an estimate is centred where the draws are
(the median of the old runs); it only narrows the spread (Labyrinth: six medians of five
processes 1.168-1.184 against 1.146-1.193 for the 30 processes they were taken over, the same
centre, 1.180 and 1.179). ``--processes 1`` measures in this process, one run as before.
``clones/s`` (the first process's) copies a mid-game state (after ``--clone-after`` steps)
repeatedly: the model's ``clone()`` against OpenSpiel's ``state.clone()`` (which copies only the
model state). ``log10 p``: the probability that a random playout samples the first game played,
the weight outcome-sampling CFR divides by (a float is 0 below about 1e-308: docs/openspiel.md).
Prints the figures; asserts nothing (speed is measured here, never in tests).

``--only native|openspiel|none`` plays the games one way only, untimed (``none``: only the setup,
the games played natively once to record them): under ``valgrind --tool=cachegrind`` the
difference of two counts is the instructions the games cost each way, a figure the machine's
other work does not move (docs/openspiel.md, "Measured"). Run valgrind on the interpreter itself
(``python -c "import sys; print(sys.executable)"``: a pyenv shim is a shell script, and valgrind
does not follow its ``exec`` into Python) with ``PYTHONHASHSEED=0`` (string hashes, and with them
set and dict layouts, are otherwise new at each run: the counts then move by about 1 %), each
count in a run of its own after one untimed run has compiled the tree's ``.pyc`` files. (When
the binding imported numpy, its BLAS threads were seen to move a count by about 1 000
instructions a step of Labyrinth under valgrind, and numpy's objects the garbage collector's
passes; the binding no longer imports numpy for a playout, and this script sets
``OPENBLAS_NUM_THREADS=1`` before any import. In time the threads
never counted: ``process_time`` equalled the main thread's ``thread_time`` over a whole game, the
threads idle until a BLAS call.) ``--cache-sim=yes --branch-sim=yes`` also counts the simulated
cache misses and branch mispredictions, which explain why the time ratio exceeds the
instruction ratio (docs/openspiel.md, the fifth round).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

# numpy's BLAS threads, should anything import numpy (the binding imports it only for the tensors,
# which a playout never asks): one thread, set before any import can start them (the docstring)
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pyspiel  # noqa: E402

from cdg_oracle.model.core.registry import get  # noqa: E402
from cdg_oracle.oracle import action_tables, openspiel  # noqa: E402
from cdg_oracle.oracle.playout import choose  # noqa: E402


#: the clock: this process's CPU seconds, so that the machine's other work (a shared machine) does
#: not count in either way's figure
CLOCK = time.process_time


def native_game(spec, scenario: str, seed: int) -> tuple[list, float]:
    """A random game of the model (oracle/playout.py's choices); its actions and its seconds."""
    rng = random.Random(seed)
    t0 = CLOCK()
    st = spec.new_state(scenario, spec.lengths[0], None, None)
    played = []
    while not st.is_terminal():
        action = choose(rng, st)
        st.apply(action)
        played.append(action)
    return played, CLOCK() - t0


def log10_sampling_probability(spec, scenario: str, played: list) -> float:
    """log10 of the probability that a random playout (uniform choices, chance by its
    probabilities) samples the game ``played``: what outcome-sampling CFR divides by."""
    st = spec.new_state(scenario, spec.lengths[0], None, None)
    total = 0.0
    for action in played:
        if st.current_player() == "chance":
            p = next(p for a, p in st.chance_outcomes() if a == action)
            total += math.log10(p.numerator) - math.log10(p.denominator)
        else:
            total -= math.log10(len(st.legal_actions()))
        st.apply(action)
    return total


def spiel_game(game, ids: list[int], seed: int, name: str | None = None) -> float:
    """The same game through OpenSpiel: at each node what a random playout asks (the legal ids or
    the chance outcomes, and a random draw over them), then the recorded choice; its seconds.
    ``name``: the registry game, whose kept answers the binding forgets first (``forget``: the
    figure does not gain from the same game played before)."""
    if name is not None:
        openspiel.forget(name)
    rng = random.Random(seed)
    t0 = CLOCK()
    state = game.new_initial_state()
    for action in ids:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            rng.random()
        else:
            legal = state.legal_actions()
            rng.randrange(len(legal))
        state.apply_action(action)
    assert state.is_terminal()
    return CLOCK() - t0


def spiel_nodes(game, ids: list[int]) -> list[tuple]:
    """What OpenSpiel answered at each node of the game ``ids`` (untimed): ``(player, the legal ids
    or the chance outcomes)``, the player as the binding gives it; the last entry the end."""
    state = game.new_initial_state()
    nodes = []
    for action in ids:
        player = state.current_player()
        nodes.append((player, state.chance_outcomes() if state.is_chance_node() else state.legal_actions()))
        state.apply_action(action)
    nodes.append((state.current_player(), []))
    return nodes


class _FloorState(pyspiel.State):
    """A state of the floor game: node ``i`` of a recorded game, every answer ready."""

    def __init__(self, game):
        super().__init__(game)
        self.nodes = game.nodes
        self.i = 0

    def current_player(self):
        return self.nodes[self.i][0]

    def is_terminal(self):
        return self.nodes[self.i][0] is pyspiel.PlayerId.TERMINAL

    def _legal_actions(self, player):
        return self.nodes[self.i][1]

    # answered from Python, as the binding answers them (oracle/openspiel.py)
    def legal_actions(self, player=None):
        p, answer = self.nodes[self.i]
        if type(p) is int and (player is None or player == p):
            return answer
        return super().legal_actions() if player is None else super().legal_actions(player)

    def is_chance_node(self):
        return self.nodes[self.i][0] is pyspiel.PlayerId.CHANCE

    def chance_outcomes(self):
        return self.nodes[self.i][1]

    def _apply_action(self, action):
        self.i += 1

    def _action_to_string(self, player, action):
        return str(action)

    def returns(self):
        return [0.0] * self.get_game().num_players()

    def __str__(self):
        return str(self.i)


class _ApplyFloorState(_FloorState):
    """A state of the floor game that also runs the model's ``apply`` of the recorded action in
    ``_apply_action`` (inside OpenSpiel's call, as the binding does), every answer still ready:
    the least any binding can cost that applies the step where OpenSpiel asks it to."""

    def __init__(self, game):
        super().__init__(game)
        self.st = game.first.clone()
        self.played = game.played

    def _apply_action(self, action):
        self.st.apply(self.played[self.i])
        self.i += 1


def floor_game(name: str, game):
    """The floor: a trivial Python game registered with pyspiel the way the binding registers
    ``cdg_<name>`` (a class per game, the same type and sizes), whose state replays a recorded game
    (``game_.nodes``, from :func:`spiel_nodes`): every method returns the recorded answer at once
    and ``_apply_action`` moves to the next node. Its cost per step is OpenSpiel's own dispatch
    (the calls from C++ into Python a playout makes, the lists converted both ways) for the same
    nodes: what no binding can remove."""
    short = f"cdg_floor_{name}"
    real = game.get_type()
    gtype = pyspiel.GameType(
        short_name=short, long_name=short, dynamics=real.dynamics, chance_mode=real.chance_mode,
        information=real.information, utility=real.utility, reward_model=real.reward_model,
        max_num_players=real.max_num_players, min_num_players=real.min_num_players,
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=False, provides_observation_tensor=False, parameter_specification={})
    info = pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions(), max_chance_outcomes=game.max_chance_outcomes(),
        num_players=game.num_players(), min_utility=-1.0, max_utility=1.0,
        utility_sum=0.0 if game.num_players() == 2 else None, max_game_length=game.max_game_length())

    class FloorGame(pyspiel.Game):
        def __init__(self, params=None):
            super().__init__(gtype, info, params or {})
            self.nodes = [(pyspiel.PlayerId.TERMINAL, [])]
            self.played = None  # the model's actions, for the apply floor (None: the dispatch floor)
            self.first = None  # the model's first state, for the apply floor

        def new_initial_state(self):
            return _FloorState(self) if self.played is None else _ApplyFloorState(self)

    if short not in pyspiel.registered_names():
        pyspiel.register_game(gtype, FloorGame)
    return pyspiel.load_game(short)


def node_kind(st, table) -> str:
    """The kind of the node ``st`` is at, as the binding answers it: ``draw`` (a wide chance node
    whose numbers the game hands over, ``ActionTable.chance_run``), ``chance`` (another chance
    node), ``chance, hinted`` (its outcomes handed over: a die's constant faces), ``decision``,
    ``decision, hinted`` (its ids handed over: ``action_hint``, model/core/stack.py)."""
    if st.current_player() == "chance":
        if table.chance_run(st) is not None:
            return "draw"
        base = "chance"
    else:
        base = "decision"
    hint = getattr(st, "action_hint", None)
    return base + ", hinted" if hint is not None and hint() is not None else base


def breakdown(spec, scenario: str, game, seeds: list[int], repeat: int) -> dict:
    """Where a step's time goes, in microseconds a step of each kind (:func:`node_kind`): each call
    timed alone (``time.perf_counter``), the fastest of ``repeat`` replays of each game kept step
    by step (the least disturbed). Through OpenSpiel: ``is_chance_node``, the ask (the legal ids
    or the chance outcomes), ``apply_action`` (with the model's ``apply``); natively: the choice
    (oracle/playout.py ``choose``: the player, the legal actions or outcomes, a draw) and
    ``apply``. The two states take each step one after the other, and the model's ``apply`` run
    second, the same step just run, is 15-30 % faster than run first (its code and data still in
    the caches; measured both ways round): the replays alternate which side steps first (OpenSpiel
    in the first), so that each side's fastest replay of a step is one where it ran second."""
    table = spec.action_table()
    clock = time.perf_counter
    total: dict = {}
    for seed in seeds:
        played, _ = native_game(spec, scenario, seed)
        ids = [table.action_id(a) for a in played]
        best = None
        for r in range(repeat):
            rows = []
            openspiel.forget(spec.name)  # as spiel_game: nothing kept from the replay before
            state = game.new_initial_state()
            state.native()  # the first state, cloned outside the timing
            st = spec.new_state(scenario, spec.lengths[0], None, None)
            rng = random.Random(seed)
            native_first = r % 2 == 1  # the side run second is faster (below): each is, in a replay
            for action, aid in zip(played, ids):
                kind = node_kind(st, table)
                if native_first:
                    n0 = clock()
                    choose(rng, st)
                    n1 = clock()
                    st.apply(action)
                    n2 = clock()
                t0 = clock()
                chance = state.is_chance_node()
                t1 = clock()
                state.chance_outcomes() if chance else state.legal_actions()
                t2 = clock()
                state.apply_action(aid)
                t3 = clock()
                if not native_first:
                    n0 = clock()
                    choose(rng, st)
                    n1 = clock()
                    st.apply(action)
                    n2 = clock()
                rows.append((kind, t1 - t0, t2 - t1, t3 - t2, n1 - n0, n2 - n1))
            best = rows if best is None else [(a[0], *map(min, a[1:], b[1:])) for a, b in zip(best, rows)]
        for row in best:
            acc = total.setdefault(row[0], [0, 0.0, 0.0, 0.0, 0.0, 0.0])
            acc[0] += 1
            for i, t in enumerate(row[1:], 1):
                acc[i] += t
    return {kind: [acc[0]] + [1e6 * t / acc[0] for t in acc[1:]] for kind, acc in total.items()}


def clones_per_second(state, seconds: float = 1.0) -> float:
    n, t0 = 0, CLOCK()
    while CLOCK() - t0 < seconds:
        for _ in range(20):
            state.clone()
        n += 20
    return n / (CLOCK() - t0)


def measure(name: str, games: int, repeat: int, seed: int, clone_after: int | None) -> dict:
    """One process's figures for game ``name`` (the module docstring): its first ``games`` random
    games played natively, through OpenSpiel, through the floor game and the apply floor, one
    after another, ``repeat`` times each way, the fastest of each game each way kept; their sums
    in seconds (``native``, ``spiel``, ``dispatch``, ``applied``), the ``steps``, the first game's
    steps and log10 sampling probability (``logp``) and, unless ``clone_after`` is None, states
    copied per second each way after that many steps (``clones``: native, OpenSpiel; else None)."""
    spec = get(name)
    scenario = spec.default_scenario or spec.scenarios()[0]
    game = openspiel.load(name, scenario=scenario, length=spec.lengths[0])
    floor = floor_game(name, game)
    table = spec.action_table()
    floor.first = spec.new_state(scenario, spec.lengths[0], None, None)
    steps, native, spiel, dispatch, applied, logp = 0, 0.0, 0.0, 0.0, 0.0, None
    for k in range(games):
        best = [math.inf] * 4  # native, OpenSpiel, floor, apply floor: the fastest of --repeat runs each
        for r in range(repeat):
            played, secs = native_game(spec, scenario, seed + k)
            if r == 0:
                ids = [table.action_id(a) for a in played]
                floor.nodes = spiel_nodes(game, ids)
                if logp is None:
                    logp = (len(played), log10_sampling_probability(spec, scenario, played))
            floor.played = None
            times = [secs, spiel_game(game, ids, seed + k, name), spiel_game(floor, ids, seed + k)]
            floor.played = played
            times.append(spiel_game(floor, ids, seed + k))
            best = list(map(min, best, times))
        steps += len(played)
        native, spiel, dispatch, applied = native + best[0], spiel + best[1], dispatch + best[2], applied + best[3]
    copies = None
    if clone_after is not None:  # a mid-game state, both ways
        state = game.new_initial_state()
        rng = random.Random(seed)
        for _ in range(clone_after):
            if state.is_terminal():
                break
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        copies = (clones_per_second(state.native()), clones_per_second(state))
    return {"steps": steps, "native": native, "spiel": spiel, "dispatch": dispatch, "applied": applied,
            "logp": logp, "clones": copies}


def worker_figures(argv: list[str]) -> dict:
    """The figures of one worker process (:func:`measure` of each game, by name): this script run
    again with ``argv`` and ``--worker``, which prints them as one JSON line."""
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), *argv, "--worker"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out.splitlines()[-1])


def summary_row(name: str, runs: list[dict]) -> str:
    """The printed row of game ``name`` from its workers' figures (:func:`measure`, one each): the
    median over the workers of each figure (the ratio: the median of the workers' ratios; a
    figure a step: of its per-worker values) and the range of the workers' ratios."""
    us = [1e6 / r["steps"] for r in runs]  # seconds -> microseconds a step
    med = statistics.median
    ratios = [r["spiel"] / r["native"] for r in runs]
    native, spiel = med(r["native"] * u for r, u in zip(runs, us)), med(r["spiel"] * u for r, u in zip(runs, us))
    dispatch = med(r["dispatch"] * u for r, u in zip(runs, us))
    floor = med((r["native"] + r["dispatch"]) / r["native"] for r in runs)
    applied = med(r["applied"] / r["native"] for r in runs)
    binding = med((r["spiel"] - r["native"] - r["dispatch"]) * u for r, u in zip(runs, us))
    copies = next(r["clones"] for r in runs if r["clones"] is not None)
    spread = f"{min(ratios):.2f}-{max(ratios):.2f}"
    return (f"{name:<20} {native:>14.1f} {spiel:>17.1f} {med(ratios):>6.3f} {spread:>11} {dispatch:>16.1f} "
            f"{floor:>11.2f} {applied:>11.2f} {binding:>15.1f} {copies[0]:>15.0f} {copies[1]:>18.0f} "
            f"{runs[0]['logp'][0]:>20} {runs[0]['logp'][1]:>6.0f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", help="a game of the registry (default: every one with an encoding)")
    ap.add_argument("--games", type=int, default=20, help="random games each way (default 20)")
    ap.add_argument("--repeat", type=int, default=3,
                    help="runs of each game each way, the fastest kept (default 3: the least disturbed by other work)")
    ap.add_argument("--processes", type=int, default=5,
                    help="worker processes, one after another, each measuring every game (default 5); the "
                         "figures are their medians (1: measured in this process, one run)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--breakdown", action="store_true",
                    help="also where a step's time goes, call by call (the first 5 games of each)")
    ap.add_argument("--clone-after", type=int, default=100, help="steps played before the clone measure")
    ap.add_argument("--only", choices=("none", "native", "openspiel"),
                    help="play the --games games one way only, untimed, and print nothing else: for an "
                         "instruction count (valgrind --tool=cachegrind), less that of --only none")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)  # worker_figures's
    ap.add_argument("--no-clones", action="store_true", help=argparse.SUPPRESS)  # a worker after the first
    args = ap.parse_args(argv)
    names = args.game or action_tables.games()
    if args.only:
        for name in names:
            spec = get(name)
            scenario = spec.default_scenario or spec.scenarios()[0]
            game = openspiel.load(name, scenario=scenario, length=spec.lengths[0])
            table = spec.action_table()
            games = []
            for k in range(args.games):
                played, _ = native_game(spec, scenario, args.seed + k)
                games.append((args.seed + k, [table.action_id(a) for a in played]))
            for seed, ids in games:
                if args.only == "native":
                    native_game(spec, scenario, seed)
                elif args.only == "openspiel":
                    spiel_game(game, ids, seed, name)
            print(f"{name}: {sum(len(ids) for _, ids in games)} steps, played {args.only}")
        return 0
    if args.worker:
        print(json.dumps({name: measure(name, args.games, args.repeat, args.seed,
                                          None if args.no_clones else args.clone_after)
                          for name in names}))
        return 0
    print(f"{'game':<20} {'native us/step':>14} {'openspiel us/step':>17} {'ratio':>6} {'ratio range':>11} "
          f"{'dispatch us/step':>16} {'floor ratio':>11} {'apply floor':>11} {'binding us/step':>15} "
          f"{'native clones/s':>15} {'openspiel clones/s':>18} {'first game: steps, log10 p':>27}", flush=True)
    if args.processes > 1:
        common = [a for name in names for a in ("--game", name)] + [
            "--games", str(args.games), "--repeat", str(args.repeat), "--seed", str(args.seed),
            "--clone-after", str(args.clone_after)]
        workers = [worker_figures(common + ([] if i == 0 else ["--no-clones"])) for i in range(args.processes)]
        for name in names:
            print(summary_row(name, [w[name] for w in workers]), flush=True)
        for name in names:  # each process's ratio: the one-run estimate whose median is the row's
            print(f"{name}: the processes' ratios, in turn: "
                  + " ".join(f"{w[name]['spiel'] / w[name]['native']:.3f}" for w in workers))
    else:
        for name in names:
            print(summary_row(name, [measure(name, args.games, args.repeat, args.seed, args.clone_after)]), flush=True)
    if args.breakdown:
        print(f"\n{'game':<20} {'node':<16} {'steps':>6} {'is_chance_node':>14} {'ask':>6} {'apply_action':>12} "
              f"{'native choose':>13} {'native apply':>12}   (microseconds a step)")
        for name in names:
            spec = get(name)
            scenario = spec.default_scenario or spec.scenarios()[0]
            game = openspiel.load(name, scenario=scenario, length=spec.lengths[0])
            seeds = [args.seed + k for k in range(min(5, args.games))]
            for kind, (n, icn, ask, apply, choose_, native_apply) in sorted(
                    breakdown(spec, scenario, game, seeds, args.repeat).items(), reverse=True):
                print(f"{name:<20} {kind:<16} {n:>6} {icn:>14.1f} {ask:>6.1f} {apply:>12.1f} {choose_:>13.1f} "
                      f"{native_apply:>12.1f}", flush=True)
    print(f"({max(args.processes, 1)} worker process(es) one after another, each {args.games} random games of each game, "
          f"played natively, through OpenSpiel and through the floor game, one after another, the fastest of "
          f"{args.repeat} of each game each way kept; every figure the median over the processes; ratio: "
          f"OpenSpiel's cost of a step over the native one (ratio range: the processes' lowest and highest); "
          f"dispatch: the "
          f"floor game's cost of a step, OpenSpiel's own calls for the same nodes; floor ratio: (native + "
          f"dispatch) / native, the least ratio any binding in Python can show; apply floor: the floor game "
          f"running the model's apply inside OpenSpiel's call, over native (the dispatch and what running the "
          f"model inside it costs); binding: OpenSpiel's cost less native and dispatch, the binding's own work; "
          f"clones/s: the first process's; log10 p: the probability that a random playout samples the first game, what "
          f"outcome-sampling CFR divides by: below -308 a float is 0; pyspiel "
          f"{getattr(pyspiel, '__version__', '?')})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
