"""Write (or ``--check``) a game's certificate of proved queries, ``properties/<game>/proved.json``
(properties/proved.py): every proof of the game's z3 suite made for real, each query's digest
recorded with what z3 answered.

    python -m cdg_oracle.oracle.proved_cmd --game GAME              # prove every query, write the file
    python -m cdg_oracle.oracle.proved_cmd --game GAME --only NAME  # re-prove NAME, keep the others
    python -m cdg_oracle.oracle.proved_cmd --game GAME --check      # build the queries only; exit 1 if stale

Run it after changing a game's transitions, invariants or proof helpers: the test suite checks the
committed certificate against the queries built from the code (tests/<game>'s certificate test,
no solving), and names this command for a query changed since it was proved. The file is written
through a temporary file and a rename (oracle/fileio.py), only when every proof it records was
made; a bad game or proof name is a one-line error (exit 2).
"""
from __future__ import annotations

import argparse
import sys
import time

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.oracle.fileio import write_atomic
from cdg_oracle.oracle.usage import UsageError
from cdg_oracle.properties import proved


def _names(game: str, only: list[str]) -> list[str]:
    known = list(proved.proofs_module(game).query_names())
    bad = [n for n in only if n not in known]
    if bad:
        raise UsageError(f"--only: {game} has no proof {bad[0]!r} (its proofs: {', '.join(known)})")
    return [n for n in known if n in set(only)]


def run(game: str, only: list[str], check: bool) -> int:
    path = proved.certificate_path(game)
    if check:
        problems = proved.stale(game)
        for line in problems:
            print(line)
        print(f"{game}: {'certificate stale' if problems else 'every query as proved'} ({path})")
        return 1 if problems else 0
    names = _names(game, only) if only else None
    kept = {}
    if only:
        old = proved.load(game)["proofs"]
        kept = {n: e for n, e in old.items() if n not in set(only)}
    t0 = time.perf_counter()

    def progress(name: str, entry: dict) -> None:
        print(f"  {name}: {entry['verdict']}" + ("" if entry["enabled"] in (True, None) else " (not enabled)"),
              flush=True)

    cert = proved.certify(game, names, progress)
    if only:
        order = list(proved.proofs_module(game).query_names())
        merged = {**kept, **cert["proofs"]}
        cert["proofs"] = {n: merged[n] for n in order if n in merged}
    write_atomic(path, proved.to_json(cert))
    bad = [n for n, e in cert["proofs"].items() if e["verdict"] != "proved" or e["enabled"] is False]
    print(f"{game}: {len(cert['proofs'])} proofs recorded in {path} ({time.perf_counter() - t0:.1f} s)"
          + (f"; not proved: {', '.join(bad)}" if bad else ""))
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m cdg_oracle.oracle.proved_cmd",
                                 description="Write (or --check) a game's certificate of proved z3 queries.")
    ap.add_argument("--game", required=True, help="the game whose proofs are certified (its checks record's proofs)")
    ap.add_argument("--only", action="append", default=[], metavar="NAME",
                    help="re-prove only this proof (repeatable); the certificate's other entries are kept")
    ap.add_argument("--check", action="store_true", help="build every query and compare; exit 1 when stale")
    args = ap.parse_args(argv)
    try:
        return run(args.game, args.only, args.check)
    except (DataError, UsageError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
