"""Scenario set-up (3.2-3.3 and the rulebook's "GLI SCENARI"; seed_labyrinth.md section d).

Expected figures are restated from the rulebook's scenario pages and the dossier's derived checks
(d.1-d.6), independently of the YAML files, so a slip in either shows up. The rulebook (IT) says
the Mission Accomplished? re-roll is "ritirate per uno di essi" (mandatory) where ES says "puedes"
(optional): the model's default (``mission_accomplished_reroll: optional``) follows ES; both
readings are tested here.
"""
from __future__ import annotations

import pytest

from cdg_oracle.model.core.errors import DataError
from cdg_oracle.model.labyrinth import new_game, scenario_names
from cdg_oracle.model.labyrinth import victory
from cdg_oracle.model.labyrinth.scenarios import load_scenario
from cdg_oracle.model.labyrinth.tracks import gwot_penalty, hand_sizes, troops_level, world_posture
from tests.labyrinth.harness import feed

ALL = ["anaconda", "lets_roll", "mission_accomplished", "you_can_call_me_al"]


def deal_first(st):
    """Answer every question with the first legal option until the first Jihadist card play."""
    while not (st.d["phase"] == "jihadist_action" and st.current_player() == "Jihadist"):
        st.apply(st.legal_actions()[0])
    return st


def anaconda(places=("Iraq", "Libya", "Syria"), dice=(), rulings=None):
    st = new_game("anaconda", rulings=rulings)
    feed(st, [{"country": n} for n in places] + list(dice))
    return st


def mission_accomplished(dice=(1, 2, 3, 4, 5, 6, 1), reroll=None, rulings=None):
    st = new_game("mission_accomplished", rulings=rulings)
    feed(st, list(dice))
    if reroll is not None:
        feed(st, [reroll])
    return st


# -- every scenario -----------------------------------------------------------------------------
@pytest.mark.rule("3.2")
def test_the_four_scenarios_load_and_start_with_the_jihadist():
    assert scenario_names() == ALL
    for name in ALL:
        st = deal_first(new_game(name))
        d = st.d
        assert d["phase"] == "jihadist_action" and d["card_index"] == 1 and d["turn"] == 1
        assert d["reserves"] == {"US": 0, "Jihadist": 0}                  # 3.2, 6.3.3
        assert d["plots_available"] == [1, 1, 2, 2, 3, 3]                  # 4.7.8
        assert d["wmd_boxes"] == {"loose_nuke_heu_kazakh_strain": 3, "pakistan_arsenal": 3}
        assert d["wmd_available"] == 0
        assert d["countries"]["Israel"]["posture"] == "hard"               # 4.3.3
        assert st.winner() is None


@pytest.mark.rule("3.2")
@pytest.mark.parametrize("name, troops_track, level, cells_track, hands", [
    ("lets_roll", 11, "low_intensity", 11, {"US": 9, "Jihadist": 9}),
    ("you_can_call_me_al", 11, "low_intensity", 11, {"US": 9, "Jihadist": 9}),
    ("anaconda", 5, "war", 10, {"US": 8, "Jihadist": 8}),
    ("mission_accomplished", 0, "overstretch", 5, {"US": 7, "Jihadist": 8}),
])
def test_derived_troops_cells_and_hand_sizes(name, troops_track, level, cells_track, hands):
    """d.1-d.4 'Derived': troops and cells off the map go to their tracks (3.2); hands per the
    Troops and Funding boxes (5.2.8)."""
    st = deal_first(new_game(name))
    d = st.d
    assert d["troops_track"] == troops_track and troops_level(d["troops_track"]) == level
    assert d["cells_track"] == cells_track
    assert {s: len(h) for s, h in d["hands"].items()} == hands == hand_sizes(d)
    on_map = sum(c["troops"] for c in d["countries"].values())
    assert on_map + d["troops_track"] == 15
    assert sum(c["sleepers"] + c["actives"] for c in d["countries"].values()) + d["cells_track"] == 15
    assert all(c["actives"] == 0 for c in d["countries"].values())     # placed Sleeper (D37)


