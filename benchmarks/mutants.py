"""Mutant benchmark: difftest's fault-detection rate against the deliberate rule mutants.

    python benchmarks/mutants.py [--game labyrinth] [--budget 60] [--seed 0] [--games 200] [--only NAME,...] [--jobs 1]
    python benchmarks/mutants.py --game twilight_struggle --budget 20 --jobs 2
    python benchmarks/mutants.py --scheduler local:2        (or a Dask scheduler's address)
    python benchmarks/mutants.py --game twilight_struggle --budget 20 --out reports/twilight_struggle/mutants.json

For every mutant of the game's mutants module (its checks record's ``mutants``, properties/games.py:
properties/labyrinth/mutants.py, properties/twilight_struggle/mutants.py; ``--game``, default
labyrinth), or the ``--only`` ones, it runs ``difftest`` with the random strategy between the model
and the reference adapter serving that mutant (``python -m oracle.reference_adapter --mutant
GAME:NAME``), on the mutant's scenario, game length and game options (e.g. the Deluxe edition), for
at most ``--games`` games and about ``--budget`` seconds (difftest starts no new game after
the budget; the game under way finishes). It prints one line per mutant -- name, rule, detected
or not, whether the finding cites the broken rule (among the rules the last step applied, or as the
rule of the question asked), the verdict's kind, what differed (whose turn, legal actions, the
first state path), the game and step, the seconds -- and a summary: how many were detected, the
slowest and the median time to a detection. ``--jobs 2`` runs two mutants at once (each run is two
processes, so on a small machine the times grow); ``--scheduler`` runs them on a Dask cluster
(properties/pool.py, the executor every campaign shares): the lines come in the mutants' order
whatever runs them. Prints the figures; it asserts nothing about
speed (speed is measured here, never in tests).

``--out FILE`` also writes the per-mutant lines as JSON (through a temporary file and a rename,
oracle/fileio.py): the tool and its version, the command line, the game, seed, budget and games
per mutant, the wall time, and per mutant its name, rule, scenario, whether it was detected, the
verdict, what differed, the game and step of the finding, the games and steps played and the
seconds. The seconds are this machine's (a benchmark's output, not a verification report); the
steps are fixed by the seed. ``cdg-oracle report`` plots ``reports/<game>/mutants.json`` when it
is there (oracle/html/report.py).
"""
from __future__ import annotations

import argparse
import json
import shlex
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cdg_oracle.model.core.errors import DataError  # noqa: E402
from cdg_oracle.oracle import __version__, difftest  # noqa: E402
from cdg_oracle.oracle.difftest_cmd import reference_command  # noqa: E402
from cdg_oracle.oracle.fileio import check_output, write_atomic  # noqa: E402
from cdg_oracle.oracle.usage import UsageError  # noqa: E402
from cdg_oracle.properties.games import checks  # noqa: E402
from cdg_oracle.properties.pool import Jobs, Workers  # noqa: E402

DEFAULT_GAME = "labyrinth"


def registry(game: str) -> dict:
    """The mutants of ``game`` by name (its checks record's mutants module; {} if it has none)."""
    mod = checks(game).mutants
    return mod.MUTANTS if mod is not None else {}


def run_one(game: str, name: str, games: int, seed: int, budget: float) -> dict:
    """One difftest campaign against mutant ``name`` of ``game``; a plain dict (it crosses processes)."""
    m = registry(game)[name]
    # Labyrinth's mutants are named without the game (the adapter's default game), as they always were
    r = difftest.run(reference_command(name if game == DEFAULT_GAME else f"{game}:{name}"), game, m.scenario,
                     m.length, {}, games, seed, "random", budget=budget, options=m.options or None)
    f = r.finding
    return {"name": name, "rule": m.rule, "scenario": m.scenario, "length": m.length,
            "options": m.options,
            "detected": f is not None, "kind": r.verdict, "what": describe(f) if f else "-",
            "cites": f is not None and (m.rule in f.rules or f.rule == m.rule),
            "game": f.game if f else None, "step": f.step if f else None,
            "games": r.games, "steps": r.steps, "seconds": r.seconds}


def run_all(game: str, names: list[str], games: int, seed: int, budget: float, jobs: Jobs = 1,
            on_result=None) -> list[dict]:
    """:func:`run_one` for every mutant of ``names``, where ``jobs`` says (local worker processes or
    a Dask scheduler, properties/pool.py), the results in the order of ``names``
    (``on_result(i, result)`` as each is taken)."""
    with Workers(jobs) as workers:
        return workers.map(run_one, [(game, n, games, seed, budget) for n in names], on_result)


def describe(f: difftest.Finding) -> str:
    """What differed, in a few words: the first state path that differs (and how many more), the
    number of legal actions missing and extra, or whose turn each side said it was."""
    if f.what == "state":
        first = f.diff[0]["path"] if f.diff else "?"
        return f"state {first}" + (f" (+{len(f.diff) - 1} more)" if len(f.diff) > 1 else "")
    if f.what == "legal_actions":
        if isinstance(f.expected, list):
            return f"legal actions: {len(f.expected)} missing, {len(f.found)} extra"
        return "legal actions repeated"
    if f.what == "player":
        return f"to move: {f.expected} vs {f.found}"
    return f.what or f.kind


