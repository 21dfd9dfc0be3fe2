"""Speed side by side: this checkout against an older one, interleaved in one run, with each
side's results hash so that a speed-up that changes results shows.

    python benchmarks/sidebyside.py --baseline DIR [--rounds 3] [WORKLOAD ...]
    python benchmarks/sidebyside.py                      (this checkout alone)

``DIR`` is a checkout of an older commit (``git worktree add /tmp/base 0828f68``). Each round
runs every workload once in a fresh process for this checkout, then for the baseline, so that
both see the same machine; the figures printed are the medians over the rounds, and the ratio
is this checkout's throughput over the baseline's. Workloads (default: every one but ``verify``
and ``perft-anaconda-4``, which take minutes):

- ``playouts``: 60 two-player Let's Roll! games, seeds 0..59, uniformly random choices
  (each checkout's own oracle/playout.py); games/s and steps/s.
- ``playouts-solo``: the same, solo (chapter 9), Ideology normal.
- ``difftest``: 10 games against the reference adapter (the checkout's own model in another
  process); steps/s.
- ``replay``: one game (seed 1) written as a trace with state hashes, then replayed; replay
  steps/s, and its ratio to bare play of the same game (the target: at least 1).
- ``perft``: perft of Let's Roll! to depth 5 and Anaconda to depth 3; ``perft-anaconda-4`` the
  issue's measure (Anaconda, depth 4).
- ``verify``: ``cdg-oracle verify`` with its defaults, timed as a whole.

The results hash of a workload hashes what it produced (final canonical states, verdicts,
counts, the report): equal hashes mean equal results. Against a commit older than a rules fix
the hashes differ for that reason, which the line says. Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parents[1]
PACKAGES = ("model", "properties", "oracle", "scenarios")
WORKLOADS = ("playouts", "playouts-solo", "difftest", "replay", "perft", "perft-anaconda-4", "verify")
DEFAULT = ("playouts", "playouts-solo", "difftest", "replay", "perft")


# -- which code a child runs -----------------------------------------------------------------------
def layout(root: Path) -> str:
    """``package`` (imports as ``cdg_oracle.*``, issue 15 on) or ``bare`` (``model.*``, before)."""
    cli = (root / "oracle" / "cli.py").read_text(encoding="utf-8")
    return "package" if "cdg_oracle" in cli else "bare"


def child_env(root: Path | None, shim: Path) -> dict:
    """The environment that makes a child import ``root``'s code (None: the installed checkout)."""
    env = dict(os.environ)
    if root is None:
        env["CDG_BENCH_LAYOUT"] = "package"
        return env
    kind = layout(root)
    env["CDG_BENCH_LAYOUT"] = kind
    if kind == "bare":
        env["PYTHONPATH"] = str(root)
    else:
        pkg = shim / "cdg_oracle"
        pkg.mkdir(parents=True, exist_ok=True)
        for name in PACKAGES:
            link = pkg / name
            if not link.exists():
                link.symlink_to(root / name)
        env["PYTHONPATH"] = str(shim)
    return env


def mod(name: str) -> str:
    """A module's import name in the child's layout."""
    return name if os.environ.get("CDG_BENCH_LAYOUT") == "bare" else f"cdg_oracle.{name}"


def imp(name: str):
    import importlib

    return importlib.import_module(mod(name))


