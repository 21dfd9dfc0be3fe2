"""Refinement benchmark: what checking every model step against the proved transitions costs,
beside the campaign it checks, in one run.

    python benchmarks/refinement.py [--game labyrinth] [--games 10] [--seed 0] [--scenario NAME]
    python benchmarks/refinement.py --game G --mutants [--only NAME,...] [--mutant-games 5] [--mutant-steps 5000]

The same seeded games of the checked walk (properties/walk.py: invariants, JSON round trip, dead
ends, as ``cdg-oracle verify``'s campaign plays them) are played twice, alternating game by game:
without the refinement check and with it (``refine=True``, properties/refinement.py). Prints the
steps per second of each, the ratio of their times (the issue's target: at most 2), the one-time
cost of building the game's moves (compiled once per process, left out of the ratio and printed
apart), the steps checked, stutters, matched and findings. It asserts nothing about speed (speed
is measured here, never in tests).

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
    ap.add_argument("--mutants", action="store_true", help="the mutants caught by the refinement check alone")
    ap.add_argument("--only", default="", help="with --mutants: these mutants (comma-separated)")
    ap.add_argument("--mutant-games", type=int, default=5, help="with --mutants: games per mutant (default 5)")
    ap.add_argument("--mutant-steps", type=int, default=5_000, help="with --mutants: steps per game at most (default 5000)")
    args = ap.parse_args(argv)
    spec = get(args.game)
    if args.mutants:
        return mutants(spec.name, args.only, args.mutant_games, args.seed, args.mutant_steps)
    scenarios = [args.scenario] if args.scenario else list(spec.scenarios())
    t0 = time.perf_counter()
    names = refinement.move_names(spec.name)   # builds the default Game's moves: the one-time cost
    build = time.perf_counter() - t0
    plain = checked = 0.0
    plain_steps = checked_steps = 0
    tallies = []
    for k in range(args.games):
        scenario = scenarios[k % len(scenarios)]
        seed = game_seed(args.seed, k)
        t = time.perf_counter()
        a = play_checked(spec.name, scenario, seed)
        plain += time.perf_counter() - t
        t = time.perf_counter()
        b = play_checked(spec.name, scenario, seed, refine=True)
        checked += time.perf_counter() - t
        plain_steps += a.steps
        checked_steps += b.steps
        tallies.append(b.refinement)
    s = refinement.summary(spec.name, tallies)
    print(f"refinement benchmark: {spec.name}, {args.games} games (seed {args.seed}), {len(names)} moves "
          f"built in {build:.1f} s (once per process)")
    print(f"  checked walk            : {plain_steps} steps in {plain:.2f} s = {plain_steps / plain:.0f} steps/s")
    print(f"  checked walk + refinement: {checked_steps} steps in {checked:.2f} s = {checked_steps / checked:.0f} steps/s")
    ratio = (checked / max(checked_steps, 1)) / (plain / max(plain_steps, 1))
    print(f"  ratio (with / without)  : {ratio:.2f}x per step  (target: at most 2x; a game stops at a finding)")
    print(f"  steps checked {s['steps']}: {s['stutters']} stutters, {s['matched']} matched "
          f"(lengths {s['lengths']}), {len(s['findings'])} findings; "
          f"never matched: {len(s['never_matched'])} of {len(s['per_move'])} moves")
    return 0


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
