"""A Distant Plain's own checks in ``cdg-oracle verify --game distant_plain``
(properties/verification.py): the map checks (networkx: the LoCs, Pakistan, Pashtun territory), the
ambiguity registry and the gaps register loaded and covered, the z3 analysis of the victory
goals under both readings of Control, and the z3 inductive proofs of the invariants over every
transition (z3_proofs.py); the random campaign and the state machine follow (generic);
then a campaign of *active* games (:func:`active_campaign`): the uniformly random campaign passes
often and ends early, so these games choose at random among the actions that do something, and the
report counts how often each Operation and Special Activity ran.
"""
from __future__ import annotations

import json
import random
from typing import Callable

from cdg_oracle.properties.verification import (
    ExtraCampaign, GameVerification, Section, checks_section, mark, unmeasured,
)

#: The answers that do nothing: a pass, "done", no Special Activity (and a removal's stop,
#: ``{"remove": null, "space": name}``: :func:`passive`).
PASSIVE = ({"pass": True}, {"done": True}, {"sa": None})


def passive(action) -> bool:
    """Whether ``action`` is one of the answers that do nothing (:data:`PASSIVE`, a removal's stop)."""
    return action in PASSIVE or (isinstance(action, dict) and "remove" in action and action["remove"] is None)
#: The active campaign's sandbox: three Propaganda rounds, two turns of each faction before each.
ACTIVE_OPTIONS = {"propaganda_rounds": 3, "turns_per_propaganda": 2}


#: How often an active game ends a space-by-space activity when it may (``{"done": true}``): every
#: choice the rules allow is offered, also one without effect (issue 27 item 1), so a game that never
#: stopped would spend a faction's Resources on its first Operation's spaces.
DONE_CHANCE = 0.1


def active_game(seed: int, options: dict | None = None, rulings: dict | None = None,
                roundtrip_every: int = 1, board: Callable[[dict], None] | None = None) -> dict:
    """One active game (module docstring; ``options`` default :data:`ACTIVE_OPTIONS`), checked after
    every step against the consistency laws and the turn's laws and dead ends, and every
    ``roundtrip_every`` steps (as walk.play_checked) for the JSON round trip: its winner, steps, the
    activities that ran (procedure -> times started; Ambush counted when chosen) and the first
    failure. Each step a random answer that does something (not :func:`passive`), or ``done`` with
    :data:`DONE_CHANCE` where it is offered. ``board``: changes the sandbox's start (pieces moved
    from Available to the map, the state dict given) before the first answer."""
    from cdg_oracle.model.distant_plain.scenarios import new_game
    from cdg_oracle.model.distant_plain.state import DistantPlainState
    from cdg_oracle.properties.distant_plain.campaign import distant_plain_invariants

    rng = random.Random(seed)
    st = new_game(options=ACTIVE_OPTIONS if options is None else options, rulings=rulings)
    if board is not None:
        board(st.d)
    check = distant_plain_invariants(st)
    ran: dict[str, int] = {}
    steps = 0
    while not st.is_terminal():
        acts = st.legal_actions()
        if not acts:
            return {"seed": seed, "steps": steps, "winner": None, "ran": ran, "failure": f"dead end at {st.decision()}"}
        before = list(st.d["stack"])  # the frames themselves, kept alive: a new frame is a new object
        old = {id(f) for f in before}
        if {"done": True} in acts and rng.random() < DONE_CHANCE:
            action = {"done": True}
        else:
            action = rng.choice([a for a in acts if not passive(a)] or acts)
        st.apply(action)
        steps += 1
        if action.get("ambush") is True:
            ran["taliban_ambush"] = ran.get("taliban_ambush", 0) + 1
        for f in st.d["stack"]:
            if id(f) not in old:  # a procedure started by this step and waiting on a question
                ran[f["proc"]] = ran.get(f["proc"], 0) + 1
        problems = check(st)
        if not problems and steps % roundtrip_every == 0 and DistantPlainState.from_json(st.to_json(), check=False) != st:
            problems = ["the state does not round-trip through JSON"]
        if problems:
            return {"seed": seed, "steps": steps, "winner": None, "ran": ran, "failure": f"step {steps}: {problems[0]}"}
    return {"seed": seed, "steps": steps, "winner": st.winner(), "ran": ran, "failure": None}


def active_campaign(seed: int, games: int, budget: float | None = None) -> Section:
    """``games`` active games (seeds ``seed * 100_003 + k``), with the activities that ran; a game
    is started only while the time ``budget`` (seconds, or None) lasts (issue 28.6)."""
    import time

    from cdg_oracle.model.distant_plain.activities import load_activities, proc_name

    start = time.monotonic()
    results = []
    for k in range(games):
        if budget is not None and time.monotonic() - start >= budget:
            break
        results.append(active_game(seed * 100_003 + k))
    ran: dict[str, int] = {}
    for r in results:
        for proc, n in r["ran"].items():
            ran[proc] = ran.get(proc, 0) + n
    wins: dict[str, int] = {}
    for r in results:
        if r["failure"] is None:
            wins[str(r["winner"])] = wins.get(str(r["winner"]), 0) + 1
    failed = [r for r in results if r["failure"]]
    activities = [(f, name, proc_name(f, name)) for f, acts in load_activities().items()
                  for name in (*acts.operations, *acts.special_activities)]
    never = [p for _, _, p in activities if not ran.get(p)] if games else []
    data = {"games": len(results), "steps": sum(r["steps"] for r in results), "winners": wins,
            "options": ACTIVE_OPTIONS, "activities": {p: ran.get(p, 0) for _, _, p in activities},
            "never_ran": never, "failures": [{"seed": r["seed"], "failure": r["failure"]} for r in failed]}
    md = ["## Active campaign", "",
          f"Sandbox games with the options {json.dumps(ACTIVE_OPTIONS, sort_keys=True)}, each choice random among",
          "the actions that do something (a pass, 'done' or no Special Activity only when nothing else is legal);",
          "after every step the consistency laws and the turn's laws, the JSON round trip and dead ends are checked.", "",
          f"{data['games']} games, {data['steps']} steps, winners {json.dumps(wins, sort_keys=True)}; "
          f"{len(failed)} failed; {len(never)} Operations or Special Activities never ran.", "",
          "| faction | Operation or Special Activity | times it ran |", "|---|---|---|"]
    md += [f"| {f} | {name} | {ran.get(p, 0)} |" for f, name, p in activities]
    md += [f"- seed {r['seed']}: {r['failure']}" for r in failed]
    return Section("active_campaign", data, not failed, md, f"{data['games']} active games")


