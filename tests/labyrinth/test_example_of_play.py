"""Regression: the rulebook's two-player example of play, Let's Roll!, turn 1 (IT seed, "ESEMPIO
DI GIOCO"; dossier seed_labyrinth.md h.4 fixture 1), played by the whole model from a position
file, docs/positions/example_of_play_turn1.yaml (the pre-dealt hands; the Jihadist to play his
first card), with the example's choices and scripted dice as actions: card play, the events
(#57, #4, #72, #92, #104, #106), the operations, the plot phases and the end of the turn all run
through the model's own procedures.

Corrections (seed_labyrinth.md A24, A25): the Jihadist's #84 is printed #85 in his hand; the
end-of-turn Prestige +1 requires World Posture 3 (5.2.5), which held.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from cdg_oracle.model.labyrinth import victory
from cdg_oracle.model.labyrinth.tracks import troops_level, world_posture
from cdg_oracle.oracle.position_cmd import apply_all
from cdg_oracle.oracle.positions import from_file

POSITION = Path(__file__).resolve().parents[2] / "docs" / "positions" / "example_of_play_turn1.yaml"

pytestmark = pytest.mark.rule("8.1.2", "7.2.1.2", "7.3.4", "7.4.2", "8.3.1", "8.5.6", "5.2.5", "8.5.3", "5.2.4",
                              "card 57", "card 4", "card 72", "card 92", "card 104", "card 106")


def die(*faces):
    return [{"die": n} for n in faces]


def to(*names, key="country"):
    return [{key: n} for n in names]


def cells(st, name):
    c = st.d["countries"][name]
    return c["sleepers"] + c["actives"]


def test_two_player_example_turn_one_from_its_position():
    st = from_file(POSITION)
    d, C = st.d, st.d["countries"]
    assert d["cells_track"] == 11 and d["troops_track"] == 11
    assert st.decision()["question"] == "jihadist_phase.choose"

    # 1. J #35 Hijab for Ops (its US event cannot happen: Afghanistan is under Islamist Rule):
    #    Recruit x3 in Afghanistan, automatic under Islamist Rule (8.1.1).
    apply_all(st, [{"card": 35}, {"use": "ops"}, {"event": "after"}, {"op": "recruit"}, *to("Afghanistan") * 3])
    assert cells(st, "Afghanistan") == 7 and d["cells_track"] == 8
    assert "Hijab" not in d["events_in_effect"] and 35 in d["discard"]

    # 2. J #95 Wahhabism for Ops: Travel 3 from Afghanistan to Pakistan (adjacent: automatic), to
    #    the Philippines (test 2 -> Soft; roll 1 <= Fair 2) and to Russia (test 5 -> Hard; roll 6 fails).
    apply_all(st, [{"card": 95}, {"use": "ops"}, {"op": "travel"},
                   {"from": "Afghanistan"}, {"to": "Pakistan"}, {"from": "Afghanistan"}, {"to": "Philippines"},
                   {"from": "Afghanistan"}, {"to": "Russia"}, *die(2, 1, 5, 6)])
    assert (cells(st, "Afghanistan"), cells(st, "Pakistan"), cells(st, "Philippines"), cells(st, "Russia")) == (4, 1, 1, 0)
    assert C["Philippines"]["posture"] == "soft" and C["Russia"]["posture"] == "hard"
    assert d["cells_track"] == 9 and world_posture(d) == 1

    # 3. U #65 HEU for Ops (its event cannot happen): WoI in the Gulf States, roll 4 +1 (High
    #    Prestige) -1 (Fair to Good) = 4: fails by one -> Aid.
    assert st.decision()["question"] == "us_phase.choose"
    apply_all(st, [{"card": 65}, {"use": "ops"}, {"event": "after"}, {"op": "war_of_ideas"},
                   {"country": "Gulf States"}, *die(4)])
    assert C["Gulf States"]["aid"] == 1 and C["Gulf States"]["gov"] == "fair"
    # 4. U #15: WoI again, roll 6 +1 -1 +1 (Aid) = 7 -> Good; the Aid is removed.
    apply_all(st, [{"card": 15}, {"use": "ops"}, {"op": "war_of_ideas"}, {"country": "Gulf States"}, *die(6)])
    assert C["Gulf States"]["gov"] == "good" and C["Gulf States"]["aid"] == 0
    assert victory.good_resources(st) == 3
    # 5. Plot phase: no plot; the turn goes on with the Jihadist.
    assert st.decision()["question"] == "jihadist_phase.choose" and d["card_index"] == 1

    # 6. J #57 Abu Sayyaf event: a cell in the Philippines and the Abu Sayyaf marker.
    apply_all(st, [{"card": 57}, {"use": "event"}])
    assert cells(st, "Philippines") == 2 and "Abu Sayyaf" in C["Philippines"]["markers"] and d["cells_track"] == 8
    # 7. J #28 Sharia (US event, 2 Ops) for a Plot in the Philippines: the turn's first Plot, so
    #    the event is ignored (8.5.3); rolls 1, 1 -> two "2" plots; Abu Sayyaf: Prestige 7 -> 5.
    apply_all(st, [{"card": 28}, {"use": "ops"}, {"event": "after"}, {"op": "plot"}, *to("Philippines") * 2,
                   *die(1, 1), {"plot": 2}, {"plot": 2}])
    assert C["Philippines"]["plots"] == [2, 2] and C["Philippines"]["actives"] == 2
    assert d["prestige"] == 5 and d["first_plot"] == [28]
    # 8. U #4 Moro Talks event: Funding 9 -> 8; Abu Sayyaf is blocked.
    apply_all(st, [{"card": 4}, {"use": "event"}])
    assert d["funding"] == 8 and "Abu Sayyaf" not in C["Philippines"]["markers"]

    # 9. U #39 for Regime Change in Afghanistan: 6 troops from the track; Governance roll 5 ->
    #    Fair; Prestige roll 6 (up), then 4 and 1: +1 -> 6.
    apply_all(st, [{"card": 39}, {"use": "ops"}, {"op": "regime_change"}, {"country": "Afghanistan"},
                   {"from": "track"}, {"troops": 6}, *die(5, 6, 4, 1)])
    afg = C["Afghanistan"]
    assert (afg["gov"], afg["align"], afg["rc"], afg["troops"], afg["actives"], afg["sleepers"]) == \
        ("fair", "ally", "green", 6, 4, 0)
    assert d["prestige"] == 6 and troops_level(d["troops_track"]) == "war"
    assert victory.count_governance(st, ("good", "fair")) == 4 and victory.islamist_resources(st) == 0

    # 10. Plot phase: both "2" plots in the Philippines (Fair, non-Muslim): Funding 8 + 2 -> 9
    #     (capped), Posture roll 2 -> Soft; then Funding stays 9, Posture roll 6 -> Hard.
    assert d["phase"] == "plots"
    apply_all(st, die(2, 6))
    assert d["funding"] == 9 and C["Philippines"]["posture"] == "hard" and C["Philippines"]["plots"] == []
    assert world_posture(d) == 3 and sorted(d["plots_available"]).count(2) == 2

    # 11. J #78 (3 Ops) Minor Jihad: Afghanistan 2 dice (6, 2): a cell lost, Fair -> Poor;
    #     Pakistan 1 die (1): Fair -> Poor, its cell Active.
    apply_all(st, [{"card": 78}, {"use": "ops"}, {"op": "jihad"}, *to("Afghanistan", "Afghanistan", "Pakistan"),
                   *die(6, 2, 1)])
    assert afg["gov"] == "poor" and cells(st, "Afghanistan") == 3
    assert C["Pakistan"]["gov"] == "poor" and C["Pakistan"]["actives"] == 1
    assert victory.count_governance(st, ("good", "fair")) == 2
    assert victory.count_governance(st, ("poor", "islamist_rule")) == 5
    assert d["cells_track"] == 9

    # 12. J #72 Opium event: 3 Sleeper cells in Afghanistan.
    apply_all(st, [{"card": 72}, {"use": "event"}])
    assert afg["sleepers"] == 3 and d["cells_track"] == 6
    # 13. U #92 Saddam (Jihadist event first: Funding stays 9), then Disrupt Afghanistan (Poor: a
    #     value-3 card; 6 troops): 2 Active cells removed; Prestige +1 -> 7.
    apply_all(st, [{"card": 92}, {"use": "ops"}, {"event": "first"}, {"op": "disrupt"}, {"country": "Afghanistan"},
                   {"cell": "active"}, {"cell": "active"}])
    assert (afg["actives"], afg["sleepers"], d["prestige"], d["funding"]) == (1, 3, 7, 9)
    # 14. U #104 Iran event: Pakistan's cell removed -> Cadre.
    apply_all(st, [{"card": 104}, {"use": "event"}, {"country": "Pakistan"}, {"country": "Pakistan"}])
    assert C["Pakistan"]["cadre"] and cells(st, "Pakistan") == 0 and d["cells_track"] == 9

    # 15. J #100 (1 Op) Travel Afghanistan's Active cell to Somalia: test 3 -> Poor Neutral; roll 2 <= 3.
    apply_all(st, [{"card": 100}, {"use": "ops"}, {"op": "travel"}, {"from": "Afghanistan"}, {"cell": "active"},
                   {"to": "Somalia"}, *die(3, 2)])
    assert (C["Somalia"]["gov"], C["Somalia"]["align"], C["Somalia"]["sleepers"]) == ("poor", "neutral", 1)
    assert C["Somalia"]["besieged"]  # the scenario's Besieged Regime stays on a Poor country
    # 16. J #22 (US event unplayable, 2 Ops): Recruit 2 in Somalia, rolls 2, 3 -> +2; he keeps
    #     Pakistan's Cadre and ends the phase.
    apply_all(st, [{"card": 22}, {"use": "ops"}, {"event": "after"}, {"op": "recruit"}, *to("Somalia") * 2,
                   *die(2, 3), "pass"])
    assert cells(st, "Somalia") == 3 and d["cells_track"] == 7

    # 17. U #106 Jaysh al-Mahdi event: 2 cells removed from Afghanistan.
    apply_all(st, [{"card": 106}, {"use": "event"}, {"country": "Afghanistan"}, {"cell": "sleeper"}, {"cell": "sleeper"}])
    assert cells(st, "Afghanistan") == 1 and d["cells_track"] == 9
    # 18. U #42 (3 Ops) WoI in Afghanistan, a Regime Change country with troops - cells = 5:
    #     roll 4 +1 (High Prestige) = 5 -> Fair.
    apply_all(st, [{"card": 42}, {"use": "ops"}, {"op": "war_of_ideas"}, {"country": "Afghanistan"}, *die(4)])
    assert afg["gov"] == "fair"

    # 19. J #85 (printed "#84", A25) Recruit: Afghanistan x1 (Regime Change: automatic), Somalia x2
    #     rolls 3, 3 -> +2.
    apply_all(st, [{"card": 85}, {"use": "ops"}, {"op": "recruit"}, *to("Afghanistan", "Somalia", "Somalia"),
                   *die(3, 3), "pass"])
    assert (cells(st, "Somalia"), cells(st, "Afghanistan"), d["cells_track"]) == (5, 2, 6)

    # 20. U discards #63 Gaza War, its final card (5.2.4): no event.
    assert {"discard": 63} in st.legal_actions() and "hold" in st.legal_actions()
    apply_all(st, [{"discard": 63}])
    assert 63 in d["discard"]

    # 21. End of turn (5.2.5-5.2.9): Funding 9 -> 8; no Islamist Rule, so no Prestige loss; World
    #     Hard 3 = US Hard -> Prestige 7 -> 8; Sharia leaves the 1st Plot box; Reserves 0; the
    #     deal (US 8 for War, Jihadist 9 for Ample); the green Regime Change marker turns tan.
    assert (d["funding"], d["prestige"]) == (8, 8)
    assert d["first_plot"] == [] and 28 in d["discard"]
    while st.current_player() == "chance":   # the deal: the first card of the pile each time
        apply_all(st, [min(st.legal_actions(), key=lambda a: a["card"])])
    assert (len(d["hands"]["US"]), len(d["hands"]["Jihadist"])) == (8, 9)
    assert afg["rc"] == "tan" and d["turn"] == 2
    assert st.decision()["question"] == "jihadist_phase.choose"
