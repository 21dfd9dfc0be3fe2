"""Rule mutants caught by the refinement check alone (issue 31 item 5): a mutant's seeded random
games played in a worker process with only the refinement check (properties/refinement.py) on, no
invariants, no JSON round trip and no second implementation. (Apart from refinement.py, which the
checked walk imports: this module imports the walk.)

A game's mutants are its checks record's ``mutants`` (the reference adapter's, played here with
the walk), or, where it names ``refinement_mutants`` (mutants no reference adapter serves), that
module's own ``refinement_catches`` (properties/games.py ``GameChecks``)."""
from __future__ import annotations

from cdg_oracle.properties import games
from cdg_oracle.properties.pool import spawn_pool
from cdg_oracle.properties.walk import play_checked


def registry(game: str) -> dict:
    """The mutants of ``game`` the refinement check is run against, by name: its checks record's
    ``refinement_mutants`` module's, else its ``mutants`` module's ({} if it names neither)."""
    c = games.checks(game)
    mod = c.refinement_mutants or c.mutants
    return dict(mod.MUTANTS) if mod is not None else {}


def _mutant_games(game: str, name: str, games_: int, seed: int, max_steps: int) -> dict:
    """(In a worker process.) Activate mutant ``name`` of ``game`` and play ``games_`` random games
    of its scenario with the refinement check only (no invariants, no round trip, no second
    implementation): the first finding, or None."""
    mutants = games.checks(game).mutants
    m = mutants.activate(name)
    steps = 0
    for k in range(games_):
        r = play_checked(game, m.scenario, seed * 100_003 + k, roundtrip_every=0, options=m.options or None,
                         length=m.length, refine=True, invariants=False, max_steps=max_steps)
        steps += r.steps
        findings = (r.refinement or {}).get("findings") or []
        if findings:
            return {"mutant": name, "rule": m.rule, "caught": True, "game": k, "steps": steps,
                    "finding": findings[0]}
        if r.failures:  # the mutant broke the model itself (a crash is caught, but not by refinement)
            return {"mutant": name, "rule": m.rule, "caught": False, "game": k, "steps": steps,
                    "failure": r.failures[0]}
    return {"mutant": name, "rule": m.rule, "caught": False, "game": None, "steps": steps}


def catches_mutant(game: str, name: str, games_: int = 5, seed: int = 0, max_steps: int = 5_000) -> dict:
    """Whether the refinement check alone catches mutant ``name`` of ``game`` within ``games_``
    seeded random games of at most ``max_steps`` steps: ``{"mutant", "rule", "caught", "game",
    "steps", "finding"}``. The mutant patches the model of a spawned worker process, never this
    one's. A game whose checks record names ``refinement_mutants`` plays them with that module's
    ``refinement_catches(name, games_, seed)`` (its own games and process; ``max_steps`` unused), the result given the
    same shape: ``game`` the index of the game that caught it (its ``games`` played less one)."""
    own = games.checks(game).refinement_mutants
    if own is not None:
        r = own.refinement_catches(name, games_, seed)
        played = r.get("games") or 0
        return {"mutant": name, "rule": r["rule"], "caught": bool(r["caught"]),
                "game": played - 1 if r["caught"] else None, "steps": r["steps"], "games": played,
                "finding": r.get("finding")}
    pool = spawn_pool(1)
    try:
        return pool.submit(_mutant_games, game, name, games_, seed, max_steps).result()
    finally:
        pool.shutdown()