def map_section() -> Section:
    from cdg_oracle.properties.distant_plain.mapchecks import all_checks

    return checks_section("map_checks", "Map (networkx)", all_checks().items())


def registers_section() -> Section:
    """The ambiguity registry (every switch covered) and the gaps register (every option's gap named)."""
    from cdg_oracle.model.distant_plain.options import GAPS
    from cdg_oracle.model.distant_plain.pieces import load_gaps
    from cdg_oracle.properties.games import checks

    registry = checks("distant_plain").registry
    entries = registry.load()
    gaps = {g["id"] for g in load_gaps()}
    problems = registry.coverage_problems(entries) + [f"option {k}: gap {g} is not registered" for k, g in GAPS.items()
                                             if g not in gaps]
    data = {"entries": len(entries), "switches": sum(1 for e in entries if e.switch), "gaps": len(gaps),
            "problems": problems}
    md = ["## Registers", "", f"{data['entries']} ambiguity entries ({data['switches']} executed by a switch), "
          f"{data['gaps']} gaps: {mark(not problems)}"] + [f"- {p}" for p in problems]
    return Section("registers", data, not problems, md)


def victory_section() -> Section:
    from cdg_oracle.properties.distant_plain import victory_analysis

    rows = []
    for control in ("coin_series", "none"):
        rows += [{"control": control, **f} for f in victory_analysis.analyse({"control": control})]
    ok = all(r.get("cross_check", True) for r in rows)
    md = ["## z3 analysis of the victory goals", "",
          "Which goals can hold alone and together, and each faction's largest margin, over the map and the piece",
          "counts (properties/distant_plain/victory_analysis.py); every possible pattern is built as a concrete state",
          "and checked by the model's own victory.py (cross-check).", "",
          "| control | finding | result | cross-check |", "|---|---|---|---|"]
    for r in rows:
        md.append(f"| {r['control']} | {r['name']} | {r['result']} | "
                  f"{mark(r['cross_check']) if 'cross_check' in r else '-'} |")
    return Section("victory_analysis", rows, ok, md)


def proofs_section() -> Section:
    """The z3 inductive proofs (properties/distant_plain/z3_proofs.py): the base cases, every
    transition and every composite step, each proved or with its counterexample."""
    from cdg_oracle.properties.distant_plain import z3_proofs
    from cdg_oracle.properties.verification import proofs_section as proofs_table

    proofs = [unmeasured(p) for p in z3_proofs.prove_all()]  # no seconds nor z3 steps
    return proofs_table("z3 inductive proofs",
                        ["The invariants (properties/distant_plain/z3_state.py: pieces conserved by kind, counts, the tracks'",
                         "bounds, Support levels and markers, the boxes, Hostility, the victory margins bounded) hold at the",
                         "sandbox's set-up, and each transition (one step of an Operation, a Special Activity or a Propaganda",
                         "phase, z3_proofs.py) and each composite step (transitions in a row that one answer takes, two of",
                         "them changing one component: the name joins them with +) is proved to preserve them, or a",
                         "counterexample is shown."], proofs,
                        [(p["name"], ", ".join(p.get("rules", [])), p["status"], p.get("witness"))
                         for p in proofs])


class DistantPlainVerification(GameVerification):
    title = "A Distant Plain verification report"
    campaign_words = ("Complete sandbox games (no source gives a scenario, the cards or the sequence of play: the factions",
                      "act in a fixed order, two Propaganda rounds) with uniformly random legal choices and seeded dice;",
                      "after every step the state is checked against the consistency laws and the turn's laws,",
                      "round-tripped through JSON, and checked to offer a legal action.")

    def checks(self, seed: int, say: Callable[[str], None]) -> list[Section]:
        say("verify: map checks")
        out = [map_section()]
        say("verify: the ambiguity registry and the gaps")
        out.append(registers_section())
        say("verify: z3 analysis of the victory goals")
        out.append(victory_section())
        say("verify: z3 inductive proofs")
        out.append(proofs_section())
        return out

    def extra_campaigns(self, scenarios: list[str], seed: int, games: int, budget: float | None,
                        progress, say: Callable[[str], None], jobs: int = 1) -> list[ExtraCampaign]:
        """The active campaign: as many games as the random campaign's per scenario, same seed and
        budget."""
        limit = "no time limit" if budget is None else f"cut short after {budget:g} s"
        say(f"verify: active campaign ({games} games, {limit}, seed {seed})")
        section = active_campaign(seed, games, budget)
        played = section.data["games"]
        return [ExtraCampaign(section, {"active_games": games}, {"active_games": games}, played,
                              f"{games} active games", f"{played} of {games} active games")]


#: The game's verification (its checks record's ``verification``, properties/distant_plain/__init__.py).
VERIFICATION = DistantPlainVerification("distant_plain")
