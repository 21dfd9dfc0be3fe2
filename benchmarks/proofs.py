"""Proof benchmark: the time of the whole z3 proof suite (properties/labyrinth/z3_proofs.prove_all)
and of each proof in it.

    python benchmarks/proofs.py [--unsliced] [--symbolic-cards] [--refute]

``--unsliced`` also proves every transition in the relation form as written (T(pre, post) over two
copies and every invariant, no one-point rule or frame slicing); ``--symbolic-cards`` leaves the
card a step moves free (1-120) instead of the symmetry representative (slow: about a minute for
the event card move); ``--refute`` times the refutation of the documented non-invariants.
Prints the figures; it asserts nothing about speed (the target is under 30 s for the suite).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cdg_oracle.properties.labyrinth import z3_proofs as P  # noqa: E402

CARD_STEPS = ("draw", "play_card", "put_away", "event_card_move")


def report(title: str, results: list[dict], seconds: float) -> None:
    print(f"{title}: {len(results)} proofs in {seconds:.2f} s")
    width = max(len(r["name"]) for r in results)
    for r in sorted(results, key=lambda r: -r["seconds"]):
        extra = f"  violated: {', '.join(r['violated'])}" if r.get("violated") else ""
        print(f"  {r['seconds']:7.3f} s  {r['name']:<{width}}  {r['status']}{extra}")
    bad = [r["name"] for r in results if r["status"] not in ("proved", "refuted")]
    print(f"  not proved: {bad if bad else 'none'}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--unsliced", action="store_true", help="also prove the relation as written")
    ap.add_argument("--symbolic-cards", action="store_true", help="card steps with a free card 1-120")
    ap.add_argument("--refute", action="store_true", help="time the refutation of the non-invariants")
    args = ap.parse_args()

    t0 = time.perf_counter()
    P._copies(P._facts())
    setup = time.perf_counter() - t0
    t0 = time.perf_counter()
    results = P.prove_all()
    total = time.perf_counter() - t0
    print(f"set-up (map, symbolic vectors, invariants): {setup:.2f} s")
    report("prove_all", results, total)

    if args.unsliced:
        t0 = time.perf_counter()
        res = [P.prove(n, sliced=False) for n in P.TRANSITIONS]
        report("transitions, relation as written (sliced=False)", res, time.perf_counter() - t0)
    if args.symbolic_cards:
        t0 = time.perf_counter()
        res = [P.prove(n, symbolic_card=True) for n in CARD_STEPS]
        report("card steps with a symbolic card", res, time.perf_counter() - t0)
    if args.refute:
        t0 = time.perf_counter()
        res = P.refute_non_invariants()
        report("non-invariants refuted", res, time.perf_counter() - t0)


if __name__ == "__main__":
    main()
