"""Twilight Struggle's own checks in ``cdg-oracle verify --game twilight_struggle``
(properties/verification.py): the map checks (networkx, 2.1), every scenario against the
consistency laws, its printed figures and its golden summary in both editions, the z3 invariants
on every scenario's set-up, the z3 inductive proofs and lemmas, the z3 analysis of scoring and
victory; and, after the random campaign (the seed's edition), a campaign of the Deluxe edition.
"""
from __future__ import annotations

import json
from typing import Callable

from cdg_oracle.properties.verification import (
    ExtraCampaign, GameVerification, Section, checks_section, mark, proofs_section as proofs_table, unmeasured,
)


def map_section() -> Section:
    from cdg_oracle.properties.twilight_struggle.mapchecks import all_checks

    return checks_section("map_checks", "Map (networkx)", all_checks().items())


def scenario_section() -> Section:
    from cdg_oracle.properties.twilight_struggle.scenario_checks import check_all_scenarios, summary

    scen = check_all_scenarios()
    md = ["## Scenarios: set-up laws, printed figures, golden summary (both editions)", "",
          "| scenario | result | influence USSR / US after set-up (seed; deluxe) | controlled USSR / US |",
          "|---|---|---|---|"]
    for s in scen:
        e = summary(s["scenario"])["editions"]
        md.append(f"| {s['scenario']} | {mark(s['ok'])} | {e['seed']['after_free_placement']['USSR']} / "
                  f"{e['seed']['after_free_placement']['US']}; {e['deluxe']['after_free_placement']['USSR']} / "
                  f"{e['deluxe']['after_free_placement']['US']} | {e['seed']['controlled']['USSR']} / "
                  f"{e['seed']['controlled']['US']} |")
        for p in s["problems"]:
            md.append(f"|  | {p} | | |")
    return Section("scenario_checks", scen, all(x["ok"] for x in scen), md)


def z3_invariants_section() -> Section:
    """The z3 invariants evaluated on each scenario's set-up, in both editions."""
    from cdg_oracle.model.twilight_struggle import new_game, scenario_names
    from cdg_oracle.properties.twilight_struggle import z3_invariants

    rows = []
    for name in scenario_names():
        for edition in ("seed", "deluxe"):
            bad = [r for r in z3_invariants.check_state(new_game(name, options={"edition": edition}))
                   if not r["holds"]]
            rows.append({"scenario": name, "edition": edition, "ok": not bad,
                         "violations": [{"name": r["name"], "rule": r["rule"]} for r in bad]})
    md = ["## z3 invariants on each scenario's set-up", "",
          "The invariants are z3 formulas over a symbolic state (properties/twilight_struggle/z3_invariants.py);",
          "each set-up is checked by evaluating them on the model's concrete state.", ""]
    for z in rows:
        md.append(f"- {z['scenario']} ({z['edition']}): {mark(z['ok'])}" + "".join(
            f"\n  - {v['name']} ({v['rule']})" for v in z["violations"]))
    return Section("z3_invariants", rows, all(x["ok"] for x in rows), md)


def proofs_section() -> Section:
    from cdg_oracle.properties.twilight_struggle import z3_proofs

    proofs = [unmeasured(p) for p in z3_proofs.prove_all()]  # no seconds nor z3 steps
    return proofs_table("z3 inductive proofs and lemmas",
                        ["Each transition (a rule's effect on tracks, influence and card zones) is proved to preserve the",
                         "invariants, or a counterexample is shown; the lemmas (control exclusive, DEFCON gating) likewise."],
                        proofs, [(p["name"], p.get("rule", ""), p["verdict"] == "proved", p.get("counterexample"))
                                 for p in proofs], head="transition or lemma")


def victory_section() -> Section:
    from cdg_oracle.properties.twilight_struggle import victory_analysis

    findings = victory_analysis.analyse()
    md = ["## z3 analysis of scoring and victory", "", "| finding | rule | result | detail |", "|---|---|---|---|"]
    for f in findings:
        md.append(f"| {f['name']} | {f.get('rule', '')} | {f['result']} | {str(f.get('detail', ''))[:160]} |")
    return Section("victory_analysis", findings, True, md)


class TwilightVerification(GameVerification):
    title = "Twilight Struggle verification report"
    campaign_words = ("Complete games of the seed's edition with uniformly random legal choices and seeded chance, every",
                      "card event played, headlined and triggered as the rules allow; after every step the state is",
                      "checked against the consistency laws, round-tripped through JSON, and checked to offer a legal",
                      "action.")

    def checks(self, seed: int, say: Callable[[str], None]) -> list[Section]:
        say("verify: map checks")
        out = [map_section()]
        say("verify: scenario checks")
        out.append(scenario_section())
        say("verify: z3 invariants on every scenario's set-up")
        out.append(z3_invariants_section())
        say("verify: z3 inductive proofs")
        out.append(proofs_section())
        say("verify: z3 analysis of scoring and victory")
        out.append(victory_section())
        return out

    def extra_campaigns(self, scenarios: list[str], seed: int, games: int, budget: float | None,
                        progress, say: Callable[[str], None], jobs: int = 1) -> list[ExtraCampaign]:
        """The Deluxe edition: as many games per scenario as the random campaign, same seed."""
        from cdg_oracle.properties.campaign import options_campaign

        limit = "no time limit" if budget is None else f"cut short after {budget:g} s"
        say(f"verify: Deluxe edition campaign ({games} games per scenario, {limit}, seed {seed})")
        results = options_campaign("twilight_struggle", scenarios, [{"edition": "deluxe"}], seed, games, budget,
                                   progress, jobs) if games else []
        failed = [r for r in results if r.failures]
        wins: dict[str, int] = {}
        for r in results:
            wins[str(r.winner)] = wins.get(str(r.winner), 0) + 1
        data = {"games": len(results), "steps": sum(r.steps for r in results), "winners": wins,
                "failures": [{"scenario": r.scenario, "seed": r.seed, "failures": r.failures[:5], "actions": r.actions}
                             for r in failed]}
        md = ["## Deluxe edition campaign", "",
              "The same checks as the random campaign, with the option edition=deluxe (the Deluxe numbering and",
              "values of the cards, 25 US influence at set-up).", "",
              f"{data['games']} games, {data['steps']} steps, winners {json.dumps(wins, sort_keys=True)}; "
              f"{len(failed)} failed."]
        for f in data["failures"]:
            md.append(f"- {f['scenario']} seed {f['seed']}: " + "; ".join(f["failures"]))
        planned = games * len(scenarios)
        section = Section("deluxe_campaign", data, not failed, md, f"{data['games']} Deluxe games")
        return [ExtraCampaign(section, {"deluxe_games_per_scenario": games}, {"deluxe_games": planned},
                              len(results), f"{games} Deluxe games per scenario",
                              f"{len(results)} of {planned} Deluxe games")]


#: The game's verification (its checks record's ``verification``, properties/twilight_struggle/__init__.py).
VERIFICATION = TwilightVerification("twilight_struggle")