# -- the workloads (run in a child) -------------------------------------------------------------------
def _digest(values) -> str:
    return hashlib.sha256(json.dumps(values, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


def _play(scenario: str, seed: int, options=None):
    import random

    new_game = imp("model.labyrinth").new_game
    choose = imp("oracle.playout").choose
    rng = random.Random(seed)
    st = new_game(scenario, "standard", options=options) if options else new_game(scenario, "standard")
    actions = []
    while not st.is_terminal():
        a = choose(rng, st)
        st.apply(a)
        actions.append(a)
    return st, actions


def _warm() -> None:
    """Load the data files (map, cards, scenarios) before timing: both sides pay it once."""
    imp("model.labyrinth").new_game("lets_roll")


def w_playouts(solo: bool = False) -> dict:
    options = {"solo": True, "ideology": "normal"} if solo else None
    _warm()
    t0 = time.perf_counter()
    steps, ends = 0, []
    for seed in range(60):
        st, actions = _play("lets_roll", seed, options)
        steps += len(actions)
        ends.append(st.canonical())
    dt = time.perf_counter() - t0
    return {"seconds": dt, "rate": 60 / dt, "unit": "games/s", "extra": f"{steps / dt:.0f} steps/s",
            "hash": _digest(ends)}


def w_difftest() -> dict:
    difftest = imp("oracle.difftest")
    reference_command = imp("oracle.difftest_cmd").reference_command
    t0 = time.perf_counter()
    r = difftest.run(reference_command(), scenario="lets_roll", games=10, seed=0)
    dt = time.perf_counter() - t0
    return {"seconds": dt, "rate": r.steps / dt, "unit": "steps/s", "extra": f"{r.steps} steps, {r.verdict}",
            "hash": _digest([r.verdict, r.steps])}


def w_replay() -> dict:
    trace = imp("oracle.trace")
    _warm()
    trace.replay(trace.from_actions("labyrinth", "lets_roll", "standard", {}, _play("lets_roll", 2)[1]))
    t0 = time.perf_counter()
    st, actions = _play("lets_roll", 1)
    play_s = time.perf_counter() - t0
    text = trace.from_actions("labyrinth", "lets_roll", "standard", {}, actions)
    t0 = time.perf_counter()
    v = trace.replay(text)
    dt = time.perf_counter() - t0
    return {"seconds": dt, "rate": v.steps / dt, "unit": "steps/s",
            "extra": f"{v.steps} steps, {v.verdict}; bare play {len(actions) / play_s:.0f} steps/s, "
                     f"replay/play {play_s / dt:.2f}", "hash": _digest([v.verdict, v.steps])}


def w_perft(cases) -> dict:
    perft = imp("oracle.perft")
    new_game = imp("model.labyrinth").new_game
    _warm()
    t0 = time.perf_counter()
    counts = {f"{s}:{d}": perft.perft(new_game(s), d)["counts"] for s, d in cases}
    dt = time.perf_counter() - t0
    return {"seconds": dt, "rate": 1 / dt, "unit": "runs/s", "extra": f"{dt:.1f} s; counts {counts}",
            "hash": _digest(counts)}


def w_verify() -> dict:
    out = tempfile.mkdtemp(prefix="bench-verify-")
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", mod("oracle.cli"), "verify", "--out", out],
                       capture_output=True, text=True)
    dt = time.perf_counter() - t0
    report = Path(out) / "labyrinth" / "verification.json"
    digest = _digest(json.loads(report.read_text())) if report.exists() else "none"
    return {"seconds": dt, "rate": 1 / dt, "unit": "runs/s", "extra": f"{dt:.1f} s, exit {p.returncode}",
            "hash": digest}


def run_workload(name: str) -> dict:
    return {"playouts": lambda: w_playouts(False), "playouts-solo": lambda: w_playouts(True),
            "difftest": w_difftest, "replay": w_replay,
            "perft": lambda: w_perft([("lets_roll", 5), ("anaconda", 3)]),
            "perft-anaconda-4": lambda: w_perft([("anaconda", 4)]), "verify": w_verify}[name]()


# -- the parent --------------------------------------------------------------------------------------------
def child(name: str, root: Path | None, shim: Path) -> dict:
    p = subprocess.run([sys.executable, str(HERE), "--child", name], env=child_env(root, shim),
                       capture_output=True, text=True, cwd=tempfile.gettempdir())
    if p.returncode != 0:
        raise SystemExit(f"sidebyside: {name} failed in {root or 'this checkout'}: {p.stderr.strip()[-400:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("workloads", nargs="*", metavar="WORKLOAD", help=f"of {', '.join(WORKLOADS)}")
    ap.add_argument("--baseline", metavar="DIR", help="a checkout of an older commit to run beside this one")
    ap.add_argument("--rounds", type=int, default=3, help="rounds (default 3; the medians are printed)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(run_workload(args.child)))
        return
    names = args.workloads or list(DEFAULT)
    for n in names:
        if n not in WORKLOADS:
            ap.error(f"unknown workload {n!r} (choose from {', '.join(WORKLOADS)})")
    base = Path(args.baseline).resolve() if args.baseline else None
    shim = Path(tempfile.mkdtemp(prefix="bench-shim-"))
    sides = [("current", None)] + ([("baseline", base)] if base else [])
    runs: dict = {n: {s: [] for s, _ in sides} for n in names}
    for r in range(args.rounds):
        for n in names:
            for side, root in sides:
                runs[n][side].append(child(n, root, shim))
        print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
    print(f"this checkout: {ROOT}" + (f"; baseline: {base} ({layout(base)} layout)" if base else ""))
    for n in names:
        line = []
        for side, _ in sides:
            rs = runs[n][side]
            rate = statistics.median(x["rate"] for x in rs)
            hashes = sorted({x["hash"] for x in rs})
            line.append((side, rate, rs[0]["unit"], rs[len(rs) // 2]["extra"], hashes))
        print(f"\n{n}:")
        for side, rate, unit, extra, hashes in line:
            print(f"  {side:9} {rate:10.3f} {unit:8} ({extra}); results hash {', '.join(hashes)}")
        if base:
            ratio = line[0][1] / line[1][1]
            same = "the same results" if line[0][4] == line[1][4] else "DIFFERENT results (a rules change between the commits, or a bug)"
            print(f"  ratio     {ratio:10.2f}x  ({same})")


if __name__ == "__main__":
    main()
