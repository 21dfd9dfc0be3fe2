"""A Distant Plain's deliberate rule mutants, caught by the refinement check alone.

Each mutant is one small, realistic rules bug in the model (a cost wrong or forgotten, a piece
placed from nowhere, a guerrilla's side lost in a move, a Propaganda income forgotten, a gain too
large), named, with the rule it breaks; the registry and the patch helpers are properties/mutants.py's.
A mutant patches the model in place, so it is switched on only in a process of its own:
:func:`refinement_catches` runs ``python -m cdg_oracle.properties.distant_plain.mutants NAME``, which
activates the mutant and plays seeded *active* games (properties/distant_plain/verification.py's
policy: a random answer that does something) under the campaign's option sets, observing every step
with the refinement check (properties/refinement.py ``StepObserver``) and nothing else -- no
invariant, no second implementation -- until the first :class:`~cdg_oracle.properties.refinement.Finding`.

The aid sets no stacking limit (gap ``track_limits``), so no mutant breaks one. The game's checks
record names this module as its ``refinement_mutants``, not its ``mutants`` (difftest has no
reference side for this game): they measure the refinement check, not difftest (``python
benchmarks/refinement.py --game distant_plain --mutants --out reports/distant_plain/mutants.json``).
"""
from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Callable

from cdg_oracle.properties import mutants as _generic
from cdg_oracle.properties.mutants import Mutant

PACKAGE = "cdg_oracle.model.distant_plain"
M = PACKAGE + "."

REGISTRY = _generic.Registry("distant_plain", default_scenario="sandbox")
MUTANTS: dict[str, Mutant] = REGISTRY.mutants
mutant = REGISTRY.mutant
activate = REGISTRY.activate

#: The option sets games are played under: the default sandbox and the active campaign's.
OPTION_SETS = (None, {"propaganda_rounds": 3, "turns_per_propaganda": 2})


def _wrap(module: str, name: str, make: Callable[[Callable], Callable]) -> None:
    _generic.replace_function(M + module, name, make)


@mutant("train_cost_2", "government.operations.train",
        "a Train space costs 2 Government Resources, not the aid's 3 ('3 Risorse per Spazio')")
def _train_cost() -> None:
    _generic.set_constant(M + "operations.train", "COST", 2)


@mutant("redeploy_flips_guerrillas", "propaganda.redeploy.redeploy",
        "a Taliban guerrilla redeployed Active arrives Underground ('each keeping its side' forgotten)")
def _redeploy_flips() -> None:
    def make(original):
        def move_piece(st, f, kind, origin, destination):
            original(st, f, kind, origin, destination)
            if kind == "taliban_active":
                p = st.d["spaces"][destination]["pieces"]
                p["taliban_active"] -= 1
                p["taliban_underground"] += 1
        return move_piece
    _wrap("redeploy", "move_piece", make)


@mutant("march_cost_doubled", "taliban.operations.march",
        "a March destination costs 2 Resources, not 1 ('1 Risorsa per destinazione')")
def _march_cost() -> None:
    _wrap("operations.march", "destination_cost", lambda original: lambda *a, **k: 2 * original(*a, **k))


@mutant("propaganda_no_aid", "propaganda.resources.government",
        "the Government's Propaganda income forgets Aid (only the Econ of the unsabotaged LoCs)")
def _no_aid() -> None:
    def make(original):
        def resources_phase(d):
            aid = d["aid"]
            original(d)
            d["resources"]["Government"] = max(0, d["resources"]["Government"] - aid)
        return resources_phase
    _wrap("propaganda", "resources_phase", make)


@mutant("surge_from_nowhere", "coalition.special_activities.surge",
        "Surge adds a Coalition piece to a space without taking it from the Available box")
def _surge_from_nowhere() -> None:
    def make(original):
        def relocate(d, move, flow):
            kind, a = move["move"], move["from"]
            original(d, move, flow)
            if a == "available":
                d["available"][kind] += 1
        return relocate
    _wrap("special_activities.coalition", "relocate", make)