@pytest.mark.rule("3.2", "4.7.6")
@pytest.mark.parametrize("name, prestige, funding, good_res, ir_res, fair_good, poor_ir", [
    ("lets_roll", 7, 9, 0, 1, 3, 4),
    ("you_can_call_me_al", 7, 9, 0, 1, 3, 4),
    ("anaconda", 8, 6, 0, 0, 2, 6),
    ("mission_accomplished", 3, 5, 0, 0, 5, 4),
])
def test_victory_track_counters_match_the_printed_scenario(name, prestige, funding, good_res, ir_res, fair_good, poor_ir):
    """d.6: the victory-track figures recomputed from the countries equal the scenario's markers.
    (The Anaconda placements go to marked countries here so that no test changes a count.)"""
    st = anaconda() if name == "anaconda" else new_game(name)
    d = st.d
    assert (d["prestige"], d["funding"]) == (prestige, funding)
    assert victory.good_resources(st) == good_res
    assert victory.islamist_resources(st) == ir_res
    assert victory.count_governance(st, ("good", "fair")) == fair_good
    assert victory.count_governance(st, ("poor", "islamist_rule")) == poor_ir
    printed = load_scenario(name)["printed"]
    assert printed == {"troops": troops_level(d["troops_track"]), "funding": funding, "good_resources": good_res,
                       "islamist_resources": ir_res, "fair_or_good": fair_good, "poor_or_islamist": poor_ir}


@pytest.mark.rule("3.2", "5.3.2")
@pytest.mark.parametrize("name, removed", [
    ("lets_roll", []),
    ("you_can_call_me_al", [78]),
    ("anaconda", [43, 109]),
    ("mission_accomplished", [5, 37, 43, 57, 109, 116]),
])
def test_removed_cards(name, removed):
    """3.2: remove the cards the scenario names, shuffle the rest (d.2-d.5)."""
    d = new_game(name).d
    assert d["removed"] == removed
    assert set(d["deck"]).isdisjoint(removed)
    assert sorted(d["deck"] + d["removed"]) == list(range(1, 121))


@pytest.mark.rule("4.7.2", "4.7.2.1")
def test_lets_roll_and_al_postures():
    """d.1: World Hard 1 (Israel alone), US Hard. d.2: the same but US Soft: GWOT penalty 1."""
    lr, al = new_game("lets_roll").d, new_game("you_can_call_me_al").d
    assert world_posture(lr) == 1 and lr["us_posture"] == "hard" and gwot_penalty(lr) == 0
    assert world_posture(al) == 1 and al["us_posture"] == "soft" and gwot_penalty(al) == 1


@pytest.mark.rule("3.2", "card 43", "card 80", "card 5", "card 57")
def test_scenario_markers():
    """Anaconda: FATA, Patriot Act; Mission Accomplished?: FATA, Patriot Act, NEST, Abu Sayyaf and
    three global event markers (D36: the IT 'Conteggi' is Renditions); Regime Change tan."""
    a = anaconda()
    C = a.d["countries"]
    assert C["Pakistan"]["markers"] == ["FATA"] and C["United States"]["markers"] == ["Patriot Act"]
    assert a.patriot_act() and C["Afghanistan"]["rc"] == "tan" and C["Somalia"]["besieged"]
    assert C["Somalia"]["gov"] is None                                    # A34: BR on an unmarked country
    m = new_game("mission_accomplished")
    C = m.d["countries"]
    assert m.patriot_act() and sorted(C["United States"]["markers"]) == ["NEST", "Patriot Act"]
    assert C["Philippines"]["markers"] == ["Abu Sayyaf"] and C["Pakistan"]["markers"] == ["FATA"]
    assert m.d["events_in_effect"] == ["Enhanced Measures", "Renditions", "Wiretapping"]
    assert C["Iraq"]["rc"] == "tan" and C["Afghanistan"]["rc"] == "tan"
    assert not new_game("lets_roll").patriot_act()


