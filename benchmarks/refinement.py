"""Refinement benchmark: what checking every model step against the proved transitions costs,
beside the campaign it checks, in one run.

    python benchmarks/refinement.py [--game labyrinth] [--games 10] [--seed 0] [--scenario NAME] [--solo] [--steps N]
    python benchmarks/refinement.py --game G --verify [--seed 1] [--steps N] [--again]
    python benchmarks/refinement.py --game G --mutants [--only NAME,...] [--mutant-games 5] [--mutant-steps 5000] [--out FILE]

The same seeded games of the checked walk (properties/walk.py: invariants, JSON round trip, dead
ends, as ``cdg-oracle verify``'s campaign plays them) are played twice, alternating game by game:
without the refinement check and with it (``refine=True``, properties/refinement.py). Prints the
steps per second of each, the ratio of their times (the issue's target: at most 2), the one-time
cost of building the game's moves (compiled once per process, left out of the ratio and printed
apart), the steps checked, stutters, matched and findings. ``--solo`` plays every scenario's solo
game too (two-player and solo in turn), ``--steps N`` cuts each game at N steps (the same cut for
both runs). ``--verify``: instead, the games ``cdg-oracle verify --seed SEED`` checks (its
refinement-checked campaign: the game's checks record's ``refinement_games`` rounds, each one
two-player game of every scenario, seed ``game_seed(SEED, k)``; verify's default seed is 1, so
``--verify --seed 1`` is what a plain ``cdg-oracle verify`` pays, this benchmark's default seed 0
another campaign), whole games unless ``--steps``: the steady state of the campaign the check is
run on, where first-use
builds amortise over longer games (the 60-step cut of ``--solo --steps 60`` is another figure: its
games are short, so first uses weigh more). Times are this process's CPU seconds
(``time.process_time``; z3 runs in the process), so other processes on a shared machine do not
move the ratio. It asserts nothing about speed
(speed is measured here, never in tests).

**Where the time goes** (``refinement.STATS`` over the checked games): the moves' z3 terms built on
their first use (a move is built when a step first checks a part of it, about 1 ms of CPU each
for Labyrinth's: a card's renamed from card 1's, ``Move.template``, and a country's from a country's of
one kind likewise, a search's candidate not built until then, ``Checker._declared``; another
country's from another country's where the terms are the same renamed,
``Move.labels``, a sum over every country one term,
``RefinementModel.symmetric``, its z3 queries then shared;
under 1 ms for A Distant Plain's: its terms not walked, ``Move.choices``, its guards without
a choice sorted out when the sequence search first asks, what a term reads walked only when a
finding or the whole relation asks, its slices keyed by the whole vector),
the z3 solver calls (slices of values never seen before that no recent witness of the move, nor
one translated from another space or from the move a composite starts with, satisfies, each
first asked with the move's choices of a space pinned, ``Move.labelled`` (the space the step
changed, else those its answer names, ``Refinement.action_labels``),
``_can_take`` queries no kept model or unsatisfiable core answers, each check of
``_partial``'s descents to a canonical witness, ``_lexicographic``) and the sequence
searches (parts tried,
the most by one search that matched and by one that failed, the searches stopped at
``SEARCH_BUDGET``); the ratio is printed again without the first-use builds, and without the
builds and z3 (what the check costs once its caches hold the values: Python alone), and without
the finding steps' checks (``STATS`` "findings", "finding seconds": a finding's search, bounded or
not, is the price of a finding; the ratio without it is the steady state a clean campaign pays;
both are printed, with the share of the checked run the findings took). **The floor**:
the walk plus the incremental abstraction alone (each game's states replayed apart and only the
abstraction timed), what any exact check must do before it decides a step.

``--again``: then the same games are played again in this process, both ways, and that pass's
ratio printed: every move built, every slice and search of these games met once already, so it
is what the check costs once its first uses are paid, the ratio a longer campaign tends to
(Labyrinth's verify campaign: 4.2x in the first pass, 1.6x in the second; docs/design.md).

``--mutants``: instead, every rule mutant of the game (its checks record's ``refinement_mutants``,
else its ``mutants``; properties/refinement_mutants.py ``registry``) is played with the refinement
check alone (``refinement_mutants.catches_mutant``: seeded random games in a worker process, no
invariants, no round trip, no second implementation): one line per mutant, caught or not, the rule
it breaks, and for a catch the game, the step, the rules the step cited and the transitions the
finding names; then how many were caught. ``--out FILE`` also writes them as JSON in
benchmarks/mutants.py ``--out``'s shape (through a temporary file and a rename, oracle/fileio.py):
the benchmark, tool and version, command, game, seed, games and steps per mutant, wall time, and
per mutant its name, rule, whether it was detected, the game and step of the finding, the steps
played and the seconds; ``cdg-oracle report`` plots ``reports/<game>/mutants.json``
(oracle/html/report.py). The seconds are this machine's; the rest is fixed by the seed.
"""
from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cdg_oracle.model.core.errors import DataError  # noqa: E402
from cdg_oracle.model.core.registry import get  # noqa: E402
from cdg_oracle.oracle import __version__  # noqa: E402
from cdg_oracle.oracle.fileio import check_output, write_atomic  # noqa: E402
from cdg_oracle.oracle.usage import UsageError  # noqa: E402
from cdg_oracle.properties import refinement, refinement_mutants  # noqa: E402
from cdg_oracle.properties.campaign import game_seed  # noqa: E402
from cdg_oracle.properties.walk import play_checked  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="labyrinth")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--scenario", default=None, help="default: every scenario in turn")
    ap.add_argument("--solo", action="store_true", help="also every scenario's solo game (Labyrinth: options solo)")
    ap.add_argument("--steps", type=int, default=0, help="at most this many steps a game (default: whole games)")
    ap.add_argument("--verify", action="store_true",
                    help="the games cdg-oracle verify --seed SEED checks (its refinement_games per scenario; "
                         "--games and --solo ignored)")
    ap.add_argument("--again", action="store_true",
                    help="then play the same games again in this process and print that pass's ratio "
                         "(every move built and seen once: the steady state)")
    ap.add_argument("--mutants", action="store_true", help="the mutants caught by the refinement check alone")
    ap.add_argument("--only", default="", help="with --mutants: these mutants (comma-separated)")
    ap.add_argument("--mutant-games", type=int, default=5, help="with --mutants: games per mutant (default 5)")
    ap.add_argument("--mutant-steps", type=int, default=5_000, help="with --mutants: steps per game at most (default 5000)")
    ap.add_argument("--out", metavar="FILE", help="with --mutants: also write the results as JSON to FILE "
                                                  "(e.g. reports/<game>/mutants.json)")
    args = ap.parse_args(argv)
    if args.out:
        try:
            check_output(args.out)
        except UsageError as e:
            ap.error(str(e))
        if not args.mutants:
            ap.error("--out goes with --mutants")
    try:
        spec = get(args.game)
    except DataError as e:  # an unknown game
        ap.error(str(e))
    if args.mutants:
        argv = sys.argv[1:] if argv is None else argv
        return mutants(spec.name, args.only, args.mutant_games, args.seed, args.mutant_steps,
                       out=args.out, argv=argv, error=ap.error)
    scenarios = [(s, None) for s in ([args.scenario] if args.scenario else list(spec.scenarios()))]
    if args.solo:
        scenarios = [x for s, _ in scenarios for x in ((s, None), (s, {"solo": True}))]
    schedule = [(*scenarios[k % len(scenarios)], game_seed(args.seed, k)) for k in range(args.games)]
    if args.verify:
        schedule = verify_schedule(spec, args.seed, args.scenario)
    limit = {"max_steps": args.steps} if args.steps else {}
    t0 = time.process_time()
    names = refinement.move_names(spec.name)   # builds the default Game's moves: the one-time cost
    moves = len(refinement.checker(spec.new_state(spec.default_scenario, "standard", None, None)).moves)
    build = time.process_time() - t0
    stats0 = dict(refinement.STATS)
    plain, checked, plain_steps, checked_steps, tallies, floor = timed_pass(spec, schedule, limit)
    stats = {k: v - stats0.get(k, 0) for k, v in refinement.STATS.items()}
    s = refinement.summary(spec.name, tallies)
    which = "verify's refinement-checked games" if args.verify else "games"
    print(f"refinement benchmark: {spec.name}, {len(schedule)} {which} (seed {args.seed}), {moves} moves ({len(names)} transitions) "
          f"built in {build:.1f} s (once per process)")
    print(f"  checked walk            : {plain_steps} steps in {plain:.2f} s = {plain_steps / plain:.0f} steps/s")
    print(f"  checked walk + refinement: {checked_steps} steps in {checked:.2f} s = {checked_steps / checked:.0f} steps/s")
    per_plain = plain / max(plain_steps, 1)
    ratio = (checked / max(checked_steps, 1)) / per_plain
    print(f"  ratio (with / without)  : {ratio:.2f}x per step  (target: at most 2x; a game stops at a finding)")
    built, z3s = stats.get("effects seconds", 0.0), stats.get("z3 seconds", 0.0)
    print(f"    of which building moves' terms on first use: {stats.get('effects built', 0)} moves, {built:.2f} s; "
          f"z3: {stats.get('z3 solver calls', 0)} solver calls, {z3s:.2f} s; sequence searches "
          f"{stats.get('sequence searches', 0)} ({stats.get('sequence parts tried', 0)} parts tried; at most "
          f"{stats.get('most parts tried by a search that matched', 0)} by one that matched, "
          f"{stats.get('most parts tried by a search that failed', 0)} by one that failed; "
          f"{stats.get('searches bounded', 0)} bounded at {refinement.SEARCH_BUDGET})")
    print(f"    ratio without the first-use builds: {((checked - built) / max(checked_steps, 1)) / per_plain:.2f}x; "
          f"without the builds and z3 (Python alone): {((checked - built - z3s) / max(checked_steps, 1)) / per_plain:.2f}x")
    fs, fn = stats.get("finding seconds", 0.0), stats.get("findings", 0)
    print(f"    ratio without the finding steps' checks (the steady state a clean campaign pays): "
          f"{((checked - fs) / max(checked_steps - fn, 1)) / per_plain:.2f}x; the {fn} finding steps' checks: "
          f"{fs:.2f} s ({fs / max(checked, 1e-9) * 100:.0f}% of the checked run)")
    print(f"  floor (the walk + the incremental abstraction, what any exact check must do): "
          f"{(plain + floor * plain_steps / max(checked_steps, 1)) / plain:.2f}x "
          f"({floor / max(checked_steps, 1) * 1e3:.2f} ms a step for the abstraction, the walk "
          f"{per_plain * 1e3:.2f} ms a step)")
    print(f"  steps checked {s['steps']}: {s['stutters']} stutters, {s['matched']} matched "
          f"(lengths {s['lengths']}), {len(s['findings'])} findings; "
          f"never matched: {len(s['never_matched'])} of {len(s['per_move'])} transitions")
    if args.again:
        plain2, checked2, steps2, checked_steps2, _, _ = timed_pass(spec, schedule, limit, floor=False)
        print(f"  the same games again in this process (every first use paid: the steady state a longer "
              f"campaign tends to): {(checked2 / max(checked_steps2, 1)) / (plain2 / max(steps2, 1)):.2f}x")
    return 0


