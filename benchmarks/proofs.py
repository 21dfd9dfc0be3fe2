"""Proof benchmark: the time of a game's whole z3 proof suite (its checks record's ``proofs``,
properties/games.py: ``prove_all()`` of properties/<game>/z3_proofs.py) and of each proof in it,
in seconds and in z3's own steps (its resource count, properties/z3_work.py ``z3_steps``: the
unit of the ``rlimit`` Labyrinth's and A Distant Plain's solvers are bounded by; Twilight
Struggle's solvers have neither an rlimit nor a timeout).

    python benchmarks/proofs.py [--game labyrinth] [--out FILE] [--unsliced] [--symbolic-cards] [--refute]
    python benchmarks/proofs.py --game distant_plain [--unquick]
    python benchmarks/proofs.py --game twilight_struggle --out reports/twilight_struggle/proofs.json

``--out FILE`` also writes the suite's results as JSON (through a temporary file and a rename,
oracle/fileio.py): the tool and its version, the command line, the game, the z3 version, the
set-up's and the suite's seconds, and per proof its name, rules, verdict, seconds and z3 steps
(``cdg-oracle report`` plots ``reports/<game>/proofs.json`` when it is there, oracle/html/
report.py). The seconds are this machine's; the steps are the same for the same z3 version (and
so kept out of verification.json, which records the verdicts only).

The proof module's own extras, where it has them (Labyrinth's): ``--unsliced`` also proves every
transition in the relation form as written (T(pre, post) over two copies and every invariant, no
one-point rule or frame slicing); ``--symbolic-cards`` leaves the card a step moves free (1-120)
instead of the symmetry representative (slow: about a minute for the event card move);
``--refute`` times the refutation of the documented non-invariants. A Distant Plain's
``--unquick`` also proves every transition asking z3's default solver only the query as written
(``prove(name, quick=False)``: no tactic solver, no goal narrowed to conjuncts), to compare
with the quick form's seconds and steps and verdicts. Prints the figures; it
asserts nothing about speed (the target is under 30 s for Labyrinth's suite).
"""
from __future__ import annotations

import argparse
import inspect
import json
import shlex
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import z3  # noqa: E402

from cdg_oracle.model.core.errors import DataError  # noqa: E402
from cdg_oracle.oracle import __version__  # noqa: E402
from cdg_oracle.oracle.fileio import check_output, write_atomic  # noqa: E402
from cdg_oracle.oracle.usage import UsageError  # noqa: E402
from cdg_oracle.properties.games import checks  # noqa: E402

DEFAULT_GAME = "labyrinth"
CARD_STEPS = ("draw", "play_card", "put_away", "event_card_move")
#: The fields of a result that --out keeps (the witness and the counterexample are the report's).
KEPT = ("name", "rules", "rule", "kind", "seconds", "z3_steps")


def verdict(r: dict) -> str:
    """A result's verdict (``status`` in Labyrinth's and A Distant Plain's proofs, ``verdict`` in
    Twilight Struggle's)."""
    return str(r.get("status", r.get("verdict")))


def report(title: str, results: list[dict], seconds: float) -> None:
    print(f"{title}: {len(results)} proofs in {seconds:.2f} s, {sum(r.get('z3_steps', 0) for r in results)} z3 steps")
    width = max((len(r["name"]) for r in results), default=0)
    for r in sorted(results, key=lambda r: -r["seconds"]):
        extra = f"  violated: {', '.join(r['violated'])}" if r.get("violated") else ""
        print(f"  {r['seconds']:7.3f} s {r.get('z3_steps', 0):>12} steps  {r['name']:<{width}}  {verdict(r)}{extra}")
    bad = [r["name"] for r in results if verdict(r) not in ("proved", "refuted")]
    print(f"  not proved: {bad if bad else 'none'}")


def to_json(game: str, results: list[dict], argv: list[str], setup: float, total: float) -> str:
    """The ``--out`` file's text: the run's command and versions, and every proof's figures."""
    data = {"tool": "cdg-oracle", "version": __version__, "benchmark": "benchmarks/proofs.py",
            "command": shlex.join(["python", "benchmarks/proofs.py", *argv]), "game": game,
            "z3_version": z3.get_version_string(), "setup_seconds": round(setup, 3),
            "suite_seconds": round(total, 3), "z3_steps": sum(r.get("z3_steps", 0) for r in results),
            "proofs": [{k: r[k] for k in KEPT if k in r} | {"verdict": verdict(r)} for r in results]}
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default=DEFAULT_GAME, help=f"the game whose proofs run (default {DEFAULT_GAME})")
    ap.add_argument("--out", metavar="FILE", help="also write the results as JSON to FILE "
                                                  "(e.g. reports/<game>/proofs.json)")
    ap.add_argument("--unsliced", action="store_true", help="also prove the relation as written")
    ap.add_argument("--symbolic-cards", action="store_true", help="card steps with a free card 1-120")
    ap.add_argument("--refute", action="store_true", help="time the refutation of the non-invariants")
    ap.add_argument("--unquick", action="store_true", help="also prove every transition by the query as written "
                                                           "only (A Distant Plain's quick=False)")
    args = ap.parse_args()
    try:
        P = checks(args.game).proofs
    except DataError as e:  # an unknown game
        ap.error(str(e))
    if P is None:
        ap.error(f"{args.game} has no z3 proofs (its checks record names no proofs module)")
    params = inspect.signature(P.prove).parameters if hasattr(P, "prove") else {}
    for flag, ok in (("--unsliced", "sliced" in params), ("--symbolic-cards", "symbolic_card" in params),
                     ("--refute", hasattr(P, "refute_non_invariants")), ("--unquick", "quick" in params)):
        if getattr(args, flag[2:].replace("-", "_")) and not ok:
            ap.error(f"{flag}: {args.game}'s proofs ({P.__name__}) have no such form")
    if args.out:
        try:
            check_output(args.out)
        except UsageError as e:
            ap.error(str(e))

    t0 = time.perf_counter()
    if hasattr(P, "setup"):
        P.setup()
    setup = time.perf_counter() - t0
    t0 = time.perf_counter()
    results = P.prove_all()
    total = time.perf_counter() - t0
    print(f"{args.game}: set-up: {setup:.2f} s")
    report("prove_all", results, total)
    if args.out:
        write_atomic(args.out, to_json(args.game, results, sys.argv[1:], setup, total))
        print(f"results written to {args.out}")

    if args.unsliced:
        t0 = time.perf_counter()
        res = [P.prove(n, sliced=False) for n in P.TRANSITIONS]
        report("transitions, relation as written (sliced=False)", res, time.perf_counter() - t0)
    if args.symbolic_cards:
        t0 = time.perf_counter()
        res = [P.prove(n, symbolic_card=True) for n in CARD_STEPS]
        report("card steps with a symbolic card", res, time.perf_counter() - t0)
    if args.unquick:
        t0 = time.perf_counter()
        res = [P.prove(n, quick=False) for n in P.TRANSITIONS]
        report("transitions, the query as written only (quick=False)", res, time.perf_counter() - t0)
        quick = {r["name"]: verdict(r) for r in results}
        differ = [r["name"] for r in res if quick.get(r["name"]) != verdict(r)]
        print(f"  verdicts differing from the quick form: {differ if differ else 'none'}")
    if args.refute:
        t0 = time.perf_counter()
        res = P.refute_non_invariants()
        report("non-invariants refuted", res, time.perf_counter() - t0)


if __name__ == "__main__":
    main()