def line(res: dict) -> str:
    where = f"game {res['game']} step {res['step']}" if res["detected"] else f"{res['games']} games agreed"
    game = res["scenario"] + ("" if res["length"] == "standard" else f"/{res['length']}")
    game += "".join(f" {k}={v}" for k, v in res["options"].items())
    return (f"{res['name']:34s} {res['rule']:8s} {'yes' if res['detected'] else 'NO':3s}  "
            f"{'yes' if res['cites'] else '-':5s} {res['kind']:12s} {res['what']:46s} {where:20s} "
            f"{res['seconds']:5.1f} s  {game}")


def command_line(argv: list[str]) -> str:
    """The command that ran this benchmark, as one shell line from the project's folder."""
    return shlex.join(["python", "benchmarks/mutants.py", *argv])


def to_json(game: str, results: list[dict], argv: list[str], seed: int, budget: float, games: int,
            wall: float) -> str:
    """The ``--out`` file's text: the run's settings and command, and every mutant's result."""
    data = {"tool": "cdg-oracle", "version": __version__, "benchmark": "benchmarks/mutants.py",
            "command": command_line(argv), "game": game, "seed": seed, "budget_seconds": budget,
            "games_per_mutant": games, "wall_seconds": round(wall, 1),
            "detected": sum(1 for r in results if r["detected"]), "mutants": [
                dict(r, seconds=round(r["seconds"], 2)) for r in results]}
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default=DEFAULT_GAME, help=f"the game whose mutants run (default {DEFAULT_GAME})")
    ap.add_argument("--budget", type=float, default=60.0, help="seconds per mutant (default 60)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", type=int, default=200, help="at most this many games per mutant (default 200)")
    ap.add_argument("--only", help="comma-separated mutant names (default: all)")
    ap.add_argument("--jobs", type=int, default=1, help="mutants run at once (default 1; 2 on two cores)")
    ap.add_argument("--scheduler", metavar="ADDRESS", help="run the mutants on a Dask cluster: its scheduler's "
                                                          "address, or local:N (a LocalCluster of N workers)")
    ap.add_argument("--out", metavar="FILE", help="also write the results as JSON to FILE "
                                                  "(e.g. reports/<game>/mutants.json)")
    args = ap.parse_args()
    if args.jobs < 1 or args.budget <= 0 or args.games < 1:
        ap.error("--jobs and --games must be >= 1, --budget > 0")
    if args.out:
        try:
            check_output(args.out)
        except UsageError as e:
            ap.error(str(e))
    try:
        MUTANTS = registry(args.game)
    except DataError as e:  # an unknown game
        ap.error(str(e))
    if not MUTANTS:
        ap.error(f"{args.game} has no mutants (its checks record names no mutants module)")
    names = list(MUTANTS)
    if args.only:
        names = [n.strip() for n in args.only.split(",") if n.strip()]
        unknown = [n for n in names if n not in MUTANTS]
        if unknown:
            ap.error(f"unknown mutant(s): {', '.join(unknown)}")
    print(("" if args.game == DEFAULT_GAME else f"{args.game}: ") + f"{len(names)} mutants, random strategy, seed {args.seed}, at most {args.games} games and "
          f"about {args.budget:g} s each, " + (f"on the Dask scheduler {args.scheduler}" if args.scheduler
                                             else f"{args.jobs} at a time"))
    print(f"{'mutant':34s} {'rule':8s} {'det':3s}  {'cites':5s} {'kind':12s} {'what differed':46s} "
          f"{'where':20s} {'time':>7s}  scenario")
    t0 = time.perf_counter()
    try:  # --jobs 1: in this process
        results = run_all(args.game, names, args.games, args.seed, args.budget, args.scheduler or args.jobs,
                          lambda i, res: print(line(res), flush=True))
    except DataError as e:  # a scheduler that cannot be reached or used (properties/dask_executor.py)
        sys.exit(f"mutants: error: {e}")
    wall = time.perf_counter() - t0
    found = [r for r in results if r["detected"]]
    times = sorted(r["seconds"] for r in found)
    print(f"detected {len(found)} of {len(results)}; "
          + (f"slowest {times[-1]:.1f} s; median {statistics.median(times):.1f} s" if times else "none detected")
          + f" (time to the verdict, detected mutants); wall time {wall:.0f} s")
    cited = sum(1 for r in found if r["cites"])
    print(f"the finding cites the broken rule (applied by the last step, or asked there) for {cited} of {len(found)}")
    missed = [r["name"] for r in results if not r["detected"]]
    if missed:
        print(f"not detected: {', '.join(missed)}")
    if args.out:
        write_atomic(args.out, to_json(args.game, results, sys.argv[1:], args.seed, args.budget, args.games, wall))
        print(f"results written to {args.out}")


if __name__ == "__main__":
    main()