# -- Anaconda --------------------------------------------------------------------------------------
@pytest.mark.rule("3.2")
def test_anaconda_three_distinct_non_us_placements():
    """'Ponete una cellula in ciascuno di tre paesi non USA' (A33): the Jihadist chooses; never
    the United States; three different countries under the default ruling."""
    st = new_game("anaconda")
    assert st.current_player() == "Jihadist" and st.decision()["rule"] == "3.2"
    first = st.legal_actions()
    assert {"country": "United States"} not in first and {"country": "Iraq"} in first
    assert len(first) == len(st.map.names) - 1
    feed(st, [{"country": "Iraq"}])
    assert {"country": "Iraq"} not in st.legal_actions()
    feed(st, [{"country": "Libya"}])
    assert {"country": "Libya"} not in st.legal_actions() and {"country": "Iraq"} not in st.legal_actions()
    feed(st, [{"country": "Syria"}])
    C = st.d["countries"]
    assert [C[n]["sleepers"] for n in ("Iraq", "Libya", "Syria")] == [1, 1, 1]
    assert st.d["cells_track"] == 10


@pytest.mark.rule("3.2")
def test_anaconda_any_non_us_ruling_allows_repeats():
    st = anaconda(places=("Iraq", "Iraq", "Iraq"), rulings={"anaconda_setup": "any_non_us"})
    assert st.d["countries"]["Iraq"]["sleepers"] == 3 and st.d["cells_track"] == 10


@pytest.mark.rule("3.2", "4.9.4")
def test_anaconda_tests_the_unmarked_countries_after_placing():
    """'... poi testate qualsiasi neutrale': France (non-Muslim, die 5 -> Hard) and Somalia (Muslim,
    die 3 -> Poor Neutral; its Besieged Regime stays, A34) are tested, in placement order, after
    all three cells are placed; Iraq (marked) is not. World Posture is then computed: Israel and
    France Hard = Hard 2."""
    st = new_game("anaconda")
    feed(st, [{"country": "France"}, {"country": "Iraq"}, {"country": "Somalia"}])
    assert st.current_player() == "chance" and "France" in st.decision()["prompt"]
    feed(st, [5])
    assert "Somalia" in st.decision()["prompt"]
    feed(st, [3])
    C = st.d["countries"]
    assert C["France"]["posture"] == "hard"
    assert (C["Somalia"]["gov"], C["Somalia"]["align"], C["Somalia"]["besieged"]) == ("poor", "neutral", True)
    assert world_posture(st.d) == 2
    assert st.current_player() == "chance" and "draw" in st.decision()["prompt"]   # the deal follows
    # 7 Poor/IR now that Somalia is Poor
    assert victory.count_governance(st, ("poor", "islamist_rule")) == 7


# -- Mission Accomplished? ----------------------------------------------------------------------
@pytest.mark.rule("3.2", "4.9.3", "4.7.2")
@pytest.mark.reading("P03")
def test_mission_accomplished_rolls_each_schengen_posture_then_optional_reroll():
    """'Tirate per la Postura di ogni paese di Schengen, poi ... ritirate per uno di essi': seven
    posture rolls (1-4 Soft, 5-6 Hard), then the Jihadist's re-roll, here under the ES reading
    ('puedes', optional). The default is mandatory: the Italian rulebook, the primary text, is
    imperative, and the rulebook wins over the dossier's recommendation (d.4)."""
    st = new_game("mission_accomplished", rulings={"mission_accomplished_reroll": "optional"})
    schengen = list(st.map.schengen)
    assert len(schengen) == 7
    dice = [1, 2, 3, 4, 5, 6, 5]
    for n, die in zip(schengen, dice):
        assert st.current_player() == "chance" and n in st.decision()["prompt"]
        feed(st, [die])
    C = st.d["countries"]
    assert [C[n]["posture"] for n in schengen] == ["soft"] * 4 + ["hard"] * 3
    # Israel H + UK H + Philippines S + 3 H + 4 S: 5 Hard, 5 Soft -> 0.
    assert world_posture(st.d) == 0
    assert st.current_player() == "Jihadist"
    assert st.legal_actions() == [{"reroll": n} for n in schengen] + [{"reroll": None}]
    feed(st, [{"reroll": None}])
    assert [C[n]["posture"] for n in schengen] == ["soft"] * 4 + ["hard"] * 3
    assert st.current_player() == "chance" and "draw" in st.decision()["prompt"]


