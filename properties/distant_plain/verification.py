"""A Distant Plain's own checks in ``cdg-oracle verify --game distant_plain``
(properties/verification.py): the map checks (networkx: the LoCs, Pakistan, Pashtun territory), the
ambiguity registry and the gaps register loaded and covered, and the z3 analysis of the victory
goals under both readings of Control; the random campaign and the state machine follow (generic).
"""
from __future__ import annotations

from typing import Callable

from cdg_oracle.properties.verification import VERIFICATIONS, GameVerification, Section, checks_section, mark


def map_section() -> Section:
    from cdg_oracle.properties.distant_plain.mapchecks import all_checks

    return checks_section("map_checks", "Map (networkx)", all_checks().items())


def registers_section() -> Section:
    """The ambiguity registry (every switch covered) and the gaps register (every option's gap named)."""
    from cdg_oracle.model.distant_plain.options import GAPS
    from cdg_oracle.model.distant_plain.pieces import load_gaps
    from cdg_oracle.properties.distant_plain.registry import coverage_problems, load_registry

    entries = load_registry()
    gaps = {g["id"] for g in load_gaps()}
    problems = coverage_problems(entries) + [f"option {k}: gap {g} is not registered" for k, g in GAPS.items()
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
        return out

    def run_machine(self, examples: int, steps: int, seed: int, on_failure) -> dict:
        from cdg_oracle.properties.distant_plain import stateful

        return stateful.run_machine(examples, steps, seed, on_failure=on_failure)


VERIFICATIONS["distant_plain"] = DistantPlainVerification("distant_plain")
