"""Regression: the rulebook's two-player example of play, Let's Roll!, turn 1 (IT seed, "ESEMPIO
DI GIOCO"; dossier seed_labyrinth.md h.4 fixture 1), with its scripted dice.

Operations run through the model's own procedures. Card events are the next issue: the effects of
the six events in the example (#57, #4, #72, #92's event part, #104, #106) are applied by hand here,
each marked EVENT, so that the operations that follow start from the example's positions.
Corrections (seed_labyrinth.md A24, A25): the Jihadist's #84 is printed #85 in his hand; the
end-of-turn Prestige +1 requires World Posture 3 (5.2.5), which held.
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.labyrinth import victory
from cdg_oracle.model.labyrinth.tracks import troops_level, world_posture
from tests.labyrinth.harness import position, run_proc

pytestmark = pytest.mark.rule("8.1.2", "7.2.1.2", "7.3.4", "7.4.2", "8.3.1", "8.5.6", "5.2.5")


def cells(st, name):
    c = st.d["countries"][name]
    return c["sleepers"] + c["actives"]


def test_two_player_example_turn_one():
    st = position("lets_roll")
    d = st.d
    C = d["countries"]
    assert d["cells_track"] == 11 and d["troops_track"] == 11

    # 1. J #35 Hijab for Ops (its US event is not playable: Afghanistan is IR): Recruit x3 in
    #    Afghanistan, automatic under Islamist Rule (8.1.1).
    run_proc(st, "op_recruit", [{"country": "Afghanistan"}] * 3, side="Jihadist", card=35, value=3)
    assert cells(st, "Afghanistan") == 7 and d["cells_track"] == 8

    # 2. J #95 Wahhabism for Ops: Travel 3 from Afghanistan to Pakistan (adjacent: automatic), to
    #    the Philippines (test 2 -> Soft; roll 1 <= Fair 2) and to Russia (test 5 -> Hard; roll 6 fails).
    run_proc(st, "op_travel", [
        {"from": "Afghanistan"}, {"to": "Pakistan"},
        {"from": "Afghanistan"}, {"to": "Philippines"},
        {"from": "Afghanistan"}, {"to": "Russia"},
        2, 1,        # Philippines: test, then travel roll
        5, 6,        # Russia: test, then travel roll (fails: the cell goes to the track)
    ], side="Jihadist", card=95, value=3)
    assert (cells(st, "Afghanistan"), cells(st, "Pakistan"), cells(st, "Philippines"), cells(st, "Russia")) == (4, 1, 1, 0)
    assert C["Philippines"]["posture"] == "soft" and C["Russia"]["posture"] == "hard"
    assert d["cells_track"] == 9 and world_posture(d) == 1

    # 3. U #65 HEU for Ops (event unplayable): WoI in the Gulf States, roll 4 +1 (High Prestige)
    #    -1 (Fair to Good) = 4: fails by one -> Aid.
    run_proc(st, "op_war_of_ideas", [{"country": "Gulf States"}, 4], side="US", card=65, value=2)
    assert C["Gulf States"]["aid"] == 1 and C["Gulf States"]["gov"] == "fair"
    # 4. U #15: WoI again, roll 6 +1 -1 +1 (Aid) = 7 -> Good; the Aid is removed.
    run_proc(st, "op_war_of_ideas", [{"country": "Gulf States"}, 6], side="US", card=15, value=2)
    assert C["Gulf States"]["gov"] == "good" and C["Gulf States"]["aid"] == 0
    assert victory.good_resources(st) == 3

    # 6. EVENT #57 Abu Sayyaf: a cell in the Philippines and the Abu Sayyaf marker.
    C["Philippines"]["sleepers"] += 1
    d["cells_track"] -= 1
    C["Philippines"]["markers"].append("Abu Sayyaf")
    # 7. J #28 Sharia (US event, 2 Ops) for a Plot in the Philippines: rolls 1, 1 -> two "2" plots.
    run_proc(st, "op_plot", [{"country": "Philippines"}, {"country": "Philippines"}, 1, 1,
                             {"plot": 2}, {"plot": 2}], side="Jihadist", card=28, value=2)
    assert C["Philippines"]["plots"] == [2, 2] and C["Philippines"]["actives"] == 2
    d["prestige"] = 5            # EVENT effect of Abu Sayyaf per plot placed (card 57): 7 -> 5
    # 8. EVENT #4 Moro Talks: Funding 9 -> 8; blocks Abu Sayyaf.
    d["funding"] = 8
    C["Philippines"]["markers"].remove("Abu Sayyaf")

    # 9. U #39 for Regime Change in Afghanistan: 6 troops from the track; Governance roll 5 ->
    #    Fair; Prestige roll 6 (up), then 4 and 1: +1 -> 6.
    run_proc(st, "op_regime_change", [{"country": "Afghanistan"}, {"from": "track"}, {"troops": 6},
                                      5, 6, 4, 1], side="US", card=39, value=3)
    afg = C["Afghanistan"]
    assert (afg["gov"], afg["align"], afg["rc"], afg["troops"], afg["actives"], afg["sleepers"]) == \
        ("fair", "ally", "green", 6, 4, 0)
    assert d["prestige"] == 6 and troops_level(d["troops_track"]) == "war"
    assert victory.count_governance(st, ("good", "fair")) == 4 and victory.islamist_resources(st) == 0

    # 10. Plot phase: both "2" plots in the Philippines (Fair, non-Muslim): Funding 8 + 2 -> 9
    #     (capped), Posture roll 2 -> Soft; then Funding stays 9, Posture roll 6 -> Hard.
    run_proc(st, "resolve_plots", [2, 6], )
    assert d["funding"] == 9 and C["Philippines"]["posture"] == "hard" and C["Philippines"]["plots"] == []
    assert world_posture(d) == 3
    assert sorted(d["plots_available"]).count(2) == 2

    # 11. J #78 (3 Ops) Minor Jihad: Afghanistan 2 dice (6, 2): a cell lost, Fair -> Poor;
    #     Pakistan 1 die (1): Fair -> Poor, its cell Active.
    run_proc(st, "op_jihad", [{"country": "Afghanistan"}, {"country": "Afghanistan"}, {"country": "Pakistan"},
                              6, 2, 1], side="Jihadist", card=78, value=3)
    assert afg["gov"] == "poor" and cells(st, "Afghanistan") == 3
    assert C["Pakistan"]["gov"] == "poor" and C["Pakistan"]["actives"] == 1
    assert victory.count_governance(st, ("good", "fair")) == 2 and victory.count_governance(st, ("poor", "islamist_rule")) == 5
    assert d["cells_track"] == 9

    # 12. EVENT #72 Opium: 3 Sleeper cells in Afghanistan.
    afg["sleepers"] += 3
    d["cells_track"] -= 3
    # 13. U #92 Saddam (Jihadist event first: Funding stays 9), then Disrupt Afghanistan (Poor: a
    #     value-3 card; 6 troops): 2 Active cells removed; Prestige +1 -> 7.
    run_proc(st, "op_disrupt", [{"country": "Afghanistan"}, {"cell": "active"}, {"cell": "active"}],
             side="US", card=92, value=3)
    assert (afg["actives"], afg["sleepers"], d["prestige"]) == (1, 3, 7)
    # 14. EVENT #104 Iran: Pakistan's cell removed -> Cadre.
    C["Pakistan"]["actives"] -= 1
    d["cells_track"] += 1
    C["Pakistan"]["cadre"] = True
    assert d["cells_track"] == 9

    # 15. J #100 (1 Op) Travel Afghanistan's Active cell to Somalia: test 3 -> Poor Neutral; roll 2 <= 3.
    run_proc(st, "op_travel", [{"from": "Afghanistan"}, {"cell": "active"}, {"to": "Somalia"}, 3, 2],
             side="Jihadist", card=100, value=1)
    assert (C["Somalia"]["gov"], C["Somalia"]["align"], C["Somalia"]["sleepers"]) == ("poor", "neutral", 1)
    assert C["Somalia"]["besieged"]  # the scenario's Besieged Regime stays on a Poor country
    # 16. J #22 (US event unplayable, 2 Ops): Recruit 2 in Somalia, rolls 2, 3 -> +2.
    run_proc(st, "op_recruit", [{"country": "Somalia"}, {"country": "Somalia"}, 2, 3], side="Jihadist", card=22, value=2)
    assert cells(st, "Somalia") == 3 and d["cells_track"] == 7

    # 17. EVENT #106 Jaysh al-Mahdi: 2 cells removed from Afghanistan.
    afg["sleepers"] -= 2
    d["cells_track"] += 2
    assert cells(st, "Afghanistan") == 1
    # 18. U #42 (3 Ops) WoI in Afghanistan, a Regime Change country with troops - cells = 5:
    #     roll 4 +1 (High Prestige) = 5 -> Fair.
    run_proc(st, "op_war_of_ideas", [{"country": "Afghanistan"}, 4], side="US", card=42, value=3)
    assert afg["gov"] == "fair"

    # 19. J #85 (printed "#84", A25) Recruit: Afghanistan x1 (Regime Change: automatic), Somalia x2
    #     rolls 3, 3 -> +2.
    run_proc(st, "op_recruit", [{"country": "Afghanistan"}, {"country": "Somalia"}, {"country": "Somalia"}, 3, 3],
             side="Jihadist", card=85, value=3)
    assert (cells(st, "Somalia"), cells(st, "Afghanistan"), d["cells_track"]) == (5, 2, 6)

    # 21. End of turn (5.2.5-5.2.9): Funding 9 -> 8; no Islamist Rule, so no Prestige loss; World
    #     Hard 3 = US Hard -> Prestige 7 -> 8; Reserves 0; deal (US 8 for War, Jihadist 9 for
    #     Ample); the green Regime Change marker turns tan.
    d["first_plot"] = [28]
    d["hands"] = {"US": [], "Jihadist": []}
    run_proc(st, "end_of_turn", [{"card": n} for n in first_cards(st, 17)])
    assert (d["funding"], d["prestige"]) == (8, 8)
    assert d["first_plot"] == [] and 28 in d["discard"]
    assert (len(d["hands"]["US"]), len(d["hands"]["Jihadist"])) == (8, 9)
    assert afg["rc"] == "tan"


def first_cards(st, n):
    """The first ``n`` cards of the deck, in the order the deal will offer them."""
    return sorted(st.d["deck"])[:n]