@pytest.mark.rule("3.2", "4.7.2")
def test_mission_accomplished_reroll_changes_one_posture():
    st = mission_accomplished(dice=[1, 1, 1, 1, 1, 1, 1], reroll={"reroll": "France"})
    feed(st, [6])
    C = st.d["countries"]
    assert C["France"]["posture"] == "hard"
    assert sum(C[n]["posture"] == "soft" for n in st.map.schengen) == 6
    # Israel H + UK H + France H vs Philippines S + 6 S: Soft 4 capped at Soft 3 (4.7).
    assert world_posture(st.d) == -3
    assert gwot_penalty(st.d) == 3


@pytest.mark.rule("3.2")
@pytest.mark.reading("P03")
def test_mission_accomplished_mandatory_reroll_ruling():
    """IT 'ritirate per uno di essi' read as mandatory (the default): no way to decline."""
    st = mission_accomplished(rulings={"mission_accomplished_reroll": "mandatory"})
    assert st.rulings_dict()["mission_accomplished_reroll"] == "mandatory"
    assert new_game("mission_accomplished").rulings_dict()["mission_accomplished_reroll"] == "mandatory"
    assert st.legal_actions() == [{"reroll": n} for n in st.map.schengen]


# -- game length ------------------------------------------------------------------------------------
@pytest.mark.rule("3.3")
def test_game_lengths_set_the_deck_marker():
    assert [new_game("lets_roll", length=x).d["decks"] for x in ("standard", "tournament", "campaign")] == [1, 2, 3]
    with pytest.raises(DataError, match="length 'marathon'"):
        new_game("lets_roll", length="marathon")
    with pytest.raises(DataError, match="scenario 'nope': unknown"):
        new_game("nope")


# -- YAML validation -------------------------------------------------------------------------------
GOOD = """\
name: "Test"
year: 2001
source: "tests"
prestige: 7
us_posture: hard
funding: 9
countries:
  Iraq: {governance: poor, alignment: adversary, sleepers: 2}
  Saudi Arabia: {governance: poor, alignment: ally, troops: 2}
"""