def timed_pass(spec, schedule: list[tuple], limit: dict, floor: bool = True) -> tuple:
    """One pass over ``schedule``'s games, each played without the refinement check and then with
    it (CPU seconds each): (plain seconds, checked seconds, plain steps, checked steps, the checked
    games' refinement tallies, the abstraction's seconds over them: :func:`abstraction_seconds`,
    0 unless ``floor``)."""
    plain = checked = abstraction = 0.0
    plain_steps = checked_steps = 0
    tallies = []
    for scenario, options, seed in schedule:
        t = time.process_time()
        a = play_checked(spec.name, scenario, seed, options=options, keep_actions=True, **limit)
        plain += time.process_time() - t
        t = time.process_time()
        b = play_checked(spec.name, scenario, seed, options=options, refine=True, **limit)
        checked += time.process_time() - t
        plain_steps += a.steps
        checked_steps += b.steps
        tallies.append(b.refinement)
        if floor:
            abstraction += abstraction_seconds(spec, scenario, options, a.actions[:b.steps])
    return plain, checked, plain_steps, checked_steps, tallies, abstraction


def verify_schedule(spec, seed: int, scenario: str | None = None) -> list[tuple]:
    """The games ``cdg-oracle verify --seed SEED`` checks with the refinement check (oracle/verify.py,
    properties/campaign.py ``campaign``): rounds ``k`` below the game's checks record's
    ``refinement_games`` (None: verify's default ``--games``, 20), each one game of every scenario
    (two-player) with the seed ``game_seed(seed, k)``, as ``(scenario, options, seed)``."""
    from cdg_oracle.properties.games import checks

    rounds = checks(spec.name).refinement_games
    rounds = 20 if rounds is None else rounds
    names = [scenario] if scenario else list(spec.scenarios())
    return [(s, None, game_seed(seed, k)) for k in range(rounds) for s in names]