@mutant("extort_gains_more", "taliban.special_activities.extort",
        "Extort gains one Taliban Resource more than the aid gives (+2 where it says +1)")
def _extort_more() -> None:
    def make(original):
        def extort_in(st, name):
            original(st, name)
            st.d["resources"]["Taliban"] += 1
        return extort_in
    _wrap("special_activities.taliban", "extort_in", make)


@mutant("warlords_rally_free", "warlords.operations.rally",
        "a Warlords Rally space costs no Resource ('1 Risorsa per Spazio' forgotten)")
def _rally_free() -> None:
    def make(original):
        def run_rally(st, f, a, faction, allowed, options, cost):
            return original(st, f, a, faction, allowed, options, (lambda n: 0) if faction == "Warlords" else cost)
        return run_rally
    _wrap("operations.rally", "run_rally", make)


# --------------------------------------------------------------------------------------------
# Playing games under the refinement check
# --------------------------------------------------------------------------------------------


def play_observed(seed: int, options: dict | None = None, stop_at_finding: bool = True):
    """One active sandbox game (seed ``seed``, ``options``) observed by the refinement check:
    ``(observer, steps)``; stops at the first finding when ``stop_at_finding``."""
    from cdg_oracle.model.core.registry import get
    from cdg_oracle.properties.distant_plain.verification import passive
    from cdg_oracle.properties.refinement import StepObserver
    from cdg_oracle.properties.sampling import sample_chance

    spec = get("distant_plain")
    st = spec.new_state("sandbox", "standard", None, options)
    obs = StepObserver(st, "sandbox", seed)
    rng = random.Random(seed)
    steps = 0
    while not st.is_terminal():
        if st.current_player() == "chance":
            a = sample_chance(rng, st.chance_outcomes())
        else:
            acts = st.legal_actions()
            a = rng.choice([x for x in acts if not passive(x)] or acts)
        st.apply(a)
        steps += 1
        obs.observe(st, a)
        if obs.finding is not None and stop_at_finding:
            break
    return obs, steps


def first_finding(games: int = 20, seed: int = 0) -> dict:
    """Seeded active games under each of :data:`OPTION_SETS` (``games`` seeds from ``seed``) until the
    refinement check's first finding: ``{"caught", "games", "steps", "finding"}``."""
    played = steps = 0
    for k in range(games):
        for options in OPTION_SETS:
            obs, n = play_observed(seed + k, options)
            played += 1
            steps += n
            if obs.finding is not None:
                f = obs.finding
                return {"caught": True, "games": played, "steps": steps,
                        "finding": {"seed": seed + k, "options": options, "step": f.step, "rules": f.rules,
                                    "changed": f.changed, "candidates": f.candidates, "line": f.line()}}
    return {"caught": False, "games": played, "steps": steps, "finding": None}


def refinement_catches(name: str, games: int = 20, seed: int = 0, timeout: float = 900) -> dict:
    """Whether the refinement check alone catches mutant ``name``: a process of its own activates it
    and plays :func:`first_finding`; ``{"mutant", "rule", "caught", "games", "steps", "finding"}``."""
    if name not in MUTANTS:
        raise KeyError(f"no A Distant Plain mutant {name!r} (choose {', '.join(MUTANTS)})")
    proc = subprocess.run([sys.executable, "-m", __name__, name, str(games), str(seed)], capture_output=True,
                          text=True, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(f"mutant {name}: {proc.stderr.strip().splitlines()[-1:] or proc.returncode}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> int:
    name = argv[0]
    games = int(argv[1]) if len(argv) > 1 else 20
    seed = int(argv[2]) if len(argv) > 2 else 0
    m = activate(name)
    out = {"mutant": name, "rule": m.rule, **first_finding(games, seed)}
    print(json.dumps(out, sort_keys=True, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