def write(tmp_path, text, name="broken.yaml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


@pytest.mark.rule("3.2")
def test_a_scenario_file_given_by_path_plays(tmp_path):
    st = deal_first(new_game(str(write(tmp_path, GOOD, "mine.yaml"))))
    assert st.d["scenario"] == "mine" and st.d["cells_track"] == 13 and st.d["troops_track"] == 13


BROKEN = [
    ("unknown_top", GOOD + "colour: red\n", "unknown key 'colour'"),
    ("prestige", GOOD.replace("prestige: 7", "prestige: 13"), "prestige: must be a whole number 1-12"),
    ("funding", GOOD.replace("funding: 9", "funding: 0"), "funding: must be a whole number 1-9"),
    ("posture", GOOD.replace("us_posture: hard", "us_posture: medium"), "us_posture: must be hard or soft"),
    ("missing", GOOD.replace('source: "tests"\n', ""), "source: missing"),
    ("country", GOOD + "  Atlantis: {troops: 1}\n", "countries: Atlantis: not a country of the map"),
    ("gov_non_muslim", GOOD + "  France: {governance: good, alignment: ally}\n", "countries: France: only Muslim"),
    ("no_alignment", GOOD + "  Libya: {governance: poor}\n", "countries: Libya: a governed Muslim country needs an alignment"),
    ("negative", GOOD + "  Libya: {governance: poor, alignment: ally, troops: -1}\n", "countries: Libya: troops: must be a whole number"),
    ("rc_good", GOOD + "  Libya: {governance: good, alignment: ally, regime_change: tan}\n", "countries: Libya: only Poor or Fair"),
    ("too_many_troops", GOOD + "  Libya: {governance: poor, alignment: ally, troops: 14}\n", "countries: 16 troops on the map"),
    ("too_many_cells", GOOD + "  Libya: {governance: poor, alignment: ally, sleepers: 14}\n", "countries: 16 cells on the map"),
    ("besieged", GOOD + "  Somalia: {besieged: maybe}\n", "countries: Somalia: besieged: must be true or false"),
    ("marker", GOOD + "  United States: {markers: [Patriot Akt]}\n", "countries: United States: markers: 'Patriot Akt' is not"),
    ("event", GOOD + "events_in_effect: [Renditionz]\n", "events_in_effect: 'Renditionz' is not"),
    ("removed", GOOD + "removed_cards: [121]\n", "removed_cards: expected a list of card numbers"),
    ("setup_kind", GOOD + "setup:\n  - dance: {}\n", "setup[0]: expected one of"),
    ("setup_args", GOOD + "setup:\n  - jihadist_places_cells: {}\n", "setup[0]: jihadist_places_cells: expected the arguments ['count']"),
    ("setup_count", GOOD + "setup:\n  - jihadist_places_cells: {count: 0}\n", "setup[0]: jihadist_places_cells: count: must be a whole number 1-15"),
    ("printed", GOOD + "printed: {score: 3}\n", "printed: expected keys among"),
    ("yaml", GOOD + "  Libya: {governance: [poor\n", ": invalid YAML: "),
    ("not_mapping", "- 1\n- 2\n", "top level: expected a mapping"),
    ("empty", "", "top level: expected a mapping"),
    ("no_base", "base: nowhere\nus_posture: soft\n", "base: no scenario 'nowhere'"),
]


@pytest.mark.rule("3.2")
@pytest.mark.parametrize("case, text, message", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_scenario_files_raise_one_line_data_errors(tmp_path, case, text, message):
    """DESIGN.md: a one-line error naming the file, the entry and what is wrong."""
    p = write(tmp_path, text, f"{case}.yaml")
    with pytest.raises(DataError) as e:
        new_game(str(p))
    msg = str(e.value)
    assert "\n" not in msg
    assert msg.startswith(str(p.resolve())), msg
    assert message in msg, msg


@pytest.mark.rule("3.2")
def test_a_cycle_of_base_files_is_a_data_error_not_a_crash(tmp_path):
    """Bug found: a ``base:`` naming the file itself (or a cycle) recursed until RecursionError."""
    a = write(tmp_path, "base: b\nus_posture: soft\n", "a.yaml")
    write(tmp_path, "base: a\nus_posture: hard\n", "b.yaml")
    with pytest.raises(DataError, match="cycle of base: files"):
        new_game(str(a))
    selfref = write(tmp_path, "base: selfref\n", "selfref.yaml")
    with pytest.raises(DataError, match="cycle of base: files"):
        new_game(str(selfref))


@pytest.mark.rule("3.2")
def test_set_up_step_arguments_are_used(tmp_path):
    """A scenario's set-up steps take their figures from the file: two cells to place, and a
    Schengen roll without the Jihadist's re-roll (as in solo play)."""
    p = write(tmp_path, GOOD + "setup:\n  - jihadist_places_cells: {count: 2}\n"
              "  - roll_schengen_postures: {jihadist_rerolls: 0}\n", "steps.yaml")
    st = new_game(str(p))
    feed(st, [{"country": "Saudi Arabia"}, {"country": "Iraq"}] + [4] * 7)
    assert st.current_player() == "chance" and st.decision()["prompt"].startswith("draw")
    assert st.d["cells_track"] == 11 and st.d["countries"]["Saudi Arabia"]["sleepers"] == 1


@pytest.mark.rule("3.2")
def test_a_base_file_is_merged(tmp_path):
    write(tmp_path, GOOD, "base1.yaml")
    p = write(tmp_path, "base: base1\nus_posture: soft\nremoved_cards: [78]\n", "child.yaml")
    d = new_game(str(p)).d
    assert d["us_posture"] == "soft" and d["removed"] == [78] and d["prestige"] == 7
    assert d["countries"]["Iraq"]["sleepers"] == 2
