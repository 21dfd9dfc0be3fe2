"""Refinement benchmark: what checking every model step against the proved transitions costs,
beside the campaign it checks, in one run.

    python benchmarks/refinement.py [--game labyrinth] [--games 10] [--seed 0] [--scenario NAME] [--solo] [--steps N]
    python benchmarks/refinement.py --game G --mutants [--only NAME,...] [--mutant-games 5] [--mutant-steps 5000]

The same seeded games of the checked walk (properties/walk.py: invariants, JSON round trip, dead
ends, as ``cdg-oracle verify``'s campaign plays them) are played twice, alternating game by game:
without the refinement check and with it (``refine=True``, properties/refinement.py). Prints the
steps per second of each, the ratio of their times (the issue's target: at most 2), the one-time
cost of building the game's moves (compiled once per process, left out of the ratio and printed
apart), the steps checked, stutters, matched and findings. ``--solo`` plays every scenario's solo
game too (two-player and solo in turn), ``--steps N`` cuts each game at N steps (the same cut for
both runs). Times are this process's CPU seconds (``time.process_time``; z3 runs in the process),
so other processes on a shared machine do not move the ratio. It asserts nothing about speed
(speed is measured here, never in tests).

**Where the time goes** (``refinement.STATS`` over the checked games): the moves' z3 terms built on
their first use (a move is built when a step first needs it, about 2.5 ms of CPU each for
Labyrinth's: a card's renamed from card 1's, ``Move.template``),
the z3 solver calls (slices of values never seen before) and the sequence searches (parts tried,
the most by one search that matched and by one that failed, the searches stopped at
``SEARCH_BUDGET``); the ratio is printed again without the first-use builds, and without the
builds and z3 (what the check costs once its caches hold the values: Python alone), and without
the finding steps' checks (``STATS`` "findings", "finding seconds": a finding's search, bounded or
not, is the price of a finding; the ratio without it is the steady state a clean campaign pays;
both are printed, with the share of the checked run the findings took). **The floor**:
the walk plus the incremental abstraction alone (each game's states replayed apart and only the
abstraction timed), what any exact check must do before it decides a step.

``--mutants``: instead, every rule mutant of the game (its checks record's ``mutants``) is played
with the refinement check alone (``refinement_mutants.catches_mutant``: seeded random games in a worker
process, no invariants, no round trip, no second implementation): one line per mutant, caught or
not, the rule it breaks, and for a catch the game, the step, the rules the step cited and the
transitions the finding names; then how many were caught.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cdg_oracle.model.core.registry import get  # noqa: E402
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
    ap.add_argument("--mutants", action="store_true", help="the mutants caught by the refinement check alone")
    ap.add_argument("--only", default="", help="with --mutants: these mutants (comma-separated)")
    ap.add_argument("--mutant-games", type=int, default=5, help="with --mutants: games per mutant (default 5)")
    ap.add_argument("--mutant-steps", type=int, default=5_000, help="with --mutants: steps per game at most (default 5000)")
    args = ap.parse_args(argv)
    spec = get(args.game)
    if args.mutants:
        return mutants(spec.name, args.only, args.mutant_games, args.seed, args.mutant_steps)
    scenarios = [(s, None) for s in ([args.scenario] if args.scenario else list(spec.scenarios()))]
    if args.solo:
        scenarios = [x for s, _ in scenarios for x in ((s, None), (s, {"solo": True}))]
    limit = {"max_steps": args.steps} if args.steps else {}
    t0 = time.process_time()
    names = refinement.move_names(spec.name)   # builds the default Game's moves: the one-time cost
    moves = len(refinement.checker(spec.new_state(spec.default_scenario, "standard", None, None)).moves)
    build = time.process_time() - t0
    plain = checked = floor = 0.0
    plain_steps = checked_steps = 0
    tallies = []
    stats0 = dict(refinement.STATS)
    for k in range(args.games):
        scenario, options = scenarios[k % len(scenarios)]
        seed = game_seed(args.seed, k)
        t = time.process_time()
        a = play_checked(spec.name, scenario, seed, options=options, keep_actions=True, **limit)
        plain += time.process_time() - t
        t = time.process_time()
        b = play_checked(spec.name, scenario, seed, options=options, refine=True, **limit)
        checked += time.process_time() - t
        plain_steps += a.steps
        checked_steps += b.steps
        tallies.append(b.refinement)
        floor += abstraction_seconds(spec, scenario, options, a.actions[:b.steps])
    stats = {k: v - stats0.get(k, 0) for k, v in refinement.STATS.items()}
    s = refinement.summary(spec.name, tallies)
    print(f"refinement benchmark: {spec.name}, {args.games} games (seed {args.seed}), {moves} moves ({len(names)} transitions) "
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
    return 0


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


def mutants(game: str, only: str, games: int, seed: int, steps: int = 5_000) -> int:
    """One line per mutant: caught by the refinement check alone or not (see the module doc)."""
    from cdg_oracle.properties.games import checks

    mod = checks(game).mutants
    names = [n for n in only.split(",") if n] or sorted(mod.MUTANTS if mod else [])
    caught = 0
    for name in names:
        t = time.perf_counter()
        r = refinement_mutants.catches_mutant(game, name, games, seed, steps)
        took = time.perf_counter() - t
        if r["caught"]:
            caught += 1
            f = r["finding"]
            print(f"  {name:40} {r['rule']:12} CAUGHT game {r['game']} step {f['step']} "
                  f"(rules {', '.join(f['rules'][:4])}; candidates {', '.join(list(f['candidates'])[:4]) or 'none'}) "
                  f"{took:.1f} s")
        else:
            why = f" ({r['failure'][:80]})" if r.get("failure") else ""
            print(f"  {name:40} {r['rule']:12} not caught in {r['steps']} steps{why} {took:.1f} s")
    print(f"refinement alone caught {caught} of {len(names)} {game} mutants ({games} games of at most {steps} steps "
          f"each, seed {seed})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
