"""Campaign throughput on the local pool and on Dask, 1 and 2 workers (issue 34.6).

    python benchmarks/executors.py [--game labyrinth] [--games 6] [--seed 0] [--noop 200]

One run plays the same random campaign (properties/campaign.py, ``--games`` per scenario of
``--game``, seed ``--seed``) four times through the one executor (properties/pool.py): in this
process (1 worker) and on 2 local worker processes, then on a Dask ``LocalCluster`` of 1 and of 2
worker processes (each cluster started beforehand and reached by its address, as ``--scheduler``
does; its start is timed apart). It prints the games per second of each, the ratios to the first
(from this one run, on this machine, under its load), checks that the four gave the same games,
and prints the overhead per task: ``--noop`` tasks that do nothing through the same loop, on a
Dask worker and on the local pool of 2 processes (their start included), the time per task. It asserts nothing about speed (speed is measured here, never in
tests).
"""
from __future__ import annotations

import argparse
import logging
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cdg_oracle.model.core.errors import DataError  # noqa: E402
from cdg_oracle.model.core.registry import get  # noqa: E402
from cdg_oracle.properties.campaign import campaign  # noqa: E402
from cdg_oracle.properties.pool import ordered_map  # noqa: E402


def noop(i: int) -> int:
    """A task that does nothing: what is left of its time is the executor's."""
    return i


def facts(results) -> list:
    return [(r.scenario, r.seed, r.steps, r.winner, r.failures) for r in results]


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="labyrinth")
    ap.add_argument("--games", type=int, default=6, help="random games per scenario (default 6)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--noop", type=int, default=200, help="empty tasks for the overhead per task (default 200)")
    args = ap.parse_args()
    if args.games < 1 or args.noop < 1:
        ap.error("--games and --noop must be >= 1")
    try:
        scenarios = get(args.game).scenarios()
    except DataError as e:
        ap.error(str(e))
    try:
        import distributed
    except ImportError:
        sys.exit("benchmarks/executors.py needs Dask: pip install 'cdg-oracle[dask]'")
    tasks = args.games * len(scenarios)
    print(f"{args.game}: {args.games} games per scenario x {len(scenarios)} scenarios = {tasks} games, seed {args.seed}")

    def play(jobs):
        return timed(lambda: campaign(args.game, scenarios, args.seed, args.games, jobs=jobs))

    rows = []
    base, t = play(1)
    rows.append(("local, 1 worker (this process)", t))
    same, t = play(2)
    rows.append(("local, 2 worker processes", t))
    ok = facts(same) == facts(base)
    starts = {}
    overhead = {}
    _, overhead["local pool, 2 worker processes"] = timed(lambda: ordered_map(noop, [(i,) for i in range(args.noop)], 2))
    for n in (1, 2):
        cluster, starts[n] = timed(lambda: distributed.LocalCluster(
            n_workers=n, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=logging.ERROR))
        try:
            res, t = play(cluster.scheduler_address)
            rows.append((f"Dask, {n} worker process{'es' if n > 1 else ''}", t))
            ok = ok and facts(res) == facts(base)
            if n == 1:
                _, overhead["Dask, 1 worker"] = timed(
                    lambda: ordered_map(noop, [(i,) for i in range(args.noop)], cluster.scheduler_address))
        finally:
            cluster.close()
    first = rows[0][1]
    print(f"{'executor':34s} {'seconds':>8s} {'games/s':>8s} {'ratio':>6s}")
    for name, t in rows:
        print(f"{name:34s} {t:8.2f} {tasks / t:8.2f} {first / t:6.2f}")
    print("ratio: games per second over those of one process, from this one run")
    print(f"the four campaigns played the same games: {'yes' if ok else 'NO'}")
    print("LocalCluster start: " + ", ".join(f"{n} worker{'s' * (n > 1)} {s:.2f} s" for n, s in starts.items())
          + " (not in the times above)")
    for name, t in overhead.items():
        print(f"overhead per task, {name}: {1000 * t / args.noop:.2f} ms ({args.noop} empty tasks in {t:.2f} s"
              + (", their start included" if name.startswith("local") else "") + ")")
    game_s = first / tasks
    print(f"one game takes {1000 * game_s:.0f} ms here: Dask's overhead per task is "
          f"{100 * overhead['Dask, 1 worker'] / args.noop / game_s:.1f}% of it")
    if not ok:
        sys.exit(1)


if __name__ == "__main__":
    main()
