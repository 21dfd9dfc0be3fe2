"""Labyrinth's own checks in ``cdg-oracle verify`` (properties/verification.py): the map checks
(networkx, 4.1, 4.5, card 43, event distances); every scenario against the invariants, its printed
figures and its golden summary; the z3 invariants evaluated on every scenario's set-up; the z3
inductive proofs (each "proved" or a counterexample); the z3 victory analysis on the map's data;
and, after the random campaign, a solo campaign (chapter 9: the Jihadist played by the bot) for
every scenario at every Ideology, with the count of steps that used the substitute for the 9.5
Global table.
"""
from __future__ import annotations

import json
from typing import Callable

from cdg_oracle.properties.verification import (
    ExtraCampaign, GameVerification, Section, checks_section, mark, proofs_section as proofs_table, unmeasured,
)


def solo_games_for(games: int) -> int:
    """Solo games per scenario and Ideology for ``--games`` two-player games per scenario: a fifth
    (there are five Ideologies, so as many solo games per scenario as two-player ones), at least one;
    none when ``--games`` is 0 (no campaign at all)."""
    return 0 if games == 0 else max(1, games // 5)


def map_section(m) -> Section:
    from cdg_oracle.properties.labyrinth.mapchecks import check_map

    return checks_section("map_checks", "Map (networkx)", check_map(m))


def scenario_section() -> Section:
    from cdg_oracle.properties.labyrinth.scenario_checks import check_all_scenarios

    scen = check_all_scenarios()
    md = ["## Scenarios: set-up invariants, printed figures, golden summary", "",
          "| scenario | result | troops | funding | Good res. | IR res. | Fair/Good | Poor/IR |",
          "|---|---|---|---|---|---|---|---|"]
    for s in scen:
        c = s["computed"]
        md.append(f"| {s['scenario']} | {mark(s['ok'])} | {c['troops']} | {c['funding']} | {c['good_resources']} | "
                  f"{c['islamist_resources']} | {c['fair_or_good']} | {c['poor_or_islamist']} |")
        for p in s["problems"]:
            md.append(f"|  | {p} | | | | | | |")
    return Section("scenario_checks", scen, all(x["ok"] for x in scen), md)


def z3_invariants_section() -> Section:
    """The z3 invariants evaluated on each scenario's set-up, read through the contract (the
    canonical state and the rulings) and the map."""
    from cdg_oracle.model.labyrinth import new_game
    from cdg_oracle.model.labyrinth.scenarios import scenario_names
    from cdg_oracle.properties.labyrinth import z3_state

    z3inv = []
    for name in scenario_names():
        st = new_game(name)
        bad = [r for r in z3_state.check_state(st.canonical(), st.map, rulings=st.rulings_dict()) if not r["holds"]]
        z3inv.append({"scenario": name, "ok": not bad,
                      "violations": [{"name": r["name"], "rule": r["rule"], "counterexample": r["counterexample"]}
                                     for r in bad]})
    md = ["## z3 invariants on each scenario's set-up", "",
          "The invariants are z3 formulas over a symbolic state; each set-up is checked by evaluating them",
          "on the model's concrete state.", ""]
    for z in z3inv:
        md.append(f"- {z['scenario']}: {mark(z['ok'])}" + "".join(
            f"\n  - {v['name']} ({v['rule']}): counterexample {json.dumps(v['counterexample'], sort_keys=True)}"
            for v in z["violations"]))
    return Section("z3_invariants", z3inv, all(x["ok"] for x in z3inv), md)


def proofs_section() -> Section:
    from cdg_oracle.properties.labyrinth import z3_proofs

    proofs = [unmeasured(p) for p in z3_proofs.prove_all()]  # no seconds nor z3 steps
    return proofs_table("z3 inductive proofs",
                        ["Each transition (an operation's or an end-of-turn step's effect on tracks and counts) is proved to",
                         "preserve the invariants, or a counterexample is shown."], proofs,
                        [(p["name"], ", ".join(p.get("rules", [])), p["status"] == "proved", p.get("witness"))
                         for p in proofs])


def victory_section(m) -> Section:
    from cdg_oracle.properties.labyrinth import victory_analysis

    victory = victory_analysis.analyse(m)
    md = ["#" + x if x.startswith("#") else x for x in victory_analysis.render_md(victory)]  # one level down
    return Section("victory_analysis", victory, True, md)


def solo_report(results: list, gap: str) -> dict:
    """The solo campaign's section of the report: per scenario and Ideology the games, steps, wins,
    failures and gap steps (chance nodes standing in for the 9.5 Global table, ``decision()["gap"]``)."""
    per = {}
    for r in results:
        s = per.setdefault(r.scenario, {}).setdefault(r.options["ideology"], {
            "games": 0, "steps": 0, "US": 0, "Jihadist": 0, "failed": 0, "gap_steps": 0, "games_with_gaps": 0})
        s["games"] += 1
        s["steps"] += r.steps
        s["gap_steps"] += r.gaps
        s["games_with_gaps"] += bool(r.gaps)
        if r.failures:
            s["failed"] += 1
        elif r.winner:
            s[r.winner] += 1
    failed = [r for r in results if r.failures]
    return {"games": len(results), "steps": sum(r.steps for r in results),
            "gap_steps": sum(r.gaps for r in results), "games_with_gaps": sum(bool(r.gaps) for r in results),
            "gap": gap, "per_scenario": per,
            "failures": [{"scenario": r.scenario, "options": r.options, "seed": r.seed, "failures": r.failures[:5],
                          "actions": r.actions} for r in failed]}


def render_solo_md(solo: dict) -> list[str]:
    """The solo campaign's section of the Markdown report."""
    lines = ["## Solo campaign (chapter 9)", "",
             "Complete solo games: the US plays uniformly random legal choices, the Jihadist is the bot of",
             "chapter 9, chance is seeded; every scenario at every Ideology (9.7). After every step the",
             "two-player checks hold, plus the solo invariants: no Jihadist decision node (9.0), the numbered",
             "plot markers Available, on the map and set aside are the six, and each set-aside marker stands for",
             "a WMD plot in play (9.3.3), the Jihadist draw stack holds each card once (9.2).", "",
             "| scenario | Ideology | games | steps | US wins | Jihadist wins | failed | gap steps |",
             "|---|---|---|---|---|---|---|---|"]
    for name, by_ideology in sorted(solo["per_scenario"].items()):
        for ideology, s in by_ideology.items():
            lines.append(f"| {name} | {ideology} | {s['games']} | {s['steps']} | {s['US']} | {s['Jihadist']} | "
                         f"{s['failed']} | {s['gap_steps']} |")
    share = f" ({100 * solo['gap_steps'] / solo['steps']:.1f}%)" if solo["steps"] else ""
    lines += ["", f"Gap steps: {solo['gap_steps']} of {solo['steps']} steps{share}, in {solo['games_with_gaps']} of "
              f"{solo['games']} games, were chance nodes standing in for a table no source gives: "
              f"{solo['gap']}. A game through such a step follows the model's substitute there, not a rule."]
    for f in solo["failures"]:
        lines.append(f"\n- {f['scenario']} solo {f['options']['ideology']} seed {f['seed']}: " + "; ".join(f["failures"]))
    return lines


class LabyrinthVerification(GameVerification):
    title = "Labyrinth verification report"
    campaign_words = ("Complete games with uniformly random legal choices and seeded chance, card events included; after",
                      "every step the state is checked against the invariants, round-tripped through JSON, and checked to",
                      "offer a legal action.")

    def checks(self, seed: int, say: Callable[[str], None]) -> list[Section]:
        from cdg_oracle.model.labyrinth.mapdata import load_map

        m = load_map()
        say("verify: map checks")
        out = [map_section(m)]
        say("verify: scenario checks")
        out.append(scenario_section())
        say("verify: z3 invariants on every scenario's set-up")
        out.append(z3_invariants_section())
        say("verify: z3 inductive proofs")
        out.append(proofs_section())
        say("verify: z3 victory analysis")
        out.append(victory_section(m))
        return out

    def machine_games(self, stats: dict) -> str:
        if stats.get("games") is None:
            return "."
        return f"; {stats['games']} games, {stats.get('solo_games')} of them solo (chapter 9)."

    def extra_campaigns(self, scenarios: list[str], seed: int, games: int, budget: float | None,
                        progress, say: Callable[[str], None], jobs: int = 1) -> list[ExtraCampaign]:
        """The solo campaign: ``solo_games_for(games)`` games per scenario and Ideology (9.7)."""
        from cdg_oracle.model.labyrinth.options import IDEOLOGIES
        from cdg_oracle.model.labyrinth.solo.random_country import GLOBAL_GAP
        from cdg_oracle.properties.labyrinth.campaign import solo_campaign

        n = solo_games_for(games)
        limit = "no time limit" if budget is None else f"cut short after {budget:g} s"
        say(f"verify: solo campaign (chapter 9; {n} games per scenario and Ideology, {limit}, seed {seed})")
        solo = solo_report(solo_campaign(scenarios, list(IDEOLOGIES), seed, n, budget, progress, jobs) if n else [],
                           GLOBAL_GAP)
        planned = n * len(scenarios) * len(IDEOLOGIES)
        section = Section("solo_campaign", solo, not solo["failures"], render_solo_md(solo),
                          f"{solo['games']} solo games ({solo['gap_steps']} steps on the Global-table substitute)")
        return [ExtraCampaign(section, {"solo_games_per_scenario_and_ideology": n}, {"solo_games": planned},
                              solo["games"], f"{n} solo games per scenario and Ideology",
                              f"{solo['games']} of {planned} solo games")]


#: The game's verification (its checks record's ``verification``, properties/labyrinth/__init__.py).
VERIFICATION = LabyrinthVerification("labyrinth")
