"""Pig's checks record (properties/games.py ``GameChecks``), named by its spec: its invariants, for
the checked walk and the state machine. Everything else (coverage, verification, the machine) is
the generic tools' default."""
from __future__ import annotations

from cdg_oracle.properties.games import GameChecks


def invariants(st):
    """Pig's invariants: points are never negative, and a side that has banked the target has won."""
    def check(s) -> list[str]:
        c = s.canonical()
        bad = [f"{side} has banked {n} points" for side, n in c["banked"].items() if n < 0]
        bad += [f"the turn holds {c['turn_points']} points"] if c["turn_points"] < 0 else []
        done = [side for side, n in c["banked"].items() if n >= c["target"]]
        if done and c["winner"] not in done:
            bad.append(f"{done[0]} has banked {c['target']} but the winner is {c['winner']}")
        return bad
    return check


CHECKS = GameChecks(game="toy", invariants=invariants)