def abstraction_seconds(spec, scenario: str, options, actions: list) -> float:
    """The seconds the abstraction takes over the game of ``actions`` (the states replayed apart,
    the abstraction alone timed: the incremental one where the game gives it, with its changed
    set, else the whole vector and the comparison of the two)."""
    st = spec.new_state(scenario, "standard", None, options)
    c = refinement.checker(st)
    if c is None:
        return 0.0
    ab = c.abstraction
    t = time.process_time()
    inc = ab.incremental(st) if ab.incremental is not None else None
    prev = None if inc is not None else ab.values(st)
    took = time.process_time() - t
    for a in actions:
        st.apply(a)
        t = time.process_time()
        if inc is not None:
            inc.step(st)
        else:
            now = ab.values(st)
            _ = [k for k, v in now.items() if prev[k] != v]
            prev = now
        took += time.process_time() - t
    return took


def mutants(game: str, only: str, games: int, seed: int, steps: int = 5_000, out: str | None = None,
            argv: list[str] = (), error=None) -> int:
    """One line per mutant: caught by the refinement check alone or not (see the module doc); with
    ``out``, the results written there as JSON (:func:`to_json`)."""
    known = refinement_mutants.registry(game)
    names = [n for n in only.split(",") if n] or sorted(known)
    unknown = [n for n in names if n not in known]
    if not names or unknown:
        msg = (f"unknown mutant(s) of {game}: {', '.join(unknown)}" if unknown
               else f"{game} has no mutants (its checks record names no mutants module)")
        if error is not None:
            error(msg)
        raise UsageError(msg)
    caught = 0
    results = []
    t0 = time.perf_counter()
    for name in names:
        t = time.perf_counter()
        r = refinement_mutants.catches_mutant(game, name, games, seed, steps)
        took = time.perf_counter() - t
        f = r.get("finding") if r["caught"] else None
        results.append({"name": name, "rule": r["rule"], "detected": bool(r["caught"]), "game": r["game"],
                        "step": f["step"] if f else None, "steps": r["steps"], "seconds": took,
                        "kind": "refinement" if f else "-",
                        "candidates": list(f["candidates"]) if f else [],
                        "failure": r.get("failure")})
        if r["caught"]:
            caught += 1
            print(f"  {name:40} {r['rule']:12} CAUGHT game {r['game']} step {f['step']} "
                  f"(rules {', '.join(f['rules'][:4])}; candidates {', '.join(list(f['candidates'])[:4]) or 'none'}) "
                  f"{took:.1f} s", flush=True)
        else:
            why = f" ({r['failure'][:80]})" if r.get("failure") else ""
            print(f"  {name:40} {r['rule']:12} not caught in {r['steps']} steps{why} {took:.1f} s", flush=True)
    wall = time.perf_counter() - t0
    print(f"refinement alone caught {caught} of {len(names)} {game} mutants ({games} games of at most {steps} steps "
          f"each, seed {seed})")
    if out:
        write_atomic(out, to_json(game, results, list(argv), seed, games, steps, wall))
        print(f"results written to {out}")
    return 0


def to_json(game: str, results: list[dict], argv: list[str], seed: int, games: int, steps: int,
            wall: float) -> str:
    """The ``--mutants --out`` file's text, benchmarks/mutants.py ``--out``'s shape: the run's
    settings and command, and every mutant's result (what oracle/html/report.py plots)."""
    data = {"tool": "cdg-oracle", "version": __version__, "benchmark": "benchmarks/refinement.py",
            "command": shlex.join(["python", "benchmarks/refinement.py", *argv]), "game": game, "seed": seed,
            "games_per_mutant": games, "steps_per_game": steps, "wall_seconds": round(wall, 1),
            "detected": sum(1 for r in results if r["detected"]),
            "mutants": [dict(r, seconds=round(r["seconds"], 2)) for r in results]}
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    sys.exit(main())
